import Foundation
import GRDB
import GestureStore
import GestureTrace
import SetWiseReference
import TestScratch
import Testing
@testable import GestureWorkflows

/// The captures `gesturelab bench --mix` imports: valid, of the shape each
/// mix promises, and for `unordered` the same latencies as in time order.
@Suite struct BenchmarkMixTests {
    private func imported(_ records: AnySequence<TraceRecord>, name: String,
                          derivation: Deriver = .importer) throws -> (GestureDatabase, ImportSummary) {
        let folder = TestScratch.newPath("gesturelab-mix").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let capture = (folder as NSString).appendingPathComponent("\(name).jsonl")
        var writer = try TraceWriter(path: capture, header: TraceHeader(recorder: "test"))
        for record in records { try writer.write(record) }
        try writer.close()
        let database = try GestureDatabase(path: (folder as NSString).appendingPathComponent("\(name).sqlite"))
        let summary = try CaptureImporter(database: database).importCapture(path: capture)
        try derivation.derive(database)
        return (database, summary)
    }

    private func count(_ sql: String, in database: GestureDatabase) throws -> Int {
        try database.connection.read { try Int.fetchOne($0, sql: sql) } ?? -1
    }

    /// Per touch, by construction: 4 samples, 3 frames, 9 transitions and
    /// 15 deliveries; 15 response keys (each delivery its own), 12
    /// dispatches (the recognizers' began and ended, two channels each; the
    /// control's events have no transitions) and 3 recognitions.
    @Test func deliveriesMixHasItsShape() throws {
        let records = BenchmarkMix.deliveries.records(seed: 2, approximateRecords: 31 * 600)
        let (database, summary) = try imported(records, name: "deliveries")
        #expect(summary.derivation == .whileReading)
        #expect(summary.rejectedCount == 0)
        let touches = try count("SELECT count(*) FROM touches", in: database)
        #expect(touches == 600)
        #expect(try count("SELECT count(DISTINCT session_id) FROM touches", in: database) == 2)
        #expect(summary.recordCounts == ["session": 2, "touch": 4 * touches, "frame": 3 * touches,
                                         "transition": 9 * touches, "delivery": 15 * touches])
        #expect(try count("SELECT count(*) FROM responses", in: database) == 15 * touches)
        #expect(try count("SELECT count(*) FROM dispatches", in: database) == 12 * touches)
        #expect(try count("SELECT count(*) FROM recognitions", in: database) == 3 * touches)
        // Non-ASCII names are stored byte for byte.
        #expect(try count("SELECT count(*) FROM recognitions WHERE recognizer = '録音ボタン.swipe'", in: database) == touches)
    }

    /// Named touches and long, non-ASCII keys: the reading pass gives the
    /// rows the SQL reference gives, lines included.
    @Test func deliveriesMixDerivesAlikeBothWays() throws {
        let records = BenchmarkMix.deliveries.records(seed: 3, approximateRecords: 4_000)
        let streamed = try imported(records, name: "streamed")
        let setWise = try imported(records, name: "set-wise", derivation: .setWise)
        #expect(streamed.1.derivation == .whileReading)
        let expected = try DerivedRows.of(setWise.0), actual = try DerivedRows.of(streamed.0)
        for relation in ["responses", "recognitions", "dispatches", "session_orphans"] {
            #expect(!(expected[relation] ?? []).isEmpty, "\(relation)")
            #expect(actual[relation] == expected[relation], "\(relation)")
        }
    }

    /// The same records reversed in runs of 64: the reorder window puts
    /// them back in time order, the reading pass derives them, and every
    /// latency is the one time order gives.
    @Test func unorderedMixDerivesTheSameLatencies() throws {
        let ordered = try imported(BenchmarkMix.simulated.records(seed: 5, approximateRecords: 6_000), name: "ordered")
        let unordered = try imported(BenchmarkMix.unordered.records(seed: 5, approximateRecords: 6_000),
                                     name: "unordered")
        #expect(unordered.1.derivation == .whileReading)
        #expect(ordered.1.derivation == .whileReading)
        #expect(ordered.1.recordCounts == unordered.1.recordCounts)
        // Lines differ between the files; everything else must not.
        let queries = [
            """
            SELECT s.session, touch, target, event, via, t_ns, down_ns, region
            FROM responses JOIN session s ON s.id = session_id ORDER BY 1, 2, 3, 4, 5
            """,
            """
            SELECT s.session, touch, recognizer, event, t_ns, down_ns, region
            FROM recognitions JOIN session s ON s.id = session_id ORDER BY 1, 2, 3
            """,
            """
            SELECT s.session, t_ns, target, event, via, touch, transition_ns, region
            FROM dispatches JOIN session s ON s.id = session_id ORDER BY 1, 2, 3, 4, 5, 6, 7
            """,
        ]
        for sql in queries {
            let expected = try ordered.0.connection.read { try Row.fetchAll($0, sql: sql) }
            let actual = try unordered.0.connection.read { try Row.fetchAll($0, sql: sql) }
            #expect(!expected.isEmpty)
            #expect(expected == actual, "\(sql)")
        }
    }

    /// At 200,000 records the reversed runs put some target's first line
    /// behind records of it the window has already passed on, after downs
    /// were settled: the pass keeps its outcomes (the order of declaration
    /// decided no tie), and they are the rows the SQL reference derives.
    @Test func unorderedMixKeepsItsOutcomesInTheReadingPass() throws {
        let records = BenchmarkMix.unordered.records(seed: 1, approximateRecords: 200_000)
        let streamed = try imported(records, name: "unordered-streamed")
        let setWise = try imported(records, name: "unordered-set-wise", derivation: .setWise)
        #expect(streamed.1.derivation == .whileReading)
        let expected = try DerivedRows.of(setWise.0)["outcomes"] ?? []
        #expect(expected.count > 5_000)
        #expect(try DerivedRows.of(streamed.0)["outcomes"] == expected)
    }

    /// Every mix, recorder-shaped ones in time order or as written (each
    /// event's coalesced samples after later deliveries): the reading pass
    /// derives it, latencies and touch outcomes, every derived row the one
    /// SQL reference derives.
    @Test(arguments: BenchmarkMix.allCases)
    func everyMixDerivesWhileReadingAsSQLDoes(_ mix: BenchmarkMix) throws {
        let records = mix.records(seed: 7, approximateRecords: 6_000)
        let streamed = try imported(records, name: "\(mix.rawValue)-streamed")
        let setWise = try imported(records, name: "\(mix.rawValue)-set-wise", derivation: .setWise)
        #expect(streamed.1.derivation == .whileReading)
        let hasTargets = ![BenchmarkMix.deliveries, .pan, .panRecorded].contains(mix)
        let expected = try DerivedRows.of(setWise.0)
        let actual = try DerivedRows.of(streamed.0)
        for (table, rows) in expected {
            if ["responses", "dispatches", "session_orphans"].contains(table) || (table == "outcomes" && hasTargets) {
                #expect(!rows.isEmpty, "\(table)")
            }
            #expect(actual[table] == rows, "\(table)")
        }
    }

    /// The recorded order really is out of time order, by a few records:
    /// without the reorder window the reading pass gives up on it.
    @Test(arguments: [BenchmarkMix.panRecorded, .controlsRecorded, .listRecorded])
    func recordedOrderIsOutOfTimeOrder(_ mix: BenchmarkMix) throws {
        var latest = Int64.min
        var late = 0
        for record in mix.records(seed: 7, approximateRecords: 12_000) {
            if case .session = record { latest = .min; continue }
            if record.timeForOrdering < latest { late += 1 }
            latest = max(latest, record.timeForOrdering)
        }
        #expect(late > 100)
    }

    /// Pans: per touch (of `k` + 1 events, `k` from 14 to 21) 2`k` samples,
    /// a frame and a `touches` delivery per event, and `k` - 1 pan state
    /// changes, each a transition naming no touch and two deliveries naming
    /// it. About 40 % deliveries.
    @Test func panMixHasItsShape() throws {
        let (database, summary) = try imported(BenchmarkMix.panRecorded.records(seed: 2, approximateRecords: 20_000),
                                               name: "pan")
        let counts = summary.recordCounts
        let touches = try count("SELECT count(*) FROM touches", in: database)
        let events = counts["frame"]!
        #expect(counts["touch"] == 2 * (events - touches))
        #expect(counts["delivery"] == events + 2 * counts["transition"]!)
        #expect(counts["transition"] == events - 2 * touches)
        #expect(try count("SELECT count(*) FROM transition WHERE touch IS NOT NULL", in: database) == 0)
        #expect(try count("SELECT count(*) FROM delivery WHERE touch IS NULL", in: database) == 0)
        let deliveries = Double(counts["delivery"]!) / Double(summary.recordCount)
        #expect(deliveries > 0.38 && deliveries < 0.45)
        // Each pan's began, changes and end heard once by KVO: one dispatch
        // per delivery, both channels.
        #expect(try count("SELECT count(*) FROM dispatches", in: database) == 2 * counts["transition"]!)
        #expect(try count("SELECT count(*) FROM recognitions", in: database) == touches)
    }

    /// Taps: four declared buttons per session, each touch an outcome, a
    /// control event per event of a touch on a button (`touchUpInside` at
    /// its end), and the background's tap failing or recognized once a touch.
    @Test func controlsMixHasItsShape() throws {
        let (database, summary) = try imported(
            BenchmarkMix.controlsRecorded.records(seed: 2, approximateRecords: 20_000), name: "controls")
        let touches = try count("SELECT count(*) FROM touches", in: database)
        let sessions = summary.recordCounts["session"]!
        #expect(summary.recordCounts["target"] == 4 * sessions)
        #expect(try count("SELECT count(*) FROM outcomes", in: database) == touches)
        let onButtons = try count("SELECT count(*) FROM touches WHERE hit <> ''", in: database)
        #expect(try count("SELECT count(*) FROM delivery WHERE event = 'touchUpInside'", in: database) == onButtons)
        #expect(try count("SELECT count(*) FROM delivery WHERE event = 'touchDown'", in: database) == onButtons)
        #expect(try count("SELECT count(*) FROM transition WHERE to_state IN ('failed', 'recognized')", in: database)
                    == touches)
        // A start per touch: touchDown and touchesBegan on a button, touchesBegan on the view elsewhere.
        #expect(try count("SELECT count(*) FROM starts", in: database) == touches)
        #expect(try count("SELECT count(*) FROM outcomes WHERE reached", in: database) == onButtons)
    }

    /// A scrolled list: each row its own target, declared when it comes on
    /// screen and again when a scroll moves it, so sessions hold hundreds
    /// of targets (more than the grid's threshold); every touch-down has an
    /// outcome, and a tap reaches the row it was on.
    @Test func listMixHasItsShape() throws {
        let (database, summary) = try imported(
            BenchmarkMix.listRecorded.records(seed: 2, approximateRecords: 30_000), name: "list")
        #expect(summary.derivation == .whileReading)
        let touches = try count("SELECT count(*) FROM touches", in: database)
        let fewest = try count(
            "SELECT min(n) FROM (SELECT count(DISTINCT target) AS n FROM targets GROUP BY session_id)", in: database)
        #expect(fewest > 300, "\(fewest) targets in the smallest session")
        #expect(try count("SELECT count(*) FROM outcomes", in: database) == touches)
        let taps = try count("SELECT count(*) FROM touches WHERE hit <> ''", in: database)
        #expect(taps > touches / 3 && taps < 2 * touches / 3)
        #expect(try count("SELECT count(*) FROM outcomes WHERE reached", in: database) == taps)
        #expect(try count("SELECT count(*) FROM delivery WHERE event = 'touchUpInside'", in: database) == taps)
    }

    /// Runs of three, a session record ending a run early.
    @Test func reversedRunsKeepSessionsDeclaredFirst() {
        func frame(_ t: Int64) -> TraceRecord { .frame(FrameRecord(session: "s", timeNanos: t)) }
        let session = TraceRecord.session(SessionRecord(id: "s", experiment: "e", variant: "v"))
        let second = TraceRecord.session(SessionRecord(id: "t", experiment: "e", variant: "v"))
        let input = [session, frame(1), frame(2), frame(3), frame(4), frame(5), second, frame(6)]
        let output = Array(ReversedRuns(input, runLength: 3))
        #expect(output == [session, frame(3), frame(2), frame(1), frame(5), frame(4), second, frame(6)])
    }
}
