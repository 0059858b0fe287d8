#if PostgreSQL
import Foundation
import GRDB
import GestureAnalysis
import GestureSimulation
import GestureStore
import GestureStorePostgreSQL
import TestScratch
import Testing
@testable import GestureWorkflows

/// `bench --postgresql` on the test server: push and `psql \copy` load the
/// same rows, so the ratio compares like with like.
///
/// Needs `GESTURELAB_TEST_POSTGRES_URL` (scripts/postgres-test-server.sh);
/// skips loudly without it outside CI, fails without it in CI.
@Suite(.serialized) struct PushBenchmarkTests {
    static let url = ProcessInfo.processInfo.environment["GESTURELAB_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let enabled: Bool = {
        let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
        if url == nil && !isCI {
            FileHandle.standardError.write(Data(
                "⚠️  SKIPPING the push benchmark test: GESTURELAB_TEST_POSTGRES_URL is not set\n".utf8))
        }
        return url != nil || isCI
    }()

    @Test(.enabled(if: enabled)) func pushAndCopyLoadTheSameRows() throws {
        let serverURL = try #require(Self.url, "CI=true needs GESTURELAB_TEST_POSTGRES_URL")
        let folder = TestScratch.newPath("gesturelab-push-bench").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let capture = (folder as NSString).appendingPathComponent("capture.jsonl")
        let simulator = Simulator(options: SimulationOptions(seed: 4, sessionsPerVariant: 1, touchesPerSession: 6))
        _ = try simulator.writeCapture(path: capture, experiment: simulator.options.experiments[0])
        let sqlitePath = (folder as NSString).appendingPathComponent("bench.sqlite")
        do {
            let database = try GestureDatabase(path: sqlitePath)
            _ = try CaptureImporter(database: database).importCapture(path: capture)
        }

        let result = try PushBenchmark(sqlitePath: sqlitePath, serverURL: serverURL, directory: folder).run()

        // Every pushed row, counted in SQLite.
        let local = try GestureDatabase(readingAt: sqlitePath)
        func localCount(_ table: String) throws -> Int {
            try local.connection.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") } ?? 0
        }
        let tables = ["capture", "session"] + PushedTables.perSession.map(\.relation)
        let expectedRows = try tables.map(localCount).reduce(0, +)
        #expect(result.captures == 1)
        #expect(result.rows == expectedRows)
        #expect(result.pushSeconds > 0 && result.copySeconds > 0)

        // The two databases the benchmark loaded hold the same rows.
        let base = try ServerAddress(url: serverURL)
        func reader(_ database: String) throws -> ServerReader {
            var address = base
            address.database = database
            return try ServerReader(address)
        }
        let pushed = try reader("gesturelab_bench_push")
        let copied = try reader("gesturelab_bench_copy")
        defer {
            pushed.close()
            copied.close()
        }
        let perSession = PushedTables.perSession.map { (table: $0.table, relation: $0.relation, columns: $0.columns) }
        for (table, relation, columns) in [("session", "session", PushedTables.session)] + perSession {
            let list = columns.joined(separator: ", ")
            let sql = "SELECT \(list) FROM \(table) ORDER BY \(list)"
            let pushedRows = try pushed.fetchRows(sql: sql).map { "\($0.values)" }
            let copiedRows = try copied.fetchRows(sql: sql).map { "\($0.values)" }
            #expect(pushedRows == copiedRows, "\(table)")
            #expect(pushedRows.count == (try localCount(relation)), "\(table)")
        }

        // The reading half: every canned query, sessions and every export,
        // each the same bytes on both engines, or the same rows where the
        // server does not keep SQLite's order.
        var reading = ServerReadBenchmark(sqlitePath: sqlitePath, server: result.pushTarget, directory: folder)
        reading.runs = 1
        let steps = try reading.run()
        let queries = try QueryCatalog().queries.map(\.name)
        let relations = StoreRelations.offered.map(\.name)
        #expect(steps.map(\.name) == queries.map { "query \($0)" } + ["sessions"] + relations.map { "export \($0)" })
        for step in steps {
            let relation = step.name.hasPrefix("export ") ? String(step.name.dropFirst("export ".count)) : nil
            if let relation, !ServerReader.keepsSQLiteOrder(exporting: relation) {
                #expect(step.sameRows, "\(step.name)")
            } else {
                #expect(step.sameOutput, "\(step.name)")
            }
            #expect(step.sqliteSeconds > 0 && step.serverSeconds > 0, "\(step.name)")
            // Only an export has the server's own CSV beside it (psql ran, and exited 0).
            #expect((step.serverCopySeconds ?? 0 > 0) == step.name.hasPrefix("export "), "\(step.name)")
        }
        #expect(steps.markdown.contains("| sessions |"))
        #expect(steps.markdown.contains("psql \\copy TO s |"))
    }
}
/// The benchmark's "same rows": CSV lines (CR LF) compared sorted.
struct SameLinesTests {
    @Test func csvLinesInAnotherOrderAreTheSameRows() throws {
        let folder = try ScratchFolder()
        let first = try folder.write("a.csv", "h,i\r\n1,x\r\n2,y\r\n")
        let reordered = try folder.write("b.csv", "h,i\r\n2,y\r\n1,x\r\n")
        let other = try folder.write("c.csv", "h,i\r\n2,y\r\n1,z\r\n")
        #expect(try ServerReadBenchmark.sameLines(first, reordered))
        #expect(try !ServerReadBenchmark.sameBytes(first, reordered))
        #expect(try !ServerReadBenchmark.sameLines(first, other))
        #expect(try ServerReadBenchmark.sameLines(first, first))
    }
}
#endif
