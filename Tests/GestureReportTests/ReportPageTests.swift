import Foundation
import GRDB
import Testing
@testable import GestureAnalysis
@testable import GestureReport

/// The demo's report as a reader and a parser see it: well-formed, the
/// plots holding exactly the numbers of the tables, one mark per touch.
@Suite struct ReportPageTests {
    @Test func theWholePageIsWellFormedXMLWithATitleAndTextForEveryPlot() throws {
        let page = PageXML(try DemoStore.get().html)
        #expect(page.error == nil, "\(String(describing: page.error))")
        let plots = page.elements("svg")
        #expect(plots.count >= 16)   // four comparisons, four or five plots each
        for plot in plots {
            let id = try #require(plot.attributes["id"])
            #expect(page.elements("title", in: id).first.map { !$0.text.isEmpty } == true, "\(id) has no title")
            #expect(page.elements("desc", in: id).first.map { $0.text.count > 40 } == true, "\(id) has no description")
        }
        #expect(page.elements("script").isEmpty && page.elements("link").isEmpty && page.elements("img").isEmpty)
    }

    @Test func theDemoReportNamesTheSeedPhenomena() throws {
        let html = try DemoStore.get().html
        for phrase in ["Edge deferral (the system gesture gate at the screen edges)", "removes the lag",
                       "The same button away from the edges (control)", "the gate only holds edge touches",
                       "Delivery channel (an instant pan's .began, by KVO and by target-action)",
                       "target-action delivers the same state change",
                       "Content touches (delaysContentTouches in a scroll view)", "delays_content_touches = true adds"] {
            #expect(html.contains(XMLText.escape(phrase)), "missing: \(phrase)")
        }
    }

    @Test func plottedPercentilesMapBackThroughTheScaleToTheTable() throws {
        let made = try DemoStore.get()
        let page = PageXML(made.html)
        // Latency comparisons come first, in the order of the findings that have one.
        for (index, comparison) in made.report.findings.compactMap(\.comparison).enumerated() {
            let plot = "c\(index + 1)-percentiles"
            let ticks = page.ticks(plot: plot, axis: "y")
            let first = try #require(ticks.first), last = try #require(ticks.last)
            let scale = LinearScale(domain: first.value...last.value, range: (first.coordinate, last.coordinate))
            let markers = page.elements("circle", in: plot, class: "marker")
            #expect(markers.count == 8)
            for marker in markers {
                let percent = try #require(Double(marker.attributes["data-percent"] ?? ""))
                let summary = marker.attributes["data-group"] == "A" ? comparison.a : comparison.b
                let position = try #require(Comparison.percents.firstIndex(of: percent))
                let tableValue = try #require(summary.percentiles[position])
                #expect(Double(marker.attributes["data-value"] ?? "") == tableValue)
                let plotted = scale.invert(try #require(Double(marker.attributes["cy"] ?? "")))
                // Coordinates are written to 0.01 px: half of that, in milliseconds.
                let tolerance = 0.005 * (last.value - first.value) / abs(last.coordinate - first.coordinate) + 1e-9
                #expect(abs(plotted - tableValue) <= tolerance, "\(plot) p\(percent): \(plotted) vs \(tableValue)")
                let cell = "<td>\(ComparisonReport.milliseconds(tableValue))</td>"
                #expect(made.html.contains("<th>p\(Int(percent))</th>" + (marker.attributes["data-group"] == "A" ? cell : "")))
            }
        }
    }

    @Test func percentileTicksSitWhereTheLogAxisPutsThem() throws {
        let page = PageXML(try DemoStore.get().html)
        let ticks = page.ticks(plot: "c1-percentiles", axis: "x")
        #expect(ticks.map(\.value) == PercentileAxis.ticks.map { PercentileAxis.position(percent: $0) })
        // The plot runs from x = 64 to 504: p at 64 + log10(1/(1 − p))/3 · 440.
        #expect(ticks.map(\.coordinate) == [64, 108.15, 210.67, 357.33, 504])
    }

    @Test func theScreenMapHasOneMarkPerTouchOfEveryRegion() throws {
        let made = try DemoStore.get()
        let page = PageXML(made.html)
        let counts = try made.database.connection.read { db in
            try ["none", "bottom+right"].map { value in
                try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM responses JOIN session_config USING (session_id)
                    WHERE experiment = 'edge-deferral' AND event = 'touchDown' AND key = 'deferred_edges' AND value = ?
                    """, arguments: [value]) ?? 0
            }
        }
        for (group, count) in zip(["A", "B"], counts) {
            let dots = page.elements("circle", in: "c1-screen", class: "touch").filter { $0.group == group }
            #expect(dots.count == count)
            #expect(page.elements("g", in: "c1-screen", class: "screen").first { $0.group == group }?
                .attributes["data-touches"] == String(count))
        }
        // The gate at a glance: without deferral the slow dots are the edge ones.
        let slow = page.elements("circle", in: "c1-screen", class: "touch")
            .filter { $0.group == "A" && $0.attributes["fill"] == ColorRamp.viridis.hex(at: 1) }
        #expect(!slow.isEmpty)
    }

    @Test func theSameStoreAndSeedGiveTheSameBytes() throws {
        let made = try DemoStore.get()
        let render = {
            try made.database.connection.read { db in try HTMLReport.render(db, plans: nil, options: .init(seed: 9)) }
        }
        let first = try render()
        #expect(try render() == first)
    }

    @Test func withoutASelectionTheStoreSuggestsTheSeedComparisons() throws {
        let made = try DemoStore.get()
        let html = try made.database.connection.read { db in try HTMLReport.render(db, plans: nil, options: .init()) }
        let headings = PageXML(html).elements("h2").map { PageXML.read($0.text) }
        #expect(headings.contains("content-touches: delays_content_touches"))
        #expect(headings.contains("delivery-channel, ipad: pan began by channel"))
        #expect(headings.contains("delivery-channel, iphone: pan began by channel"))
        #expect(headings.contains("edge-deferral: deferred_edges, edge touches"))
        #expect(headings.contains("edge-deferral: deferred_edges, centre touches (control)"))
        #expect(PageXML(html).elements("svg").contains { $0.attributes["id"] == "c2-paired" })
    }

    /// The methods say what the tables computed, in `compare`'s words: with
    /// the session as the unit, the sessions-only bootstrap's t interval and Welch's t on
    /// session mean log latency, not the plain bootstrap of touches.
    @Test(arguments: [AnalysisUnit.session, .touch])
    func theMethodsNameTheTestsAndIntervalsOfTheUnitInUse(unit: AnalysisUnit) throws {
        let made = try DemoStore.get()
        let options = HTMLReport.Options(seed: 7, unit: unit)
        let html = try made.database.connection.read { db in try HTMLReport.render(db, plans: nil, options: options) }
        let methods = try #require(PageXML(html).elements("section").first { $0.attributes["id"] == "methods" }?.text)
        let line = ComparisonReport.methodLine(Comparison.Options(alpha: options.alpha, seed: 7, unit: unit))
        #expect(methods.contains(line))
        switch unit {
        case .session:
            #expect(methods.contains("sessions-bootstrap-log-se-t (t on the standard error of a bootstrap of whole sessions"))
            #expect(methods.contains("Welch's t compares the groups' session mean log latencies"))
            #expect(methods.contains("Mann–Whitney on the session medians decides instead: exact when a group has at most 8 sessions"))
            #expect(methods.contains("Wilcoxon signed-rank test on each session's median difference"))
            #expect(methods.contains("Mann–Whitney test over touches pooled as if independent is shown for reference only"))
            #expect(!methods.contains("percentile bootstrap"))
        case .touch:
            #expect(methods.contains("percentile bootstrap"))
            #expect(methods.contains("The test is Mann–Whitney U over every touch"))
            #expect(!methods.contains("two-stage"))
        }
    }
}
