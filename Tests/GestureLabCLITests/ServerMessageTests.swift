#if PostgreSQL
import Foundation
import Testing
import TestScratch

#if canImport(Glibc)
import Glibc
#endif

/// The shared store's refusals: each one line saying what was wrong in the
/// user's terms (never the usage text, a library's type name or a raw
/// control character), a non-zero exit, and nothing written anywhere.
@Suite(.enabled(if: PostgresTestServer.enabled), .serialized)
struct ServerMessageTests {
    /// `--to` that is not a server URL: one line naming what --to takes.
    @Test(arguments: ["http://db.example/gestures", "lab.sqlite", "./lab.sqlite", "/tmp/x/lab.sqlite", "mysql://lab@db/g"])
    func pushRefusesAToThatIsNotAServer(_ to: String) throws {
        let folder = try ScratchFolder()
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let result = try folder.run(["push", "--to", to, "--db", try Self.localStore()])
        #expect(result.status != 0)
        #expect(result.standardError == "Error: --to takes a postgresql:// or postgres:// URL "
            + "(postgresql://USER@HOST:PORT/DATABASE), not \(to)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == before)
    }

    /// A port past 65535 is named as such before anything connects (it read
    /// "connection refused"); bench checks its URL before its minutes of work.
    @Test(arguments: [["push", "--db", "LOCAL", "--to", "URL"], ["sessions", "--db", "URL"],
                      ["bench", "--records", "1000", "--postgresql", "URL"]])
    func anImpossiblePortIsNamed(_ arguments: [String]) throws {
        let folder = try ScratchFolder()
        let url = "postgresql://lab@127.0.0.1:99999/gestures"
        let local = try Self.localStore()
        let result = try folder.run(arguments.map { $0 == "URL" ? url : $0 == "LOCAL" ? local : $0 })
        #expect(result.status != 0)
        #expect(result.standardError == "Error: \(url): port 99999 is not a port (1 to 65535)\n", "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    /// `--db` naming a folder: said so, for push as for the reading commands,
    /// before the server is touched.
    @Test(arguments: [["push", "--to", "SERVER", "--db", "captures"], ["sessions", "--db", "captures"],
                      ["query", "slowest-touches", "--db", "captures"]])
    func refusesAFolderAsTheLocalStore(_ arguments: [String]) throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("captures"), withIntermediateDirectories: false)
        let server = try PostgresTestServer.freshDatabase()
        let result = try folder.run(arguments.map { $0 == "SERVER" ? server : $0 })
        #expect(result.status != 0)
        #expect(result.standardError == "Error: cannot open captures: it is a folder, not a gesturelab store "
            + "(--db names the store's file, such as gesturelab.sqlite)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("captures")).isEmpty)
        #expect(try Self.publicTables(server) == "0")
    }

    /// A host name that does not resolve: named, without the library's words.
    @Test(arguments: [["push", "--db", "DEMO", "--to", "postgresql://lab@no-such-host.invalid/gestures"],
                      ["sessions", "--db", "postgresql://lab@no-such-host.invalid/gestures"],
                      ["query", "--sql", "SELECT 1", "--db", "postgres://lab@no-such-host.invalid:6543/gestures"]])
    func namesAHostThatCannotBeResolved(_ arguments: [String]) throws {
        let folder = try ScratchFolder()
        let result = try folder.run(try arguments.map { $0 == "DEMO" ? try Self.localStore() : $0 })
        #expect(result.status != 0)
        let port = arguments.last!.contains(":6543") ? 6543 : 5432
        // getaddrinfo's own words, which depend on whether a resolver answered.
        let reasons = [EAI_NONAME, EAI_AGAIN, EAI_FAIL].map { String(cString: gai_strerror($0)) }
        let expected = reasons.map {
            "Error: cannot reach PostgreSQL at no-such-host.invalid:\(port): the host no-such-host.invalid "
                + "could not be resolved (\($0))\n"
        }
        #expect(expected.contains(result.standardError), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// Names from the URL are printed escaped: a database named with a
    /// line break (`%0A`) stays on the one line.
    @Test(arguments: ["sessions", "push"])
    func escapesADatabaseNameWithALineBreak(_ command: String) throws {
        let base = try PostgresTestServer.requireURL()
        let url = PostgresTestServer.replacingDatabase(in: base, with: "lab%0Anotes")
        let folder = try ScratchFolder()
        let arguments = command == "push" ? ["push", "--to", url, "--db", try Self.localStore()] : [command, "--db", url]
        let result = try folder.run(arguments)
        #expect(result.status != 0)
        let components = try #require(URLComponents(string: base))
        let server = "\(components.host ?? ""):\(components.port ?? 5432)"
        #expect(result.standardError == "Error: PostgreSQL at \(server) has no database lab\\nnotes "
            + "(database \"lab\\nnotes\" does not exist)\n")
        #expect(try PostgresTestServer.psql(base, "SELECT count(*) FROM pg_database WHERE datname LIKE 'lab%notes'") == "0")
    }

    /// A reader that meets a store a running push is still building (it
    /// holds the migration lock) is told to wait for the push; between two
    /// of a push's migrations, when no lock is held, the refusal says both.
    @Test(arguments: [["sessions"], ["query", "slowest-touches"],
                      ["compare", "--by", "variant", "--a", "a", "--b", "b"], ["report", "--out", "report.html"]])
    func readersWaitForARunningPush(_ command: [String]) throws {
        let server = try PostgresTestServer.freshDatabase()
        let migrations = try Self.serverMigrations()
        let lock = try MigrationLockHolder(server)
        defer { lock.release() }
        let folder = try ScratchFolder()
        let result = try folder.run(command + ["--db", server])
        #expect(result.status != 0)
        #expect(result.standardError == "Error: \(try Self.masked(server)) is being set up by a push that is still "
            + "running (server migration \(migrations[0]), 1 of \(migrations.count)): wait for the push to finish, "
            + "then run this again\n")
        #expect(try Self.publicTables(server) == "0")
        #expect(!FileManager.default.fileExists(atPath: folder.path("report.html")))
        lock.release()

        // A store whose last migration a push has yet to apply, no lock held.
        let partial = try PostgresTestServer.freshDatabase()
        #expect(try ScratchFolder().run(["push", "--to", partial, "--db", try Self.localStore()]).status == 0)
        try PostgresTestServer.psql(partial, "DELETE FROM gesturelab_migration WHERE version = \(migrations.count)")
        let between = try folder.run(command + ["--db", partial])
        #expect(between.status != 0)
        #expect(between.standardError == "Error: \(try Self.masked(partial)) needs server migration "
            + "\(migrations.last!): if a push to it is running, wait for it; otherwise `gesturelab push --to` it once "
            + "with this gesturelab to bring it up to date\n")
        #expect(try PostgresTestServer.psql(partial, "SELECT count(*) FROM gesturelab_migration")
            == "\(migrations.count - 1)")
    }

    /// `--sql` that fails is one line on both engines, in the same form,
    /// quoting the SQL on it (on one line, shortened when long), and the
    /// engine's message never under another engine's name.
    @Test(arguments: SQLFailure.allCases)
    func adHocSQLFailsInOneLineOnBothEngines(_ failure: SQLFailure) throws {
        let local = try Self.localStore()
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        #expect(try folder.run(["push", "--to", server, "--db", local]).status == 0)
        for (store, message) in [(local, failure.sqlite), (server, failure.postgres)] {
            let result = try folder.run(["query", "--sql", failure.sql, "--db", store])
            #expect(result.status != 0)
            #expect(result.standardError == "Error: \(message) - in `\(failure.quoted)`\n", "\(store)")
            #expect(!result.standardError.contains("SQLite error") && !result.standardError.contains("PostgreSQL error"))
        }
        #expect(try PostgresTestServer.psql(server, "SELECT count(*) FROM capture") == "1")
    }

    enum SQLFailure: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case unknownColumn, severalLines, long, write, retiredName

        var testDescription: String { rawValue }

        var sql: String {
            switch self {
            case .unknownColumn: "SELECT nope FROM capture"
            case .severalLines: "SELECT capture,\n       nope\n  FROM responses\n WHERE latency_ms > 5;"
            case .long: "SELECT nope, " + (1...40).map { "latency_ms AS c\($0)" }.joined(separator: ", ") + " FROM responses"
            case .write: "DELETE FROM capture"
            case .retiredName: "SELECT count(*) FROM response"
            }
        }

        /// The SQL as the line quotes it: one line, at most 120 characters and `…`.
        var quoted: String {
            switch self {
            case .unknownColumn: "SELECT nope FROM capture"
            case .severalLines: "SELECT capture, nope FROM responses WHERE latency_ms > 5"
            case .long: String(sql.prefix(120)) + "…"
            case .write: "DELETE FROM capture"
            case .retiredName: "SELECT count(*) FROM response"
            }
        }

        var sqlite: String {
            switch self {
            case .unknownColumn, .severalLines, .long: "SQL failed: no such column: nope"
            case .write: Self.readOnly + "(attempt to write a readonly database)"
            case .retiredName: "SQL failed: no such table: response" + Self.retired
            }
        }

        var postgres: String {
            switch self {
            case .unknownColumn, .severalLines, .long: "SQL failed: column \"nope\" does not exist"
            case .write: Self.readOnly + "(cannot execute DELETE in a read-only transaction)"
            case .retiredName: "SQL failed: relation \"response\" does not exist" + Self.retired
            }
        }

        static let retired = " (response is now responses: since schema 13 each relation has one name)"

        static let readOnly = "--sql only reads: the store is opened read-only, so INSERT, UPDATE, DELETE and schema "
            + "changes are refused "
    }

    // MARK: - Helpers

    /// A small local store (the hand-written example capture), made once:
    /// these tests need a store, not the demo's volume.
    static let store: Result<String, any Error> = Result {
        let folder = try ScratchFolder()
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Examples/edge-deferral.jsonl").path
        let result = try folder.run(["import", "--db", "lab.sqlite", example])
        guard result.status == 0 else { throw PostgresTestServer.PSQLFailure(message: result.standardError) }
        return folder.path("lab.sqlite")
    }

    static func localStore() throws -> String { try store.get() }

    static func publicTables(_ url: String) throws -> String {
        try PostgresTestServer.psql(url, "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
    }

    /// The URL as gesturelab prints it: its password as `***`.
    static func masked(_ url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        guard let password = components.password else { return url }
        return url.replacingOccurrences(of: ":\(password)@", with: ":***@")
    }

    /// The server migrations' file names, from Migrations/postgresql.
    static func serverMigrations() throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Migrations/postgresql")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
    }
}

/// A psql session holding push's migration lock on a database, as a push
/// does while it migrates: the advisory lock on "GLAB" and 1
/// (0x474C_4142_0000_0001).
final class MigrationLockHolder {
    static let key: Int64 = 5_137_553_026_646_540_289
    private let process = Process()
    private let url: String
    private let name = "gesturelab-test-lock-\(UUID().uuidString.prefix(8))"
    private var released = false

    init(_ url: String) throws {
        self.url = url
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-At", url, "-c", "SELECT pg_advisory_lock(\(Self.key)); SELECT pg_sleep(300)"]
        process.environment = ProcessInfo.processInfo.environment.merging(["PGAPPNAME": name]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the server shows the lock granted (at most 10 s).
        for _ in 0..<100 {
            if try PostgresTestServer.psql(url, "SELECT count(*) FROM pg_locks JOIN pg_stat_activity USING (pid) "
                + "WHERE locktype = 'advisory' AND granted AND application_name = '\(name)'") == "1" { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        release()
        throw PostgresTestServer.PSQLFailure(message: "the migration lock was not taken")
    }

    func release() {
        guard !released else { return }
        released = true
        _ = try? PostgresTestServer.psql(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            + "WHERE application_name = '\(name)'")
        process.terminate()
        process.waitUntilExit()
    }
}
#endif
