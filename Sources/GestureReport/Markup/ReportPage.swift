import GestureAnalysis
import GestureTrace

/// The page: header, contents, one section per comparison, what it drew
/// on, and how the numbers were computed. XHTML, so the whole file parses
/// as XML; no scripts; nothing fetched.
struct ReportPage {
    var title: String
    var options: HTMLReport.Options
    var sections: [ReportSection]
    /// Outcome comparisons, after the latency ones (their ids continue the numbering).
    var rateSections: [RateSection] = []
    var inventory: ReportInventory
    /// Said at the top when there is nothing to compare, or comparisons were left out.
    var notices: [String]

    /// The page, with each section's markup as ``sectionMarkup(sections:rateSections:)`` draws it.
    func html(sectionMarkup: [String]) -> String {
        var page = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta name="generator" content="gesturelab \(XMLText.escape(options.version))"/>
            <title>\(XMLText.escape(title))</title>
            <style>
            \(ReportStyle.css)
            </style>
            </head>
            <body>
            <main>

            """
        page += header() + contents() + findings()
        page += sectionMarkup.joined()
        page += InventoryMarkup(inventory: inventory).html() + methods()
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    /// Every section's markup in page order, the rate sections' ids
    /// continuing the latency sections' numbering; drawn side by side, since
    /// at millions of touches each section's plots and maps take a good part
    /// of a second, and a section's markup depends on nothing but the section.
    static func sectionMarkup(sections: [ReportSection], rateSections: [RateSection]) -> [String] {
        BootstrapInterval.concurrently(sections.count + rateSections.count) { index in
            index < sections.count
                ? ReportSectionMarkup(section: sections[index], id: "c\(index + 1)").html()
                : RateSectionMarkup(section: rateSections[index - sections.count], id: "c\(index + 1)").html()
        }
    }

    /// Every section's title, in page order.
    private var titles: [String] { sections.map(\.title) + rateSections.map(\.title) }

    private func header() -> String {
        var html = "<header>\n<h1>\(XMLText.escape(XMLText.isolate(title)))</h1>\n"
        html += "<p class=\"meta\">gesturelab \(XMLText.escape(options.version)) · bootstrap seed \(options.seed) · "
            + "alpha \(XMLText.number(options.alpha)) · \(XMLText.escape(inventory.summary))</p>\n"
        if !notices.isEmpty {
            html += "<ul class=\"warnings\">" + notices.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        return html + "</header>\n"
    }

    private func contents() -> String {
        var html = "<nav>\n<h2 id=\"contents\">Contents</h2>\n<ol>\n<li><a href=\"#findings\">Findings</a></li>\n"
        for (index, title) in titles.enumerated() {
            html += "<li><a href=\"#c\(index + 1)\">\(XMLText.escape(title))</a></li>\n"
        }
        html += "<li><a href=\"#data\">What this report drew on</a></li>\n<li><a href=\"#methods\">Methods</a></li>\n"
        return html + "</ol>\n</nav>\n"
    }

    private func findings() -> String {
        var html = "<section id=\"findings\">\n<h2>Findings</h2>\n"
        if titles.isEmpty {
            return html + "<p>No comparisons to show.</p>\n</section>\n"
        }
        html += "<ul>\n"
        let headlines = sections.map(\.headline) + rateSections.map(\.headline)
        for (index, (title, headline)) in zip(titles, headlines).enumerated() {
            html += "<li><a href=\"#c\(index + 1)\">\(XMLText.escape(title))</a>: \(XMLText.escape(headline))</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    private func methods() -> String {
        """
            <section id="methods">
            <h2>Methods</h2>
            <p>Response latency is the time from a touch's touch-down to the first delivery the app's code heard of \
            it, per target, event and channel; recognition latency runs to a recognizer's first began or recognized \
            state, dispatch latency from a recognizer's state change to its delivery. Times come from the device's \
            monotonic clock; latencies are in milliseconds.</p>
            \(sections.isEmpty ? "" : latencyMethods())<p>The percentile plots draw each group's latency at up to 1,000 \
            percentiles spaced evenly on a log(1/(1 − p)) axis; the cumulative plots up to 1,000 steps. Screen maps \
            draw every touch-down, or cells of the median latency beyond \(ScreenMap.binningThreshold.grouped) touches \
            a group. A touch's region is the screen edges whose 20-point margin its touch-down lies in.</p>
            \(rateSections.isEmpty ? "" : ratesMethods())</section>

            """
    }

    /// How the latency comparisons' intervals and tests were computed: in
    /// `compare`'s own words for the unit in use (its footer line), then what
    /// decides the verdict, so the page cannot describe a test it did not run.
    private func latencyMethods() -> String {
        let comparisonOptions = options.comparisonOptions
        let paired = sections.contains { $0.comparison.paired != nil }
        let alpha = XMLText.number(options.alpha)
        var text = "<p>Percentiles are exact, by linear interpolation between closest ranks (numpy's default), and each "
            + "is shown with its n. B − A at each percentile: "
            + XMLText.escape(ComparisonReport.methodLine(comparisonOptions)) + " "
        switch options.unit {
        case .session:
            text += "Welch's t compares the groups' session mean log latencies (each session one value, the log "
                + "making a latency's multiplicative spread additive), two-sided, Welch–Satterthwaite degrees of "
                + "freedom. When a latency is 0 ms, which has no log, Mann–Whitney on the session medians decides "
                + "instead: exact when a group has at most 8 sessions and no two medians tie, else the normal "
                + "approximation with tie and continuity correction (scipy's method=\"auto\"). "
            if paired {
                text += "Where both channels heard the same touches, the verdict follows the Wilcoxon signed-rank test "
                    + "on each session's median difference (exact up to 50 sessions without ties or zeros, a "
                    + "permutation test up to 13 with them, else the normal approximation); the per-touch Wilcoxon "
                    + "line is shown beside it. "
            }
            text += "B is called faster or slower when that test's p is below alpha (\(alpha)), else ~; a group of one "
                + "session gets no verdict. The Mann–Whitney test over touches pooled as if independent is shown "
                + "for reference only, with the ICC that says how much the sessions differ.</p>\n"
        case .touch:
            text += "The test is Mann–Whitney U over every touch, two-sided, normal approximation with tie and "
                + "continuity correction; B is called faster or slower when p is below alpha (\(alpha)), else ~. "
            if paired {
                text += "Where both channels heard the same touches, the per-touch differences are also tested with the "
                    + "Wilcoxon signed-rank test. "
            }
            text += "</p>\n"
        }
        return text
    }

    /// How the outcome rates were counted and compared; only when the page shows some.
    private func ratesMethods() -> String {
        let comparisonOptions = options.comparisonOptions
        return """
            <p>Touch outcomes: each touch-down is measured against the declared target whose visible frame is nearest \
            it (frames as of the latest target record at or before the touch-down); it reached that target when the \
            hit-test chose it (the began record's hit), or, where no hit was recorded, when it landed in its hit \
            area. A false start is a (touch, target) pair whose start (touchesBegan, touchDown or a recognizer's \
            began) was cancelled before any end; the false-start rate counts them among pairs with a start, and a \
            start's latency is its time after touch-down. \(XMLText.escape(ProportionReport.methodLine(comparisonOptions))) \
            Each rate's Wilson interval is shown with it; Newcombe's hybrid score interval of B − A over pooled \
            touches is shown beside the session-level one, for reference.</p>

            """
    }
}
