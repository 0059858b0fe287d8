#if PostgreSQL
import Foundation
import GRDB
import Testing
import TestScratch

/// A store `SharedStoreTests` expects every reading command to refuse in one line.
enum BadStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case unreachable, wrongPassword, noSuchDatabase, notAStore, emptyDatabase, newerSchema, editedMigration

    var testDescription: String { rawValue }

    /// The store's URL and a piece of the expected message.
    func prepare() throws -> (url: String, message: String) {
        let base = try PostgresTestServer.requireURL()
        switch self {
        case .unreachable:
            return ("postgresql://postgres:wrong-secret@127.0.0.1:1/gestures", "cannot reach PostgreSQL at 127.0.0.1:1")
        case .wrongPassword:
            var components = URLComponents(string: base)!
            components.password = "wrong-secret"
            return (components.string!, "refused user postgres")
        case .noSuchDatabase:
            return (PostgresTestServer.replacingDatabase(in: base, with: "no_such_db"), "has no database no_such_db")
        case .notAStore:
            let url = try PostgresTestServer.freshDatabase()
            try PostgresTestServer.psql(url, "CREATE TABLE notes (body text)")
            return (url, "is not a gesturelab store (it has tables but no gesturelab_migration table)")
        case .emptyDatabase:
            return (try PostgresTestServer.freshDatabase(), "is not a gesturelab store yet")
        case .newerSchema:
            let url = try PostgresTestServer.freshDatabase()
            try migrated(url)
            try PostgresTestServer.psql(url, "INSERT INTO gesturelab_migration VALUES (99, '0099_future.sql', 'x', 'now')")
            return (url, "was made by a newer gesturelab (server schema version 99")
        case .editedMigration:
            let url = try PostgresTestServer.freshDatabase()
            try migrated(url)
            try PostgresTestServer.psql(url, "UPDATE gesturelab_migration SET checksum = 'edited' WHERE version = 1")
            return (url, "server migration 0001_initial.sql was changed after it was applied")
        }
    }

    /// A store with the schema and nothing else: a push of an empty SQLite
    /// store (made by importing a capture of a header alone).
    private func migrated(_ url: String) throws {
        let folder = try ScratchFolder()
        let header = try folder.write("header.jsonl", #"{"type":"header","format":"gesture-trace","version":1}"# + "\n")
        let imported = try folder.run(["import", "--db", folder.path("empty.sqlite"), header])
        guard imported.status == 0 else { throw PostgresTestServer.PSQLFailure(message: imported.standardError) }
        let result = try folder.run(["push", "--to", url, "--db", folder.path("empty.sqlite")])
        guard result.status == 0 else { throw PostgresTestServer.PSQLFailure(message: result.standardError) }
    }

    func checkUnchanged(_ url: String) throws {
        switch self {
        case .notAStore:
            #expect(try PostgresTestServer.psql(url, "SELECT string_agg(table_name, ',') FROM information_schema.tables "
                + "WHERE table_schema = 'public'") == "notes")
        case .emptyDatabase:
            // Reading does not make a store.
            #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM information_schema.tables "
                + "WHERE table_schema = 'public'") == "0")
        case .newerSchema, .editedMigration:
            // Only the header-only capture that set the store up: the refused push added nothing.
            #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM capture") == "1")
        case .unreachable, .wrongPassword, .noSuchDatabase:
            break
        }
    }
}

/// A `gesturelab` run in the background, for concurrent and killed pushes.
final class BackgroundRun {
    private let process = Process()
    private let errorURL: URL
    private let outputURL: URL

    init(_ arguments: [String], in folder: ScratchFolder) throws {
        process.executableURL = GestureLabProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        outputURL = folder.url.appending(path: ".out-\(UUID().uuidString)")
        errorURL = folder.url.appending(path: ".err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    var standardErrorSoFar: String {
        String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
    }

    func wait() -> GestureLabProcess.Result {
        process.waitUntilExit()
        return GestureLabProcess.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self),
            standardError: standardErrorSoFar)
    }
}
#endif
