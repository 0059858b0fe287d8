import Foundation
import GRDB
import GestureStore
import GestureTrace
import TestScratch
import Testing
@testable import GestureWorkflows

/// The captures `gesturelab bench --mix` imports: valid, of the shape each
/// mix promises, and for `unordered` the same latencies as in time order.
@Suite struct BenchmarkMixTests {
    private func imported(_ records: AnySequence<TraceRecord>, name: String,
                          strategy: CaptureImporter.DerivationStrategy = .streaming) throws -> (GestureDatabase, ImportSummary) {
        let folder = TestScratch.newPath("gesturelab-mix").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let capture = (folder as NSString).appendingPathComponent("\(name).jsonl")
        var writer = try TraceWriter(path: capture, header: TraceHeader(recorder: "test"))
        for record in records { try writer.write(record) }
        try writer.close()
        let database = try GestureDatabase(path: (folder as NSString).appendingPathComponent("\(name).sqlite"))
        return (database, try CaptureImporter(database: database, derivation: strategy).importCapture(path: capture))
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
        let touches = try count("SELECT count(*) FROM touch", in: database)
        #expect(touches == 600)
        #expect(try count("SELECT count(DISTINCT session_id) FROM touch", in: database) == 2)
        #expect(summary.recordCounts == ["session": 2, "touch": 4 * touches, "frame": 3 * touches,
                                         "transition": 9 * touches, "delivery": 15 * touches])
        #expect(try count("SELECT count(*) FROM response", in: database) == 15 * touches)
        #expect(try count("SELECT count(*) FROM dispatch", in: database) == 12 * touches)
        #expect(try count("SELECT count(*) FROM recognition", in: database) == 3 * touches)
        // Non-ASCII names are stored byte for byte.
        #expect(try count("SELECT count(*) FROM recognition WHERE recognizer = '録音ボタン.swipe'", in: database) == touches)
    }

    /// Named touches and long, non-ASCII keys: the reading pass gives the
    /// rows the set-wise SQL gives, lines included.
    @Test func deliveriesMixDerivesAlikeBothWays() throws {
        let records = BenchmarkMix.deliveries.records(seed: 3, approximateRecords: 4_000)
        let streamed = try imported(records, name: "streamed")
        let setWise = try imported(records, name: "set-wise", strategy: .setWise)
        #expect(streamed.1.derivation == .whileReading && setWise.1.derivation == .setWise)
        // Each table ordered by its primary key.
        for (table, key) in [("response", "1, 2, 3, 4, 5"), ("recognition", "1, 2, 3"), ("dispatch", "1, 2, 3"),
                             ("session_orphans", "1")] {
            let sql = "SELECT * FROM \(table) ORDER BY \(key)"
            let expected = try setWise.0.connection.read { try Row.fetchAll($0, sql: sql) }
            #expect(try streamed.0.connection.read { try Row.fetchAll($0, sql: sql) } == expected, "\(table)")
        }
    }

    /// The same records reversed in runs: the reading pass gives up, SQL
    /// derives the capture, and every latency is the one time order gives.
    @Test func unorderedMixDerivesTheSameLatencies() throws {
        let ordered = try imported(BenchmarkMix.simulated.records(seed: 5, approximateRecords: 6_000), name: "ordered")
        let unordered = try imported(BenchmarkMix.unordered.records(seed: 5, approximateRecords: 6_000),
                                     name: "unordered")
        guard case .fellBackToSetWise = unordered.1.derivation else {
            Issue.record("expected a set-wise fallback, got \(unordered.1.derivation)")
            return
        }
        #expect(ordered.1.derivation == .whileReading)
        #expect(ordered.1.recordCounts == unordered.1.recordCounts)
        // Lines differ between the files; everything else must not.
        let queries = [
            """
            SELECT s.session, touch, target, event, via, t_ns, down_ns, region
            FROM response JOIN session s ON s.id = session_id ORDER BY 1, 2, 3, 4, 5
            """,
            """
            SELECT s.session, touch, recognizer, state, t_ns, down_ns, region
            FROM recognition JOIN session s ON s.id = session_id ORDER BY 1, 2, 3
            """,
            """
            SELECT s.session, t_ns, target, event, via, touch, transition_ns, region
            FROM dispatch JOIN session s ON s.id = session_id ORDER BY 1, 2, 3, 4, 5, 6, 7
            """,
        ]
        for sql in queries {
            let expected = try ordered.0.connection.read { try Row.fetchAll($0, sql: sql) }
            let actual = try unordered.0.connection.read { try Row.fetchAll($0, sql: sql) }
            #expect(!expected.isEmpty)
            #expect(expected == actual, "\(sql)")
        }
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
