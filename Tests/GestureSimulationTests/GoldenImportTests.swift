import Foundation
import GRDB
import GestureStore
import Testing
@testable import GestureSimulation

/// The import's fast path (a reading thread, 64-row statements, set-wise
/// derivation) against golden figures from an independent implementation of
/// SPEC section 3: Tests/Reference/derived_latencies.py, run on the same capture:
///
///     gesturelab simulate --seed 5 --sessions 1 --touches 20 --out golden.jsonl
///     python3 Tests/Reference/derived_latencies.py golden.jsonl
///     528 247753719164 45 251304173 1564 257815493209 0
@Suite struct GoldenImportTests {
    @Test func derivedLatenciesMatchTheIndependentReference() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("golden.jsonl")
        let simulator = Simulator(options: SimulationOptions(seed: 5, sessionsPerVariant: 1, touchesPerSession: 20))
        let written = try simulator.write(simulator.records(), path: path, progress: nil)
        #expect(written == 12_976)

        let database = try GestureDatabase(path: folder.path("golden.sqlite"))
        let summary = try CaptureImporter(database: database).importCapture(path: path)
        #expect(summary.recordCounts == ["session": 6, "touch": 2_287, "transition": 875, "delivery": 1_878, "frame": 7_930])

        let figures = try database.pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM response), (SELECT sum(latency_ns) FROM response),
                       (SELECT count(*) FROM recognition), (SELECT sum(latency_ns) FROM recognition),
                       (SELECT count(*) FROM dispatch), (SELECT sum(latency_ns) FROM dispatch),
                       (SELECT sum(orphan_deliveries) FROM session_orphans)
                """).map { row in (0..<7).map { row[$0] as Int64 } }
        }
        #expect(figures == [528, 247_753_719_164, 45, 251_304_173, 1_564, 257_815_493_209, 0])
    }
}
