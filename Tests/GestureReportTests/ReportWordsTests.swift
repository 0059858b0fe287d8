import Foundation
import GRDB
import GestureStore
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureReport

/// The page's words and axes say what its numbers are: the header counts
/// what the inventory counts, each finding names its own comparison and
/// numbers, and an axis of positive latencies does not reach below 0.
@Suite struct ReportWordsTests {
    private func render(_ database: GestureDatabase, _ selection: ComparisonSelection) throws -> String {
        try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: selection)], options: .init())
        }
    }

    /// The header's text (`p.meta`), without the isolates around names.
    private func meta(_ html: String) -> String {
        PageXML.read(PageXML(html).elements("p", class: "meta").first?.text ?? "")
    }

    /// Capture one holds experiment x's four sessions (two of each mode)
    /// and two of experiment y; capture two holds two more of y. Comparing
    /// x draws on 4 of the 8 sessions, all in capture one, which holds 6.
    /// The header said "4 sessions from 1 capture" over a captures table
    /// counting 6: it now says both, and the table says which 4 of the 6.
    @Test func theHeaderCountsTheSessionsDrawnOnAndWhatTheStoreHolds() throws {
        let folder = try TestScratch.newFolder("gesturelab-report-drawn-on")
        let x = CaptureLines.modeSessions([("off", 0.004), ("off", 0.005), ("on", 0.006), ("on", 0.007)])
        let y = CaptureLines.modeSessions([("off", 0.004), ("on", 0.006)], experiment: "y", first: 4)
        let database = try CaptureLines.store([CaptureLines.header] + x + y, named: "one", in: folder)
        try CaptureLines.importCapture([CaptureLines.header] + CaptureLines.modeSessions(
            [("off", 0.004), ("on", 0.006)], experiment: "y", first: 6), named: "two", into: database, in: folder)
        let html = try render(database, ComparisonSelection(by: "mode", experiment: "x"))
        let page = PageXML(html)
        #expect(page.error == nil)
        #expect(meta(html).hasSuffix(" · 4 sessions from 1 capture drawn on (the store holds 8 sessions in 2 captures)"),
                "\(meta(html))")
        #expect(PageXML.read(page.elements("p", class: "drawn-on").first?.text ?? "")
            == "The comparisons drew on 4 of the 8 sessions in the store (2 captures); the captures below are "
            + "those they came from, and the devices, configurations and sessions count only the 4 drawn on.")
        // Capture one's row: its 6 sessions, 4 of them drawn on; capture two is not listed.
        #expect(html.contains("<th>sessions</th><th>drawn on</th>"))
        #expect(html.contains("</code></td><td>6</td><td>4</td></tr>"))
        #expect(!html.contains("two.jsonl"))
        // The sessions table lists the 4 the header counts.
        let sessionCells = Set(page.elements("td").map { PageXML.read($0.text) }.filter { $0.hasPrefix("s") && $0.count == 2 })
        #expect(sessionCells == ["s0", "s1", "s2", "s3"])

        // Every session drawn on: one count, and no column for the part.
        let whole = try CaptureLines.store([CaptureLines.header] + x, named: "whole", in: folder)
        let wholeHTML = try render(whole, ComparisonSelection(by: "mode"))
        #expect(meta(wholeHTML).hasSuffix(" · 4 sessions from 1 capture"), "\(meta(wholeHTML))")
        #expect(!wholeHTML.contains("drawn on"))
        #expect(wholeHTML.contains("</code></td><td>4</td></tr>"))
    }

    /// The session strip's axis, for sessions whose every touch took the
    /// given latency (so each session's median is it): A's sessions are
    /// "off", B's "on". The first tick, worked out by hand from the strip's
    /// rule (5 % of the span padded on each side, ticks of 1, 2 or 5 times
    /// a power of ten about 5 to the axis), is at or below the lowest
    /// median and, when none is negative, not below 0: medians of 4 ms to
    /// 1,010 ms had the axis start at −500 ms, of 2 ms to 152 ms at −50 ms.
    /// The percentile, cumulative and touch-order plots' latency axes are
    /// checked alike (they start at 0 already).
    @Test(arguments: [
        ([0.004, 0.005, 1.0, 1.01], 0.0) as ([Double], Double),  // padded from −46.3: 0, in steps of 500
        ([0.002, 0.003, 0.150, 0.152], 0.0),                       // padded from −5.5: 0, in steps of 50
        ([0.150, 0.151, 0.152, 0.153], 149.0),                     // 149.62 to 153.38 in steps of 1: need not reach 0
        ([-0.010, -0.010, 0.004, 0.004], -15.0),                   // −10.7 to 4.7 in steps of 5: the negative is reached
    ])
    func theSessionMedianAxisStartsAtZeroForPositiveLatencies(latencies: [Double], firstTick: Double) throws {
        let folder = try TestScratch.newFolder("gesturelab-report-strip")
        let sessions = zip(["off", "off", "on", "on"], latencies).map { (mode: $0, latency: $1) }
        let database = try CaptureLines.store([CaptureLines.header] + CaptureLines.modeSessions(sessions),
                                              named: "strip", in: folder)
        let page = PageXML(try render(database, ComparisonSelection(by: "mode")))
        let ticks = page.ticks(plot: "c1-sessions", axis: "x").map(\.value)
        #expect(ticks.first == firstTick, "\(ticks)")
        let dots = page.elements("circle", in: "c1-sessions", class: "session")
        let medians = dots.compactMap { Double($0.attributes["data-value"] ?? "") }
        #expect(medians.count == 4)
        #expect(ticks.last! >= medians.max()! && ticks.first! <= medians.min()!)
        // The other latency axes start at 0 for these latencies too, or at the negative one.
        let lowest = min(0, latencies.min()! * 1_000)
        for (plot, axis) in [("c1-percentiles", "y"), ("c1-cdf", "x"), ("c1-order", "y")] {
            let first = try #require(page.ticks(plot: plot, axis: axis).first?.value)
            #expect(lowest == 0 ? first == 0 : first <= lowest, "\(plot): \(first)")
        }
        // A dot at the axis's start stays clear of the groups' names.
        for dot in dots {
            let cx = try #require(Double(dot.attributes["cx"] ?? "")), r = try #require(Double(dot.attributes["r"] ?? ""))
            #expect(cx - r >= SessionStrip.labelsEnd, "\(cx) \(r)")
        }
    }

    /// The demo's touch-delay finding has two sections, its start latency
    /// and its false starts; both findings read the same sentence, about
    /// both. Each now says its own part: the start-latency one touchesBegan's
    /// medians, the false-start one the counts, each only its own.
    @Test func theTwoTouchDelayFindingsEachSayTheirOwnPart() throws {
        let made = try DemoStore.get()
        let html = made.html
        let start = try #require(html.range(of: "<section id=\"findings\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        let items = PageXML(String(html[start.lowerBound..<end.upperBound])).elements("li")
        let findings = items.map { PageXML.read($0.text) }
        // Each item is the section's title (its link), then its sentence: no two sentences alike.
        let titles = PageXML(String(html[start.lowerBound..<end.upperBound])).elements("a").map { PageXML.read($0.text) }
        let sentences = zip(findings, titles).map { $0.dropFirst($1.count + 2) }
        #expect(titles.count == findings.count)
        #expect(Set(sentences).count == sentences.count, "a sentence is said twice: \(sentences)")
        let latency = try #require(findings.first { $0.hasPrefix("Touch delay") && $0.contains("): start latency: ") })
        let falseStarts = try #require(findings.first { $0.hasPrefix("Touch delay") && $0.contains("): false starts: ") })

        // Each group's touchesBegan latencies and (touch, target) starts, read from the store by plain SQL.
        let (medians, counts) = try made.database.connection.read { db -> ([String: Double], [String: (k: Int, n: Int)]) in
            var medians: [String: Double] = [:], counts: [String: (k: Int, n: Int)] = [:]
            for mode in ["false", "true"] {
                let latencies = try Double.fetchAll(db, sql: """
                    SELECT latency_ms FROM responses JOIN session_config AS c ON c.session_id = responses.session_id
                    WHERE experiment = 'touch-delay' AND event = 'touchesBegan' AND c.key = 'touch_delay' AND c.value = ?
                    ORDER BY latency_ms
                    """, arguments: [mode])
                let middle = latencies.count / 2
                medians[mode] = latencies.count % 2 == 1 ? latencies[middle] : (latencies[middle - 1] + latencies[middle]) / 2
                let row = try Row.fetchOne(db, sql: """
                    SELECT sum(false_start), count(*) FROM starts JOIN session_config AS c ON c.session_id = starts.session_id
                    WHERE experiment = 'touch-delay' AND c.key = 'touch_delay' AND c.value = ?
                    """, arguments: [mode])!
                counts[mode] = (row[0], row[1])
            }
            return (medians, counts)
        }
        let p50 = "touchesBegan p50 \(ReportFormat.milliseconds(medians["false"])) without vs "
            + "\(ReportFormat.milliseconds(medians["true"])) with it"
        let k = counts.mapValues { "(\($0.k)/\($0.n))" }
        let title = "Touch delay (false starts against the 150 ms every start waits): "
        #expect(latency.hasPrefix(title + "start latency: touch_delay = true costs every start about "), "\(latency)")
        #expect(latency.contains(": \(p50) ("), "\(latency)")
        #expect(!latency.contains(k["false"]!) && !latency.contains(k["true"]!) && !latency.contains("false starts:"))
        #expect(falseStarts.hasPrefix(title + "false starts: touch_delay = true removes most false starts: false starts "),
                "\(falseStarts)")
        #expect(falseStarts.contains(" \(k["false"]!) without vs ") && falseStarts.contains(" \(k["true"]!) with it ("),
                "\(falseStarts) \(k)")
        #expect(!falseStarts.contains("touchesBegan") && !falseStarts.contains("costs"))
    }
}
