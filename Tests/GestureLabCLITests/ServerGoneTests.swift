#if PostgreSQL
import Foundation
import Testing
import TestScratch
#if canImport(Glibc)
import Glibc
#endif

/// A push or a reader whose server goes away, or stops answering, ends in
/// one line that says what happened; a push's line says that running it
/// again finishes it, and it does.
@Suite(.enabled(if: PostgresTestServer.enabled), .serialized)
struct ServerGoneTests {
    /// Far past anything the commands take here: a command still running
    /// then waits for good (the push this suite was written for slept 390 s).
    static let hung = 90.0

    @Test func aPushWhoseServerStopsEndsInOneLineAndTheSamePushFinishesIt() throws {
        let server = try ThrowawayServer()
        defer { server.remove() }
        let folder = try ScratchFolder()
        // A small capture first, then one large enough that its COPY is
        // under way when the server stops.
        for (name, size) in [("first", ["--sessions", "2"]), ("large", ["--records", "100000"])] {
            let simulated = try folder.run(["simulate", "--experiment", "hit-area", "--seed", name.count.description]
                + size + ["--out", "\(name).jsonl"])
            try #require(simulated.status == 0, "\(simulated.standardError)")
        }
        let imported = try folder.run(["import", "--db", "lab.sqlite", "first.jsonl", "large.jsonl"])
        try #require(imported.status == 0, "\(imported.standardError)")

        let push = try RunningGestureLab(["push", "--db", "lab.sqlite", "--to", server.url], in: folder)
        try push.waitUntil("the large capture's COPY") {
            guard push.standardError.contains("first.jsonl: pushed") else { return false }
            let copying = try? PostgresTestServer.psql(server.url, """
                SELECT count(*) FROM pg_stat_activity WHERE application_name = 'gesturelab' AND query LIKE 'COPY %'
                """)
            return copying == "1"
        }
        try server.crash()
        let ended = try #require(push.waitForExit(within: Self.hung), "the push was still waiting \(Self.hung) s after the server stopped")
        #expect(ended.status == 1)
        let lines = ended.standardError.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("first.jsonl: pushed ") })
        let port = server.url.split(separator: ":").last!.split(separator: "/")[0]
        // After the progress line's erasure, when there was one.
        #expect(lines.last?.hasSuffix("Error: PostgreSQL at 127.0.0.1:\(port) closed the connection during the push of large.jsonl: "
            + "nothing of it was stored, and the 1 capture before it is on the server; run the push again to finish "
            + "(it skips the captures the server already has)") == true, "\(ended.standardError)")

        try server.restart()
        #expect(try PostgresTestServer.psql(server.url, "SELECT file_name FROM capture") == "first.jsonl")
        let again = try folder.run(["push", "--db", "lab.sqlite", "--to", server.url])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("first.jsonl: already on the server"))
        #expect(again.standardError.contains("pushed 1 of 2 captures"))
        let samples = "SELECT count(*) AS n FROM touch_sample"
        let local = try folder.run(["query", "--sql", samples, "--format", "csv", "--db", "lab.sqlite"]).standardOutput
        #expect(try PostgresTestServer.psql(server.url, samples) == local.split(separator: "\r\n").last.map(String.init))
        #expect(try PostgresTestServer.psql(server.url, "SELECT count(*) FROM capture") == "2")
    }

    /// A statement that sends nothing for longer than the idle bound ends the
    /// reader (here a sleep on the server; a server that hangs looks the same).
    @Test func aReaderWaitingOnASilentServerEndsAtTheIdleBound() throws {
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let local = try SharedStoreTests.exampleStore(in: folder)
        try #require(try folder.run(["push", "--to", server, "--db", local]).status == 0)

        let query = try RunningGestureLab(["query", "--sql", "SELECT pg_sleep(\(Int(Self.hung) + 30)) AS slept", "--db", server],
                                          in: folder, environment: ["GESTURELAB_PG_IDLE_TIMEOUT": "1"])
        let ended = try #require(query.waitForExit(within: Self.hung), "the query outlived the idle bound")
        #expect(ended.status == 1)
        #expect(ended.standardOutput.isEmpty)
        let port = server.split(separator: ":").last!.split(separator: "/")[0]
        #expect(ended.standardError == "Error: PostgreSQL at 127.0.0.1:\(port) neither sent nor took a byte for 1 s "
            + "(GESTURELAB_PG_IDLE_TIMEOUT), so gesturelab closed the connection\n")
    }

    /// A listener that never answers: the connection's bound ends the wait.
    @Test func aServerThatNeverAnswersIsGivenUpAtTheConnectBound() throws {
        let listener = try SilentListener()
        let folder = try ScratchFolder()
        let url = "postgresql://lab:secret@127.0.0.1:\(listener.port)/gestures"
        let reader = try RunningGestureLab(["sessions", "--db", url], in: folder,
                                           environment: ["GESTURELAB_PG_CONNECT_TIMEOUT": "1"])
        let ended = try #require(reader.waitForExit(within: Self.hung))
        #expect(ended.status == 1)
        #expect(ended.standardError == "Error: cannot reach PostgreSQL at 127.0.0.1:\(listener.port): no answer within 1 s "
            + "(GESTURELAB_PG_CONNECT_TIMEOUT)\n")
    }

    @Test(arguments: ["GESTURELAB_PG_CONNECT_TIMEOUT", "GESTURELAB_PG_IDLE_TIMEOUT"])
    func aBoundThatIsNotANumberOfSecondsIsRefused(_ variable: String) throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["sessions", "--db", "postgresql://lab@127.0.0.1:1/x"], environment: [variable: "soon"])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: \(variable)=soon is not a number of seconds (above 0, at most 86400)\n")
    }
}

/// A PostgreSQL server of the test's own (scripts/postgres-test-server.sh),
/// which it may crash and restart.
struct ThrowawayServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "scripts/postgres-test-server.sh").path
    let url: String
    let directory: String

    init() throws {
        let exports = try Self.script(["start"])
        var values: [String: String] = [:]
        for line in exports.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
            values[String(pair[0])] = String(pair[1])
        }
        url = try #require(values["GESTURELAB_TEST_POSTGRES_URL"])
        directory = try #require(values["GESTURELAB_TEST_POSTGRES_DIR"])
    }

    /// `pg_ctl stop -m immediate`: every connection dropped at once.
    func crash() throws { _ = try Self.script(["crash", directory]) }
    func restart() throws { _ = try Self.script(["restart", directory]) }
    func remove() { _ = try? Self.script(["stop", directory]) }

    /// Runs the script, its output in files, through posix_spawn and
    /// waitpid: Foundation's `Process` lost the end of this child when other
    /// suites started processes at the same time, and waited for good.
    @discardableResult
    static func script(_ arguments: [String]) throws -> String {
        let folder = try TestScratch.newFolder("postgres-test-server")
        let output = folder.appending(path: "stdout").path
        let errors = folder.appending(path: "stderr").path
        let argv = ["/bin/bash", "-c", "exec /bin/bash \"$0\" \"$@\" >'\(output)' 2>'\(errors)' </dev/null", script] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", nil, nil, &cArguments, environ)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw PostgresTestServer.PSQLFailure(message: "postgres-test-server.sh \(arguments[0]) failed: \(text)")
        }
        return try String(contentsOfFile: output, encoding: .utf8)
    }
}

/// A loopback port whose listener takes connections and never says a word.
final class SilentListener {
    let port: Int
    private let socket: Int32

    init() throws {
        let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, length) }
        }
        try #require(bound == 0 && listen(listening, 8) == 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
        }
        socket = listening
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
#endif
