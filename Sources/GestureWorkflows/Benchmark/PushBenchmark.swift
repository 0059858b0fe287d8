#if PostgreSQL
import Foundation
import GestureStore
import GestureStorePostgreSQL
import GestureTrace

/// The shared store's part of `gesturelab bench`: a push of a SQLite store
/// over loopback, timed beside `psql \copy` of the same rows as CSV.
///
/// Both load into new databases with the store's schema, so the server does
/// the same work (the same tables, keys and indexes); the difference is what
/// push adds: reading SQLite, mapping ids, the text format, one transaction
/// per capture. The CSV files are written before the clock starts.
///
///     let result = try PushBenchmark(sqlitePath: "bench.sqlite", serverURL: url, directory: "/tmp/b").run()
///     result.ratio   // push seconds / \copy seconds
package struct PushBenchmark {
    package struct Result: Sendable {
        package var rows: Int
        package var captures: Int
        package var pushSeconds: Double
        package var copySeconds: Double
        /// The database push filled.
        package var pushTarget: ServerAddress
        package var ratio: Double { copySeconds > 0 ? pushSeconds / copySeconds : 0 }
    }

    package var sqlitePath: String
    package var serverURL: String
    /// Where the CSV files go.
    package var directory: String

    package init(sqlitePath: String, serverURL: String, directory: String) {
        self.sqlitePath = sqlitePath
        self.serverURL = serverURL
        self.directory = directory
    }

    package func run(log: (String) -> Void = { _ in }) throws -> Result {
        let base = try ServerAddress(url: serverURL)
        let pushTarget = try freshDatabase("gesturelab_bench_push", on: base)
        let copyTarget = try freshDatabase("gesturelab_bench_copy", on: base)

        log("pushing \(sqlitePath) to \(pushTarget.masked)")
        let connection = try ServerConnection(pushTarget)
        defer { connection.close() }
        try ServerSchema().migrate(connection)
        var started = ContinuousClock.now
        let store = try GestureDatabase(readingAt: sqlitePath)
        defer { try? store.close() }
        let summary = try StorePusher(store: store).push(to: connection)
        let pushSeconds = (ContinuousClock.now - started).seconds

        log("writing the same rows as CSV for psql \\copy")
        let copyConnection = try ServerConnection(copyTarget)
        try ServerSchema().migrate(copyConnection)
        copyConnection.close()
        let script = try writeCSV()
        started = ContinuousClock.now
        try runPSQL(script: script, address: copyTarget)
        let copySeconds = (ContinuousClock.now - started).seconds
        return Result(rows: summary.rows, captures: summary.pushed.count,
                      pushSeconds: pushSeconds, copySeconds: copySeconds, pushTarget: pushTarget)
    }

    /// Drops and recreates a database named `name` beside the URL's.
    private func freshDatabase(_ name: String, on base: ServerAddress) throws -> ServerAddress {
        let admin = try ServerConnection(base)
        defer { admin.close() }
        try admin.execute("DROP DATABASE IF EXISTS \(name)", "CREATE DATABASE \(name)")
        var address = base
        address.database = name
        address.masked = ServerAddress.mask(serverURL.replacingOccurrences(of: "/\(base.database)", with: "/\(name)"))
        return address
    }

    /// One CSV file per table, with the same ids push would give in a new
    /// database, and the psql script that loads them.
    private func writeCSV() throws -> String {
        var script = "BEGIN;\n"
        let tables: [(table: String, relation: String, columns: [String], localColumns: [String])] = [
            ("capture", "capture", ["id"] + PushedTables.capture, ["id"] + PushedTables.capture),
            ("session", "session", ["id", "capture_id"] + PushedTables.session, ["id", "capture_id"] + PushedTables.session),
        ] + PushedTables.perSession.map { ($0.table, $0.relation, ["session_id"] + $0.columns, ["session_id"] + $0.localColumns) }
        for (table, relation, columns, localColumns) in tables {
            let file = (directory as NSString).appendingPathComponent("copy-\(table).csv")
            let select = "SELECT \(localColumns.joined(separator: ", ")) FROM \(relation)"
                + (table == "capture" ? " WHERE sha256 IS NOT NULL" : "")
            try ExternalTool.run("sqlite3", ["-csv", "-bail", sqlitePath, ".output \(file)", select])
            script += "\\copy \(table) (\(columns.joined(separator: ", "))) FROM '\(file)' WITH (FORMAT csv)\n"
        }
        return script + "COMMIT;\n"
    }

    private func runPSQL(script: String, address: ServerAddress) throws {
        let path = (directory as NSString).appendingPathComponent("copy.psql")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try ExternalTool.psql(address, ["-f", path])
    }
}

extension PushBenchmark.Result {
    /// The result as a Markdown table for BENCHMARKS.md.
    package var markdown: String {
        func rate(_ seconds: Double) -> String { seconds > 0 ? "\(Int((Double(rows) / seconds).rounded()).grouped)/s" : "" }
        return """

            ### Push to PostgreSQL over loopback

            | step | rows | seconds | rate | target | met |
            | --- | ---: | ---: | ---: | --- | --- |
            | gesturelab push (\(captures) capture\(captures == 1 ? "" : "s"), all tables) | \(rows.grouped) | \(String(format: "%.3f", pushSeconds)) | \(rate(pushSeconds)) |  |  |
            | psql \\copy of the same rows as CSV | \(rows.grouped) | \(String(format: "%.3f", copySeconds)) | \(rate(copySeconds)) |  |  |
            | push time / \\copy time |  | \(String(format: "%.2f", ratio)) |  | ≤ 1.5 | \(ratio <= 1.5 ? "yes" : "no") |

            """
    }
}
#endif
