import Foundation
import GRDB
import GestureAnalysis
import GestureStore
import Testing
@testable import GestureSimulation
import SetWiseReference
import TestScratch

/// The import's fast path (a reading thread, 64-row statements, latencies
/// derived while reading) and the tests' SQL reference against golden figures from an independent implementation of
/// docs/latencies.md: Tests/Reference/derived_latencies.py, run on the same capture:
///
///     gesturelab simulate --seed 5 --sessions 1 --touches 20 --out golden.jsonl
///     python3 Tests/Reference/derived_latencies.py golden.jsonl
///     744 302733534739 50 477277558 1500 216001789599 0
@Suite struct GoldenImportTests {
    static let golden: [Int64] = [744, 302_733_534_739, 50, 477_277_558, 1_500, 216_001_789_599, 0]

    /// In time order the reading pass derives everything; the SQL reference
    /// gives the same; and with the lines shuffled (sessions still first),
    /// the reading pass gives up, the stored records are read back in time
    /// order, and the figures do not move.
    @Test(arguments: [Arrangement.asWritten, .setWise, .shuffled])
    func derivedLatenciesMatchTheIndependentReference(_ arrangement: Arrangement) throws {
        let folder = try ScratchFolder()
        var path = folder.path("golden.jsonl")
        let simulator = Simulator(options: SimulationOptions(seed: 5, sessionsPerVariant: 1, touchesPerSession: 20))
        let written = try simulator.write(simulator.records(), path: path, progress: nil)
        #expect(written == 18_043)
        if arrangement == .shuffled {
            path = try folder.shuffledCopy(of: path)
        }

        let database = try GestureDatabase(path: folder.path("golden.sqlite"))
        let summary = try CaptureImporter(database: database).importCapture(path: path)
        if arrangement == .setWise { try SetWiseDeriver.rederive(database) }
        #expect(summary.recordCounts == ["session": 10, "touch": 4_182, "transition": 998, "delivery": 2_038, "frame": 10_753,
                                         "target": 62])
        switch arrangement {
        case .asWritten: #expect(summary.derivationNote == "derived while reading")
        case .setWise: #expect(summary.derivationNote == "derived while reading")
        case .shuffled: #expect(summary.derivationNote.hasPrefix("derived from the stored records in time order: "))
        }

        let figures = try database.connection.read { db in
            try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM responses), (SELECT sum(latency_ns) FROM responses),
                       (SELECT count(*) FROM recognitions), (SELECT sum(latency_ns) FROM recognitions),
                       (SELECT count(*) FROM dispatches), (SELECT sum(latency_ns) FROM dispatches),
                       (SELECT sum(orphan_deliveries) FROM session_orphans)
                """).map { row in (0..<7).map { row[$0] as Int64 } }
        }
        #expect(figures == Self.golden)
    }

    enum Arrangement: Sendable {
        case asWritten, setWise, shuffled
    }
}
