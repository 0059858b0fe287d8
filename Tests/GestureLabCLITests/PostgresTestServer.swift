#if PostgreSQL
import Foundation
import Testing
import TestScratch

/// The PostgreSQL server the shared-store tests use, named by
/// `GESTURELAB_TEST_POSTGRES_URL` (scripts/postgres-test-server.sh starts one).
///
/// Outside CI the tests skip, loudly, when no server is named; in CI
/// (`CI=true`) they run and fail without one.
enum PostgresTestServer {
    static let environment = ProcessInfo.processInfo.environment
    static let url = environment["GESTURELAB_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isCI = environment["CI"] == "true"

    /// Whether the tests that need the server run.
    static let enabled: Bool = {
        if url == nil && !isCI {
            FileHandle.standardError.write(Data("""
                ⚠️  SKIPPING the PostgreSQL shared-store tests: GESTURELAB_TEST_POSTGRES_URL is not set.
                   Start a server with: eval "$(scripts/postgres-test-server.sh start)"

                """.utf8))
        }
        return url != nil || isCI
    }()

    /// The server's URL; fails the test in CI when none is named.
    static func requireURL() throws -> String {
        try #require(url, "CI=true but GESTURELAB_TEST_POSTGRES_URL is not set: start scripts/postgres-test-server.sh")
    }

    /// A new empty database on the server; returns its URL.
    static func freshDatabase() throws -> String {
        let base = try requireURL()
        let name = "t_" + UUID().uuidString.prefix(8).lowercased()
        _ = try psql(base, "CREATE DATABASE \(name)")
        return replacingDatabase(in: base, with: name)
    }

    static func replacingDatabase(in url: String, with name: String) -> String {
        let withoutQuery = url.split(separator: "?", maxSplits: 1)[0]
        return withoutQuery[..<withoutQuery.lastIndex(of: "/")!] + "/" + name
    }

    /// Runs SQL with psql and returns its unaligned output, rows on lines.
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PSQLFailure(message: String(decoding: errorText, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PSQLFailure: Error { var message: String }
}

/// The demo's five experiments, one capture each, imported into SQLite once
/// for every test that pushes.
///
/// Made with `simulate` and `import` rather than `demo`: the demo's comparisons
/// and report add nothing here and take most of a debug build's test time.
/// Four sessions a variant, not the demo's eight: every query and comparison
/// still answers, each split still has sessions on both sides, and each of
/// the four tests that push it copies half the rows (a debug build's push
/// was most of those tests' time).
enum DemoStore {
    static let experiments = ["edge-deferral", "delivery-channel", "content-touches", "hit-area", "touch-delay"]

    static let folder: Result<ScratchFolder, any Error> = Result {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("demo"), withIntermediateDirectories: true)
        var captures: [String] = []
        for experiment in experiments {
            let capture = "demo/\(experiment).jsonl"
            let simulated = try folder.run(["simulate", "--experiment", experiment, "--sessions", "4", "--out", capture])
            guard simulated.status == 0 else { throw PostgresTestServer.PSQLFailure(message: simulated.standardError) }
            captures.append(capture)
        }
        let imported = try folder.run(["import", "--db", "demo/demo.sqlite"] + captures)
        guard imported.status == 0 else { throw PostgresTestServer.PSQLFailure(message: imported.standardError) }
        return folder
    }

    /// The SQLite store's path.
    static func path() throws -> String {
        try folder.get().path("demo/demo.sqlite")
    }
}
#endif
