import GestureAnalysis
import GestureTrace

/// One comparison's section: heading, the finding in words, what was
/// selected, the percentile table with B − A and its interval, the test and
/// verdict, the plots, and the warnings.
struct ReportSectionMarkup {
    var section: ReportSection
    var id: String

    func html() -> String {
        let comparison = section.comparison
        var html = "<section class=\"comparison\" id=\"\(id)\">\n<h2>\(XMLText.escape(section.title))</h2>\n"
        html += "<p class=\"headline\">\(XMLText.escape(section.headline))</p>\n"
        html += "<p class=\"selection\">\(XMLText.escape(selectionText()))</p>\n"
        html += table() + "<p>\(XMLText.escape(ComparisonReport.verdictLine(comparison)))</p>\n"
        if comparison.options.unit == .session {
            html += "<p>\(XMLText.escape(ComparisonReport.pooledLine(comparison)))</p>\n"
            if let line = ComparisonReport.clusteringLine(comparison) { html += "<p>\(XMLText.escape(line))</p>\n" }
        }
        if let paired = comparison.paired {
            html += "<p>\(XMLText.escape(ComparisonReport.pairedLine(paired, labels: (comparison.a.label, comparison.b.label))))</p>\n"
            if comparison.options.unit == .session, let line = ComparisonReport.pairedSessionLine(paired) {
                html += "<p>\(XMLText.escape(line))</p>\n"
            }
        }
        if !section.warnings.isEmpty {
            html += "<ul class=\"warnings\">" + section.warnings.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        var figures = [PercentilePlot.figure(section, id: "\(id)-percentiles"), CDFPlot.figure(section, id: "\(id)-cdf")]
        figures.append(SessionStrip.figure(section, id: "\(id)-sessions"))
        if let paired = comparison.paired, !paired.differences.isEmpty {
            figures.append(PairedDifferencePlot.figure(section, paired: paired, id: "\(id)-paired"))
        }
        let map = ScreenMap.figure(section, id: "\(id)-screen")
        if let map { figures.append(map) }
        if let order = OrderPlot.figure(section, id: "\(id)-order") { figures.append(order) }
        html += "<div class=\"plots\">\n" + figures.map(\.html).joined() + "</div>\n"
        if map == nil, let note = ScreenMap.missingNote(section.mapTouchesA + section.mapTouchesB) {
            html += "<p class=\"small map-missing\">\(XMLText.escape(note))</p>\n"
        }
        return html + "</section>\n"
    }

    private func selectionText() -> String {
        let selection = section.selection
        var text = "\(selection.metric.rawValue) latency split by \(XMLText.isolate(selection.by)): "
            + "A = \(section.comparison.a.label), B = \(section.comparison.b.label)"
        let filters = PlannedComparison.filters(selection)
        if !filters.isEmpty { text += "; only \(filters.joined(separator: ", "))" }
        return text + "."
    }

    private func table() -> String {
        let comparison = section.comparison
        var html = "<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr><th></th>"
            + "<th>A: \(XMLText.escape(comparison.a.label))</th><th>B: \(XMLText.escape(comparison.b.label))</th>"
            + "<th>B − A</th><th>95 % interval</th><th>change</th></tr></thead>\n<tbody>\n"
        html += "<tr><th>n</th><td>\(comparison.a.n.grouped)</td><td>\(comparison.b.n.grouped)</td><td></td><td></td><td></td></tr>\n"
        html += "<tr><th>sessions</th><td>\(comparison.a.sessions)</td><td>\(comparison.b.sessions)</td><td></td><td></td><td></td></tr>\n"
        for (index, delta) in comparison.deltas.enumerated() {
            let interval: String
            var significant = false
            switch delta.interval {
            case .success(let bounds):
                interval = "[\(ComparisonReport.signedMilliseconds(bounds.low)), \(ComparisonReport.signedMilliseconds(bounds.high))]"
                significant = bounds.low > 0 || bounds.high < 0
            case .failure(let reason):
                interval = reason.reason.contains("sessions") ? "needs \(reason.needed) sessions" : "needs \(reason.needed) values"
            }
            let change = comparison.relativeChange(atPercent: delta.percent).map { String(format: "%+.1f %%", $0) } ?? ""
            html += "<tr data-percent=\"\(Int(delta.percent))\"><th>p\(Int(delta.percent))</th>"
                + "<td>\(ComparisonReport.milliseconds(comparison.a.percentiles[index]))</td>"
                + "<td>\(ComparisonReport.milliseconds(comparison.b.percentiles[index]))</td>"
                + "<td>\(delta.estimate.map(ComparisonReport.signedMilliseconds) ?? "")</td>"
                + "<td class=\"\(significant ? "sig" : "sig-no")\">\(XMLText.escape(interval))\(significant ? "" : " ~")</td>"
                + "<td>\(change)</td></tr>\n"
        }
        html += "<tr><th>max</th><td>\(ComparisonReport.milliseconds(comparison.a.max))</td>"
            + "<td>\(ComparisonReport.milliseconds(comparison.b.max))</td><td></td><td></td><td></td></tr>\n"
        let verdict = switch comparison.verdict {
        case .faster: "B faster"
        case .slower: "B slower"
        case .noDifference: "~ no significant difference"
        }
        let unit = comparison.options.unit == .session ? "by session" : "unit: touch, every value independent"
        html += "<tr><th>verdict</th><td class=\"verdict text\" colspan=\"5\">\(verdict) (\(unit))</td></tr>\n"
        return html + "</tbody></table></div>\n"
    }
}
