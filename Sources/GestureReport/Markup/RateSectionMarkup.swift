import GestureAnalysis
import GestureTrace

/// One outcome comparison's section: heading, the finding in words, what
/// was selected, the rates table (k/n, rate and Wilson interval per group;
/// B − A with its interval, Newcombe's beside it; the tests and the
/// verdict), the warnings, and for `reached` the map of touch-downs, for
/// `false-start` the trade-off of start latency against false starts.
struct RateSectionMarkup {
    var section: RateSection
    var id: String

    func html() -> String {
        let comparison = section.comparison
        var html = "<section class=\"comparison rates\" id=\"\(id)\" data-metric=\"\(comparison.metric.rawValue)\">\n"
            + "<h2>\(XMLText.escape(section.title))</h2>\n"
        html += "<p class=\"headline\">\(XMLText.escape(section.headline))</p>\n"
        html += "<p class=\"selection\">\(XMLText.escape(selectionText()))</p>\n"
        html += table() + "<p>\(XMLText.escape(ProportionReport.verdictLine(comparison)))</p>\n"
        if comparison.options.unit == .session {
            html += "<p>\(XMLText.escape(ProportionReport.pooledLine(comparison)))</p>\n"
        }
        if !section.tradeOff.isEmpty { html += tradeOffTable() }
        if !section.warnings.isEmpty {
            html += "<ul class=\"warnings\">" + section.warnings.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        if let map = OutcomeMap.figure(section, id: "\(id)-outcomes") {
            html += "<div class=\"plots\">\n" + map.html + "</div>\n"
        }
        return html + "</section>\n"
    }

    private func selectionText() -> String {
        let comparison = section.comparison
        var text = comparison.metric == .reached
            ? "Touch-downs that reached the target nearest them (the hit-test chose it), of touch-downs with a target on screen"
            : "False starts (a start cancelled before any end), of (touch, target) pairs with a start"
        text += ", split by \(XMLText.isolate(section.selection.by)): A = \(comparison.a.label), B = \(comparison.b.label)"
        let filters = PlannedComparison.filters(section.selection)
        if !filters.isEmpty { text += "; only \(filters.joined(separator: ", "))" }
        return text + "."
    }

    /// `91.7 % [85.4 %, 95.4 %]`
    private func rateCell(_ group: ProportionComparison.GroupRate) -> String {
        guard case .success(let wilson) = group.wilson else { return "no rate (n = 0)" }
        return "\(RateText.percent(wilson.rate)) [\(RateText.percent(wilson.lower)), \(RateText.percent(wilson.upper))]"
    }

    private func table() -> String {
        let comparison = section.comparison
        let metric = comparison.metric
        var html = "<div class=\"scroll\"><table class=\"numbers rates\">\n<thead><tr><th></th>"
            + "<th>A: \(XMLText.escape(comparison.a.label))</th><th>B: \(XMLText.escape(comparison.b.label))</th>"
            + "<th>B − A</th><th>95 % interval</th></tr></thead>\n<tbody>\n"
        html += "<tr><th>\(metric.trialNoun) (n)</th><td>\(comparison.a.trials.grouped)</td>"
            + "<td>\(comparison.b.trials.grouped)</td><td></td><td></td></tr>\n"
        html += "<tr><th>sessions</th><td>\(comparison.a.sessions)</td><td>\(comparison.b.sessions)</td><td></td><td></td></tr>\n"
        html += "<tr><th>\(metric.countedNoun) (k)</th><td>\(comparison.a.successes.grouped)</td>"
            + "<td>\(comparison.b.successes.grouped)</td><td></td><td></td></tr>\n"
        var deltaText = "", intervalText = "", significant = false
        switch comparison.delta {
        case .success(let delta):
            deltaText = RateText.points(delta.estimate)
            intervalText = "[\(RateText.points(delta.low)), \(RateText.points(delta.high))]"
            significant = delta.low > 0 || delta.high < 0
        case .failure(let reason):
            deltaText = comparison.difference.map(RateText.points) ?? ""
            intervalText = reason.reason.contains("session") ? "needs \(reason.needed) sessions" : "needs more data"
        }
        let unitName = comparison.options.unit == .session ? "two-stage bootstrap by session" : "Newcombe"
        html += "<tr class=\"rate\"><th>rate, Wilson 95 %</th><td>\(XMLText.escape(rateCell(comparison.a)))</td>"
            + "<td>\(XMLText.escape(rateCell(comparison.b)))</td><td>\(XMLText.escape(deltaText))</td>"
            + "<td class=\"\(significant ? "sig" : "sig-no")\">\(XMLText.escape(intervalText))\(significant ? "" : " ~") "
            + "(\(unitName))</td></tr>\n"
        if comparison.options.unit == .session, case .success(let newcombe) = comparison.newcombe {
            html += "<tr class=\"newcombe\"><th>B − A pooled</th><td></td><td></td>"
                + "<td>\(XMLText.escape(RateText.points(newcombe.difference)))</td>"
                + "<td>[\(XMLText.escape(RateText.points(newcombe.lower))), \(XMLText.escape(RateText.points(newcombe.upper)))] "
                + "(Newcombe, touches pooled)</td></tr>\n"
        }
        let verdict = switch comparison.verdict {
        case .better: "B better"
        case .worse: "B worse"
        case .noDifference: "~ no significant difference"
        }
        let unit = comparison.options.unit == .session ? "by session" : "unit: touch, every touch independent"
        html += "<tr><th>verdict</th><td class=\"verdict text\" colspan=\"4\">\(verdict) (\(unit))</td></tr>\n"
        return html + "</tbody></table></div>\n"
    }

    /// What the delay buys against what it costs: each group's start
    /// latency beside its false-start rate.
    private func tradeOffTable() -> String {
        var html = "<h3>Trade-off: start latency against false starts</h3>\n"
            + "<div class=\"scroll\"><table class=\"numbers trade-off\">\n<thead><tr><th></th><th>starts</th>"
            + "<th>start latency p50</th><th>start latency p95</th><th>false starts</th><th>false-start rate</th>"
            + "</tr></thead>\n<tbody>\n"
        let groups = [section.comparison.a, section.comparison.b]
        for (row, group) in zip(section.tradeOff, groups) {
            html += "<tr data-group=\"\(row.group.uppercased())\"><th>\(row.group.uppercased()): \(XMLText.escape(XMLText.isolate(row.label)))</th>"
                + "<td>\(row.starts.grouped)</td><td>\(ReportFormat.milliseconds(row.p50))</td>"
                + "<td>\(ReportFormat.milliseconds(row.p95))</td><td>\(row.falseStarts.grouped)</td>"
                + "<td>\(XMLText.escape(rateCell(group)))</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if section.tradeOff.count == 2, let a = section.tradeOff[0].p50, let b = section.tradeOff[1].p50,
           let rateA = section.comparison.a.rate, let rateB = section.comparison.b.rate {
            html += "<p class=\"trade-off-line\">B − A: start latency p50 \(XMLText.escape(ComparisonReport.signedMilliseconds(b - a))), "
                + "false-start rate \(XMLText.escape(RateText.points(rateB - rateA))). A start's latency is its time "
                + "after touch-down (the starts relation's start_ms).</p>\n"
        }
        return html
    }
}
