import Foundation
import GRDB
import Testing
@testable import GestureAnalysis
@testable import GestureReport
@testable import GestureStore
import TestScratch

/// Comparisons worked out side by side give the page of the serial run, byte
/// for byte, and every way the side-by-side run can fail falls back to it.
@Suite struct PlanSectionsTests {
    /// Counts the connections a report opened.
    final class Opened: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    static func readers(at path: String, width: Int, opened: Opened) -> ReportReaders {
        ReportReaders(width: width) { body in
            opened.add()
            let store = try GestureDatabase(readingAt: path, prepareConnection: PercentileFunctions.register)
            defer { try? store.close() }
            try store.connection.read { db in try body(db) }
        }
    }

    // Fewer readers than plans, and more; two seeds.
    @Test(arguments: [(width: 3, seed: UInt64(1)), (8, 9)])
    func sideBySideAndSerialPagesAreTheSameBytes(width: Int, seed: UInt64) throws {
        let made = try DemoStore.get()
        let opened = Opened()
        let options = HTMLReport.Options(seed: seed, replicates: 200)
        let (serial, sideBySide, plans) = try made.database.connection.read { db in
            (try HTMLReport.render(db, plans: nil, options: options),
             try HTMLReport.render(db, plans: nil, options: options,
                                   readers: Self.readers(at: made.demo.databasePath, width: width, opened: opened)),
             try ReportSuggestions.plans(db, alpha: 0.05))
        }
        #expect(plans.count >= 4)
        #expect(opened.count == min(width, plans.count))
        #expect(sideBySide == serial)
    }

    @Test func theLargestPlansAreTakenFirstAndTiesInTheirOrder() throws {
        // The demo has 8 sessions per variant, two variants per experiment, five experiments.
        func plan(_ experiment: String?, _ variant: String? = nil) -> PlannedComparison {
            PlannedComparison(selection: ComparisonSelection(by: "via", experiment: experiment, variant: variant))
        }
        let plans = [plan("edge-deferral"), plan(nil), plan("delivery-channel", "ipad"), plan("hit-area"),
                     plan(nil, "ipad"), plan("no-such-experiment")]
        let order = try DemoStore.get().database.connection.read { db in try PlanSections.largestFirst(plans, in: db) }
        // 80, 16, 16, 8, 8, 0 sessions.
        #expect(order == [1, 0, 3, 2, 4, 5])
    }

    @Test func readersOfAnotherStateOfTheStoreLeaveTheWorkToTheMainConnection() throws {
        let made = try DemoStore.get()
        let folder = try TestScratch.newFolder("gesturelab-report-other-state")
        let other = folder.appending(path: "other.sqlite").path
        try GestureDatabase(path: other, prepareConnection: PercentileFunctions.register).close()
        let opened = Opened()
        let readers = Self.readers(at: other, width: 2, opened: opened)
        let (serial, fallback, sections) = try made.database.connection.read { db in
            let plans = try ReportSuggestions.plans(db, alpha: 0.05)
            return (try HTMLReport.render(db, plans: nil, options: .init()),
                    try HTMLReport.render(db, plans: nil, options: .init(), readers: readers),
                    try PlanSections.concurrently(plans, options: .init(), drops: [:], readers: readers, sameAs: db))
        }
        #expect(opened.count == 4)
        #expect(sections == nil)
        #expect(fallback == serial)
    }

    @Test func readersThatCannotOpenLeaveTheWorkToTheMainConnection() throws {
        let made = try DemoStore.get()
        let failing = ReportReaders(width: 2) { _ in throw StoreError("no second connection here") }
        let (serial, fallback) = try made.database.connection.read { db in
            (try HTMLReport.render(db, plans: nil, options: .init()),
             try HTMLReport.render(db, plans: nil, options: .init(), readers: failing))
        }
        #expect(fallback == serial)
    }

    @Test func aPlanThatFailsFailsTheReportAsTheSerialRunDoes() throws {
        let made = try DemoStore.get()
        let good = PlannedComparison(selection: ComparisonSelection(by: "deferred_edges", event: "touchDown"))
        let nothing = PlannedComparison(selection: ComparisonSelection(by: "deferred_edges", event: "noSuchEvent"))
        let unknownKey = PlannedComparison(selection: ComparisonSelection(by: "no_such_key"))
        let readers = Self.readers(at: made.demo.databasePath, width: 2, opened: Opened())
        for plans in [[good, nothing, unknownKey], [good, good, unknownKey, nothing]] {
            let messages = try made.database.connection.read { db in
                [nil, readers].map { readers -> String in
                    do {
                        _ = try HTMLReport.render(db, plans: plans, options: .init(), readers: readers)
                        return "made a report"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            #expect(messages[0] != "made a report")
            #expect(messages[1] == messages[0])
        }
    }

    /// Three sessions of one experiment: the fastest response (touchDown) is
    /// heard only in sessions with mode off, so the suggestion "by mode"
    /// selects one value of mode; "by hand" selects two.
    static func oneSidedStore() throws -> GestureDatabase {
        let folder = try TestScratch.newFolder("gesturelab-report-one-sided")
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (session, mode, hand, event, delay) in [("a", "off", "left", "touchDown", "01"),
                                                    ("b", "on", "left", "touchUpInside", "05"),
                                                    ("c", "off", "right", "touchDown", "02")] {
            lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"\#(mode)","#
                + #""config":{"mode":"\#(mode)","hand":"\#(hand)"}}"#)
            for touch in 1...8 {
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(touch),"x":5,"y":5}"#)
                lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"\#(event)","#
                    + #""via":"control-event","t":\#(touch).\#(delay)\#(touch)}"#)
            }
        }
        return try CaptureLines.store(lines, named: "one-sided", in: folder)
    }

    @Test func aSuggestionTheStoreCannotAnswerIsLeftOutWithANoticeAndTheOthersStay() throws {
        let database = try Self.oneSidedStore()
        let path = database.path
        let (plans, serial, sideBySide) = try database.connection.read { db in
            (try ReportSuggestions.plans(db, alpha: 0.05),
             try HTMLReport.render(db, plans: nil, options: .init()),
             try HTMLReport.render(db, plans: nil, options: .init(),
                                   readers: Self.readers(at: path, width: 2, opened: Opened())))
        }
        #expect(plans.map { $0.title.map(PageXML.read) } == ["x: hand", "x: mode"])
        #expect(plans.allSatisfy { $0.isSuggestion })
        #expect(sideBySide == serial)
        let page = PageXML(serial)
        #expect(page.error == nil)
        #expect(PageXML.read(serial).contains("<li>x: mode is left out: mode has only one value (off) among the response latencies: "
            + "nothing to compare.</li>"))
        #expect(serial.components(separatedBy: "<section class=\"comparison\"").count - 1 == 1)
        #expect(PageXML.read(serial).contains("x: hand"))
        // Asked for by name, the same comparison fails as compare does.
        var asked = plans[1]
        asked.isSuggestion = false
        #expect(throws: QueryError.self) {
            try database.connection.read { db in try HTMLReport.render(db, plans: [asked], options: .init()) }
        }
    }
}
