import Foundation
import GRDB
import GestureStore
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureReport

/// Sections built from numbers: large groups binned on the map, small
/// groups warned about, and the refusals for bad input.
@Suite struct ReportSectionTests {
    private func section(a: [TouchLatency], b: [TouchLatency]) -> ReportSection {
        let sortedA = a.map(\.latencyMs).sorted(), sortedB = b.map(\.latencyMs).sorted()
        let selection = ComparisonSelection(by: "mode")
        let comparison = Comparison(a: sortedA, b: sortedB, labels: ("off", "on"))
        let run = Comparer.Run(request: .init(selection: selection, a: "off", b: "on"), comparisons: [comparison],
                               choiceNote: nil)
        return ReportSection(title: "t", headline: "h", run: run, comparison: comparison, touchesA: a, touchesB: b,
                             sortedA: sortedA, sortedB: sortedB, warnings: [], mapTouchesA: a, mapTouchesB: b)
    }

    private func touches(_ count: Int, latency: (Int) -> Double) -> [TouchLatency] {
        (0..<count).map { index in
            TouchLatency(latencyMs: latency(index), sessionID: 1, order: index + 1, x: Double(index % 390),
                         y: Double((index * 7) % 850), screenWidth: 393, screenHeight: 852)
        }
    }

    @Test func aLargeGroupIsBinnedAndItsCellsAddUpToItsTouches() throws {
        let large = touches(4_000) { Double($0 % 97) }
        let small = touches(10) { Double($0) }
        let figure = try #require(ScreenMap.figure(section(a: large, b: small), id: "m"))
        let page = PageXML(figure.svg + "</svg>")
        #expect(page.error == nil)
        let cells = page.elements("rect", in: "m", class: "bin").filter { $0.group == "A" }
        #expect(cells.compactMap { Int($0.attributes["data-count"] ?? "") }.reduce(0, +) == 4_000)
        #expect(page.elements("circle", in: "m", class: "touch").filter { $0.group == "A" }.isEmpty)
        #expect(page.elements("circle", in: "m", class: "touch").filter { $0.group == "B" }.count == 10)
        #expect(figure.caption.contains("drawn as cells"))
    }

    @Test func smallGroupsAreWarnedAboutAndStillDrawn() throws {
        let tiny = section(a: touches(3) { Double($0) + 1 }, b: touches(25) { Double($0) * 2 })
        let warnings = ReportSection.warnings(tiny, drops: [:])
        #expect(warnings.contains("off has 3 values: its p90, p95 and p99 rest on its few largest values."))
        #expect(warnings.contains("on has 25 values: its p99 rests on its largest two or three values."))
        // Whatever the statistics could not compute is said too, in their own words.
        #expect(!tiny.comparison.notes.isEmpty)
        #expect(tiny.comparison.notes.allSatisfy(warnings.contains))
        let page = PageXML("<div>" + ReportSectionMarkup(section: tiny, id: "s").html() + "</div>")
        #expect(page.error == nil)
        #expect(page.elements("circle", in: "s-percentiles", class: "marker").count == 8)
    }

    @Test func sessionsWithDroppedEventsAreWarnedAbout() {
        let dropped = section(a: touches(30) { Double($0) }, b: touches(30) { Double($0) })
        let warnings = ReportSection.warnings(dropped, drops: [1: .init(capture: "run.jsonl", session: "s1", events: 1_200)])
            .map(PageXML.read)
        #expect(warnings.contains("session s1 of run.jsonl dropped 1,200 events while recording: "
            + "touches or deliveries of it may be missing."))
    }

    @Test func droppedEventsStoredWithASessionReachTheReport() throws {
        let folder = try TestScratch.newFolder("gesturelab-report-drops")
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (session, mode) in [("a", "off"), ("b", "on")] {
            lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"\#(mode)","config":{"mode":"\#(mode)"}}"#)
            for touch in 1...8 {
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(touch),"x":5,"y":5}"#)
                lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"touchDown","via":"control-event","t":\#(touch).01\#(touch)}"#)
            }
        }
        lines.append(#"{"type":"dropped","session":"b","count":37,"t":9,"kinds":{"touch":37}}"#)
        let database = try CaptureLines.store(lines, named: "drops", in: folder)
        let (drops, html) = try database.connection.read { db in
            (try SessionDrops.counts(db),
             try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))],
                                   options: .init()))
        }
        #expect(drops.values.map(\.events) == [37])
        #expect(drops.values.first?.session == "b" && drops.values.first?.capture == "drops.jsonl")
        #expect(PageXML.read(html).contains("session b of drops.jsonl dropped 37 events while recording"))
    }

    @Test func anEmptyStoreAndASelectionOfNothingAreRefusedInOneLine() throws {
        let folder = try TestScratch.newFolder("gesturelab-report-empty")
        let database = try GestureDatabase(path: folder.appending(path: "empty.sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        #expect(throws: QueryError.self) {
            try database.connection.read { db in try HTMLReport.render(db, plans: nil, options: .init()) }
        }
        let made = try DemoStore.get()
        let nothing = PlannedComparison(selection: ComparisonSelection(by: "deferred_edges", event: "noSuchEvent"))
        do {
            _ = try made.database.connection.read { db in try HTMLReport.render(db, plans: [nothing], options: .init()) }
            Issue.record("a selection of nothing made a report")
        } catch {
            #expect("\(error)" == "no response latencies match: nothing to compare")
        }
    }

    @Test func aReportIntoAMissingFolderWritesNothing() throws {
        let folder = try TestScratch.newFolder("gesturelab-report-out")
        let path = folder.appending(path: "missing/report.html").path
        #expect(throws: ReportError.self) { try ReportFile.write("<p/>", to: path) }
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "missing").path))

        let good = folder.appending(path: "report.html").path
        try ReportFile.write("first", to: good)
        try ReportFile.write("second", to: good)
        #expect(try String(contentsOfFile: good, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.html"])
    }
}
