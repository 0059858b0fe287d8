#if PostgreSQL
import Foundation
import GestureAnalysis
import GestureStore
import GestureStorePostgreSQL

/// The shared store's reading part of `gesturelab bench --postgresql`: each
/// canned query, `sessions` and `export` of every relation, on the SQLite
/// store and on the server it was pushed to, timed one after the other in
/// this process, and their outputs compared byte for byte (and line for
/// line, sorted, where the bytes differ).
///
/// Each step runs as its command does (a new connection to the server,
/// opened before the clock starts, and the command's default format), three
/// times on each engine; the least time of each stands, so a moment of load on this shared machine does not. The
/// server's tables are vacuumed and analyzed first, as autovacuum leaves
/// them soon after a push.
///
///     let steps = try ServerReadBenchmark(sqlitePath: "bench.sqlite", server: address).run()
///     steps.map(\.ratio)   // server seconds / SQLite seconds
package struct ServerReadBenchmark {
    package struct Step: Sendable {
        package var name: String
        package var sqliteSeconds: Double
        package var serverSeconds: Double
        package var sameOutput: Bool
        /// Whether the outputs hold the same lines, sorted: the same rows in
        /// another order, where `sameOutput` is false.
        package var sameRows: Bool
        /// For an export: the server writing the same rows as CSV itself,
        /// `psql \copy (…) TO` (its process and connection included), the
        /// least of the runs: the server's own text form of them.
        package var serverCopySeconds: Double?
        package var ratio: Double { sqliteSeconds > 0 ? serverSeconds / sqliteSeconds : 0 }
        /// The target every step is held to.
        package static let targetRatio = 2.0
        /// Steps that take less on both engines are a network round trip
        /// or two, not work: their ratio is printed, not judged.
        package static let judgedFrom = 0.010
        /// Whether the step meets the target; nil when it is too short to judge.
        package var met: Bool? {
            max(sqliteSeconds, serverSeconds) < Self.judgedFrom ? nil : ratio <= Self.targetRatio
        }
    }

    package var sqlitePath: String
    package var server: ServerAddress
    /// Where each run's output is written, to be compared.
    package var directory: String
    package var runs = 3

    package init(sqlitePath: String, server: ServerAddress, directory: String) {
        self.sqlitePath = sqlitePath
        self.server = server
        self.directory = directory
    }

    package func run(log: (String) -> Void = { _ in }) throws -> [Step] {
        let catalog = try QueryCatalog()
        typealias Work = (name: String, relation: String?, body: (any StoreReader, TextOutput) throws -> Void)
        var work: [Work] = catalog.queries.map { query in
            ("query \(query.name)", nil, { reader, output in
                try QueryCatalog.run(query, parameters: [], in: reader, format: .table, to: output)
            })
        }
        work.append(("sessions", nil, { reader, output in
            try RowWriter.write(sql: reader.builtInQuerySQL(name: "sessions", portable: SessionCatalog.sql), in: reader,
                                format: .table, to: output)
        }))
        for relation in StoreRelations.offered.map(\.name) {
            work.append(("export \(relation)", relation, { reader, output in
                try Exporter.export(relation, catalog: catalog, in: reader, to: output)
            }))
        }
        // What autovacuum would do in its own time after a push, done before
        // the clock starts rather than during it.
        log("VACUUM (ANALYZE) on \(server.masked)")
        let settle = try ServerConnection(server)
        defer { settle.close() }
        try settle.execute("VACUUM (ANALYZE)")
        let store = try GestureDatabase(readingAt: sqlitePath, prepareConnection: PercentileFunctions.register)
        defer { try? store.close() }
        return try work.map { name, relation, body in
            log("\(name) on both engines")
            let local = try time(engine: "sqlite") { output in
                try store.connection.read { db in try body(db, output) }
            }
            let remote = try time(engine: "server", opening: { try ServerReader(server) }) { reader, output in
                defer { reader.close() }
                try body(reader, output)
            }
            defer {
                try? FileManager.default.removeItem(atPath: local.path)
                try? FileManager.default.removeItem(atPath: remote.path)
            }
            let sameOutput = try Self.sameBytes(local.path, remote.path)
            return Step(name: name, sqliteSeconds: local.seconds, serverSeconds: remote.seconds,
                        sameOutput: sameOutput, sameRows: try sameOutput || Self.sameLines(local.path, remote.path),
                        serverCopySeconds: try relation.map(serverCopySeconds))
        }
    }

    /// The least of `runs` times of `psql \copy (the export's SQL) TO '/dev/null'` as CSV.
    private func serverCopySeconds(relation: String) throws -> Double {
        let copy = "\\copy (\(ExportOrder.sql(relation: relation, sorted: true))) TO '/dev/null' WITH (FORMAT csv, HEADER)"
        var least = Double.infinity
        for _ in 0..<runs {
            let started = ContinuousClock.now
            try ExternalTool.psql(server, ["-c", copy])
            least = min(least, (ContinuousClock.now - started).seconds)
        }
        return least
    }

    /// The least of `runs` times, and the file the last run wrote.
    private func time(engine: String, _ body: (TextOutput) throws -> Void) throws -> (seconds: Double, path: String) {
        try time(engine: engine, opening: {}, { _, output in try body(output) })
    }

    /// The same, each run on what `opening` opens before the clock starts:
    /// the server's connection, as the SQLite file is open before it.
    private func time<Opened>(engine: String, opening: () throws -> Opened,
                              _ body: (Opened, TextOutput) throws -> Void) throws -> (seconds: Double, path: String) {
        let path = (directory as NSString).appendingPathComponent("read-\(engine).out")
        var least = Double.infinity
        for _ in 0..<runs {
            let opened = try opening()
            let output = try TextOutput(path: path)
            let started = ContinuousClock.now
            try body(opened, output)
            try output.flush()
            least = min(least, (ContinuousClock.now - started).seconds)
        }
        return (least, path)
    }

    /// Whether two files hold the same lines in some order: read whole and
    /// sorted, so only for outputs whose bytes differ.
    static func sameLines(_ first: String, _ second: String) throws -> Bool {
        // Split at the byte: Swift's String takes CSV's CR LF as one character.
        func lines(_ path: String) throws -> [ArraySlice<UInt8>] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw WorkflowError("cannot read \(path)")
            }
            return [UInt8](data).split(separator: UInt8(ascii: "\n")).sorted { $0.lexicographicallyPrecedes($1) }
        }
        return try lines(first) == lines(second)
    }

    /// Whether two files hold the same bytes, read a chunk at a time.
    static func sameBytes(_ first: String, _ second: String) throws -> Bool {
        guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second) else {
            throw WorkflowError("cannot read \(first) or \(second)")
        }
        defer {
            try? a.close()
            try? b.close()
        }
        while true {
            let chunkA = a.readData(ofLength: 1 << 20), chunkB = b.readData(ofLength: 1 << 20)
            guard chunkA == chunkB else { return false }
            if chunkA.isEmpty { return true }
        }
    }
}

extension Array where Element == ServerReadBenchmark.Step {
    /// The steps as a Markdown table.
    package var markdown: String {
        var text = """

            ### Reading from PostgreSQL beside SQLite

            | step | SQLite s | server s | server / SQLite | target | met | same output | psql \\copy TO s |
            | --- | ---: | ---: | ---: | --- | --- | --- | ---: |

            """
        for step in self {
            let met = step.met.map { $0 ? "yes" : "**no**" } ?? "—"
            text += "| \(step.name) | \(String(format: "%.3f", step.sqliteSeconds)) | "
                + "\(String(format: "%.3f", step.serverSeconds)) | \(String(format: "%.2f", step.ratio)) | "
                + "≤ \(String(format: "%.0f", ServerReadBenchmark.Step.targetRatio)) | \(met) | "
                + "\(step.sameOutput ? "yes" : step.sameRows ? "same rows" : "**no**") | "
                + (step.serverCopySeconds.map { String(format: "%.3f", $0) } ?? "") + " |\n"
        }
        let floor = Int(ServerReadBenchmark.Step.judgedFrom * 1000)
        return text + """

            Each step the least of three runs, the connection opened before the clock starts. — : under \(floor) ms \
            on both engines, a round trip rather than work, not judged. same rows: the same lines in the server's own \
            order, for a relation whose order it does not keep. psql \\copy TO: the server writing the same \
            export's rows as CSV itself (psql's start and connection included), its own text form of them.

            """
    }
}
#endif
