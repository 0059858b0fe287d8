import Foundation
import GRDB
import Testing
import TestScratch

/// `gesturelab bench` end to end on a capture too small to hold every group
/// it compares: the run completes and its table says what it could not time.
@Suite struct BenchCommandTests {
    @Test func aSmallCaptureIsMeasuredAndAGroupItLacksIsNamed() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["bench", "--records", "20000", "--mix", "simulated", "--dir", "bench"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").map(String.init)
        // 20,000 simulated records (seed 1) hold no session with bottom and right deferred.
        #expect(rows.contains("| compare --by deferred_edges --event touchDown |  | 0.000 |  | ≤ 2 s |  | not timed: no response latencies "
            + "with deferred_edges = bottom+right in this capture (only deferred_edges = none); more records make it |"))
        #expect(!rows.contains { $0.hasPrefix("| compare --by deferred_edges --event touchDown --unit touch") })
        for step in ["compare --by via --event began", "compare --experiment hit-area --by hit_area --event touchDown",
                     "report of the whole store (HTML)"] {
            // Timed, not judged here: whether a step met its target depends on the machine.
            #expect(rows.contains { $0.hasPrefix("| \(step) |") && !$0.contains("not timed") }, "\(step)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("bench/report.html")))

        // SQLite's floor writes every row the import stored, and no other.
        let imported = try #require(rows.first { $0.hasPrefix("| import (validate") })
        let floor = try #require(rows.first { $0.hasPrefix("| SQLite's floor: writing the stored rows |") })
        #expect(floor.split(separator: "|")[1] == imported.split(separator: "|")[1], "the same record count")
        #expect(rows.contains { $0.hasPrefix("| import time / SQLite's floor |") && $0.contains("ratio ") })
        let counts = { (path: String) in
            try DatabaseQueue(path: folder.path(path)).read { db in
                try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_schema
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'gesturelab_migration' ORDER BY name
                    """).map { table in "\(table) \(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1)" }
            }
        }
        let stored = try counts("bench/bench.sqlite")
        #expect(stored.contains { $0.hasPrefix("stored_touch_sample ") && !$0.hasSuffix(" 0") })
        #expect(try counts("bench/floor.sqlite") == stored)
    }

    /// The calibration study's options are checked before its minutes run.
    @Test(arguments: [(["--datasets", "5"], "--datasets takes 10 or more."),
                      (["--replicates", "1"], "--replicates takes 2 or more.")])
    func calibrationRefusesTooFewDataSetsOrReplicates(_ c: (arguments: [String], message: String)) throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["bench", "--calibration"] + c.arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(c.message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
