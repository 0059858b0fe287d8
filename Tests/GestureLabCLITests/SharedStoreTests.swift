#if PostgreSQL
import Foundation
import GRDB
import Testing
import TestScratch

/// `push` and the reading commands on a real PostgreSQL server, against the
/// SQLite store the captures came from.
///
/// Each test has its own database on the server, so they run side by side;
/// those that only need a store to exist push the 43-line example capture,
/// not the demo's five.
@Suite(.enabled(if: PostgresTestServer.enabled))
struct SharedStoreTests {
    /// The relations both engines offer, under the same names: not SQLite's
    /// name-keyed storage (`name`, `stored_*`), which the server keeps otherwise.
    static let relationListSQL = """
        SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')
        AND name NOT LIKE 'sqlite_%' AND name != 'gesturelab_migration'
        AND name != 'name' AND substr(name, 1, 7) != 'stored_' ORDER BY name
        """

    /// The comparisons the demo reports, and one that lets compare choose A.
    static let comparisons: [[String]] = [
        ["--by", "deferred_edges", "--event", "touchDown", "--region", "bottom,bottom-right",
         "--experiment", "edge-deferral", "--a", "none", "--b", "bottom+right"],
        ["--by", "deferred_edges", "--event", "touchDown", "--region", "center",
         "--experiment", "edge-deferral", "--a", "none", "--b", "bottom+right"],
        ["--by", "via", "--event", "began", "--experiment", "delivery-channel", "--variant", "ipad",
         "--a", "observer", "--b", "target-action"],
        ["--by", "delays_content_touches", "--event", "touchesBegan", "--experiment", "content-touches",
         "--a", "false", "--b", "true"],
        ["--by", "variant", "--experiment", "delivery-channel", "--metric", "dispatch", "--event", "began"],
        // Splits and filters on what a session is: its app build, device and day.
        ["--by", "app.build", "--event", "touchDown", "--experiment", "edge-deferral", "--fail-if-slower", "50"],
        ["--by", "device.model", "--event", "began", "--where", "app.build=42", "--where", "delivery=both"],
        ["--by", "capture", "--event", "touchDown", "--where", "device.model=iPhone15,2"],
    ]

    /// The canned queries shipped in Queries/.
    static let cannedQueries: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Queries")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func pushedStoreAnswersAsTheSQLiteStoreDoes() throws {
        let local = try DemoStore.path()
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()

        let push = try folder.run(["push", "--to", server, "--db", local])
        #expect(push.status == 0, "\(push.standardError)")
        #expect(push.standardError.contains("pushed 5 of 5 captures"))
        let again = try folder.run(["push", "--to", server, "--db", local])
        #expect(again.status == 0)
        #expect(again.standardError.contains("already has all 5 captures"), "\(again.standardError)")
        #expect(try PostgresTestServer.psql(server, "SELECT count(*) FROM capture") == "5")

        #expect(Self.cannedQueries.count >= 7)
        for name in Self.cannedQueries {
            let sqlite = try folder.run(["query", name, "--format", "json", "--db", local])
            let postgres = try folder.run(["query", name, "--format", "json", "--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(name): \(postgres.standardError)")
            // outcomesAnswerAsOnSQLite covers the outcome queries on a capture made for them.
            #expect(sqlite.standardOutput.count > 10 || Self.targetQueries.contains(name), "\(name) returned nothing")
            #expect(postgres.standardOutput == sqlite.standardOutput, "query \(name) differs")
        }
        // --where shadows the relations by the kept sessions on either engine.
        for query in [["response-by-variant", "-p", "event", "touchDown", "--where", "app.build=42"],
                      ["session-summary", "--where", "device.model=iPad13,8", "--where", "app.build=41"],
                      ["--sql", "SELECT count(*) AS n, median(latency_ms) AS p50 FROM responses WHERE event = 'began'",
                       "--where", "variant=ipad"]] {
            let arguments = ["query"] + query + ["--format", "csv"]
            let sqlite = try folder.run(arguments + ["--db", local])
            let postgres = try folder.run(arguments + ["--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(query): \(postgres.standardError)")
            #expect(sqlite.standardOutput.split(separator: "\r\n").count > 1, "\(query) returned nothing")
            #expect(postgres.standardOutput == sqlite.standardOutput, "query \(query.joined(separator: " ")) differs")
        }
        // A negative limit means no limit on both engines (PostgreSQL's variant of the query).
        let unlimited = ["query", "slowest-touches", "-p", "limit", "-1", "--format", "csv"]
        let sqliteAll = try folder.run(unlimited + ["--db", local])
        #expect(try folder.run(unlimited + ["--db", server]).standardOutput == sqliteAll.standardOutput)
        #expect(sqliteAll.standardOutput.split(separator: "\r\n").count > 1_000)

        let relations = try folder.run(["query", "--sql", Self.relationListSQL, "--format", "csv", "--db", local])
            .standardOutput.split(separator: "\r\n").dropFirst().map(String.init)
        #expect(relations.contains("responses") && relations.contains("touch_sample"))
        // Every relation's row count, in one statement on each engine.
        let counts = relations.map { "SELECT '\($0)' AS relation, count(*) AS n FROM \($0)" }
            .joined(separator: " UNION ALL ") + " ORDER BY relation"
        let sqliteCounts = try folder.run(["query", "--sql", counts, "--format", "csv", "--db", local])
        let postgresCounts = try folder.run(["query", "--sql", counts, "--format", "csv", "--db", server])
        #expect(sqliteCounts.status == 0, "\(sqliteCounts.standardError)")
        #expect(sqliteCounts.standardOutput.split(separator: "\r\n").count == relations.count + 1)
        #expect(postgresCounts.standardOutput == sqliteCounts.standardOutput, "row counts of the relations")

        for format in ["json", "table"] {
            let sqlite = try folder.run(["sessions", "--format", format, "--db", local])
            #expect(try folder.run(["sessions", "--format", format, "--db", server]).standardOutput == sqlite.standardOutput)
        }
        for comparison in Self.comparisons {
            let arguments = ["compare"] + comparison + ["--format", "json"]
            let sqlite = try folder.run(arguments + ["--db", local])
            let postgres = try folder.run(arguments + ["--db", server])
            #expect(sqlite.status == 0, "\(sqlite.standardError)")
            #expect(postgres.standardOutput == sqlite.standardOutput, "compare \(comparison.joined(separator: " "))")
        }

        // The report over the whole store, and over one comparison: the same bytes from either engine.
        for selection in [[], ["--by", "deferred_edges", "--event", "touchDown", "--region", "bottom,bottom-right"]] {
            let arguments = ["report", "--out", "-", "--seed", "3"] + selection
            let sqlite = try folder.run(arguments + ["--db", local])
            let postgres = try folder.run(arguments + ["--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(postgres.standardError)")
            #expect(sqlite.standardOutput.hasPrefix("<!DOCTYPE html>"))
            #expect(postgres.standardOutput == sqlite.standardOutput, "report \(selection.joined(separator: " "))")
        }

        let exported = try folder.run(["export", "responses", "--db", server])
        let exportedLocally = try folder.run(["export", "responses", "--db", local])
        #expect(exported.status == 0)
        #expect(exported.standardOutput.split(separator: "\r\n").count
            == exportedLocally.standardOutput.split(separator: "\r\n").count)
        #expect(exported.standardOutput.hasPrefix(String(exportedLocally.standardOutput.prefix(200))))
        // Where the server can sort into SQLite's order, the same bytes (a
        // row may land on an earlier page of the server's table than the
        // rows copied before it, so without the sort these differed).
        for relation in ["touches", "touch_sample", "delivery"] {
            let sqlite = try folder.run(["export", relation, "--db", local])
            let postgres = try folder.run(["export", relation, "--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(relation): \(postgres.standardError)")
            #expect(sqlite.standardOutput.split(separator: "\r\n").count > 100, "\(relation) is nearly empty")
            #expect(postgres.standardOutput == sqlite.standardOutput, "export \(relation) differs")
        }
    }

    /// Variants spelt `café` two ways (é precomposed; e + U+0301) are two
    /// variants on both engines, as SQL's `=` says: compare and the report
    /// give the same bytes, and each variant has its own channel section
    /// (the server's report dropped one, and compare crashed on both).
    @Test func namesDifferingOnlyInBytesAreTwoOnBothEngines() throws {
        let folder = try ScratchFolder()
        let variants = ["caf\u{E9}", "cafe\u{301}"]
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (index, variant) in variants.enumerated() {
            for copy in 0..<2 {
                let session = "\(index)-\(copy)"
                lines.append(#"{"type":"session","session":"\#(session)","experiment":"e","variant":"\#(variant)","device":{"screen_w":390,"screen_h":844}}"#)
                for touch in 1...8 {
                    let down = 100 + touch, late = touch + 2 * copy + 3 * index
                    lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(down),"x":200,"y":400}"#)
                    lines.append(#"{"type":"delivery","session":"\#(session)","target":"pan","event":"began","via":"observer","t":\#(down).00\#(late),"touch":\#(touch)}"#)
                    lines.append(#"{"type":"delivery","session":"\#(session)","target":"pan","event":"began","via":"target-action","t":\#(down).01\#(late),"touch":\#(touch)}"#)
                }
            }
        }
        let capture = try folder.write("names.jsonl", lines.joined(separator: "\n") + "\n")
        let local = folder.path("names.sqlite")
        let imported = try folder.run(["import", capture, "--db", local])
        #expect(imported.status == 0, "\(imported.standardError)")
        let server = try PostgresTestServer.freshDatabase()
        #expect(try folder.run(["push", "--to", server, "--db", local]).status == 0)
        for arguments in [["compare", "--by", "variant", "--format", "json"], ["report", "--out", "-", "--seed", "3"]] {
            let sqlite = try folder.run(arguments + ["--db", local])
            let postgres = try folder.run(arguments + ["--db", server])
            #expect(sqlite.status == 0, "\(sqlite.standardError)")
            #expect(postgres.standardOutput == sqlite.standardOutput, "\(arguments.joined(separator: " ")) differs")
        }
        // By bytes: Swift's `contains` would find either spelling for both.
        let report = Data(try folder.run(["report", "--out", "-", "--db", local]).standardOutput.utf8)
        for variant in variants {
            let title = Data("\u{2068}e\u{2069}, \u{2068}\(variant)\u{2069}: ".utf8)
            #expect(report.range(of: title) != nil, "no channel section for \(Array(variant.unicodeScalars))")
        }
    }

    /// The queries that read touch outcomes, empty on a store without targets.
    static let targetQueries: Set<String> = ["reach-by-target"]

    /// Targets, outcomes and false starts (Tests/Fixtures/outcomes.jsonl,
    /// worked by hand in the store's OutcomeTests): every row of the new
    /// relations and both queries on them, the same on both engines.
    @Test func outcomesAnswerAsOnSQLite() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/outcomes.jsonl").path
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let local = folder.path("outcomes.sqlite")
        #expect(try folder.run(["import", "--db", local, fixture]).status == 0)
        let push = try folder.run(["push", "--to", server, "--db", local])
        #expect(push.status == 0, "\(push.standardError)")

        let relations = [
            "targets": "capture, session, target, t_ns, line",
            "outcomes": "capture, session, touch",
            "starts": "capture, session, touch, target",
            "false_starts": "capture, session, touch, target",
        ]
        for (relation, order) in relations {
            let arguments = ["query", "--sql", "SELECT * FROM \(relation) ORDER BY \(order)", "--format", "csv"]
            let sqlite = try folder.run(arguments + ["--db", local])
            let postgres = try folder.run(arguments + ["--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(relation): \(postgres.standardError)")
            // Every column but the ids the server gave.
            func dropIDs(_ text: String) -> [String] {
                text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(2).joined(separator: ",") }
            }
            #expect(sqlite.standardOutput.split(separator: "\r\n").count > 2, "\(relation) is empty")
            #expect(dropIDs(postgres.standardOutput) == dropIDs(sqlite.standardOutput), "\(relation) differs")
        }
        for relation in ["outcomes"] {
            let sqlite = try folder.run(["export", relation, "--db", local])
            #expect(try folder.run(["export", relation, "--db", server]).standardOutput == sqlite.standardOutput,
                    "export \(relation) differs")
        }
        for name in ["reach-by-target", "false-starts-by-target"] {
            let sqlite = try folder.run(["query", name, "--format", "json", "--db", local])
            let postgres = try folder.run(["query", name, "--format", "json", "--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(name): \(postgres.standardError)")
            #expect(sqlite.standardOutput.count > 100, "\(name) returned nothing")
            #expect(postgres.standardOutput == sqlite.standardOutput, "query \(name) differs")
        }
        // The capture row's target count travels too.
        #expect(try PostgresTestServer.psql(server, "SELECT target_count FROM capture") == "5")
    }

    /// Distances at the ends of binary64: a down 10^308 points from a
    /// frame, and one 2·10^308 away, past the largest double. The store
    /// had kept the second as inf: SQLite's percentile() refused it and
    /// failed the query for the whole store, while the server printed
    /// `inf`. Now both answer, with the same bytes.
    @Test func distancesAtTheEndsOfBinary64AnswerTheSameOnBothEngines() throws {
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let local = folder.path("far.sqlite")
        #expect(try folder.run(["import", "--db", local, try folder.write("far.jsonl", farTargetCapture)]).status == 0)
        let push = try folder.run(["push", "--to", server, "--db", local])
        #expect(push.status == 0, "\(push.standardError)")
        for format in ["json", "csv", "table"] {
            let sqlite = try folder.run(["query", "reach-by-target", "--format", format, "--db", local])
            let postgres = try folder.run(["query", "reach-by-target", "--format", format, "--db", server])
            #expect(sqlite.status == 0 && postgres.status == 0, "\(sqlite.standardError) \(postgres.standardError)")
            #expect(postgres.standardOutput == sqlite.standardOutput, "reach-by-target as \(format) differs")
        }
        let outcomes = ["query", "--sql", "SELECT touch, distance_pt FROM outcomes ORDER BY touch", "--format", "json"]
        let sqlite = try folder.run(outcomes + ["--db", local])
        #expect(try folder.run(outcomes + ["--db", server]).standardOutput == sqlite.standardOutput)
    }

    @Test func twoPushesAtOnceStoreEachCaptureOnce() throws {
        let local = try DemoStore.path()
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let pushes = try (0..<2).map { _ in try BackgroundRun(["push", "--to", server, "--db", local], in: folder) }
        let results = pushes.map { $0.wait() }
        for result in results { #expect(result.status == 0, "\(result.standardError)") }
        #expect(try PostgresTestServer.psql(server, "SELECT count(*), count(DISTINCT sha256) FROM capture") == "5|5")
        let localSessions = try folder.run(["query", "--sql", "SELECT count(*) AS n FROM session", "--format", "csv",
                                            "--db", local]).standardOutput
        let serverSessions = try PostgresTestServer.psql(server, "SELECT count(*) FROM session")
        #expect(localSessions.hasPrefix("n\r\n") && localSessions != "n\r\n0\r\n", "\(localSessions)")
        #expect("n\r\n\(serverSessions)\r\n" == localSessions)
        let localSamples = try folder.run(["query", "--sql", "SELECT count(*) AS n FROM touch_sample", "--format", "csv",
                                           "--db", local]).standardOutput
        let serverSamples = try folder.run(["query", "--sql", "SELECT count(*) AS n FROM touch_sample", "--format", "csv",
                                            "--db", server]).standardOutput
        #expect(serverSamples == localSamples)
        // Between them the two pushes copied each capture once.
        let pushed = results.map { $0.standardError.components(separatedBy: ": pushed ").count - 1 }
        #expect(pushed.reduce(0, +) == 5, "\(results.map(\.standardError))")
    }

    @Test func aKilledPushLeavesWholeCapturesAndTheNextCompletesIt() throws {
        let local = try DemoStore.path()
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let push = try BackgroundRun(["push", "--to", server, "--db", local], in: folder)
        // Kill it inside the second capture: after the first one's summary line.
        let deadline = Date().addingTimeInterval(120)
        while !push.standardErrorSoFar.contains(": pushed "), Date() < deadline, push.isRunning {
            usleep(20_000)
        }
        usleep(200_000)
        let killedMidway = push.isRunning
        push.kill()
        _ = push.wait()
        #expect(killedMidway, "the push finished before it could be killed")

        let perCapture = """
            SELECT capture.sha256, count(*) AS n FROM touch_sample
            JOIN session ON session.id = touch_sample.session_id JOIN capture ON capture.id = session.capture_id
            GROUP BY capture.sha256 ORDER BY capture.sha256
            """
        let localRows = Set(try folder.run(["query", "--sql", perCapture, "--format", "csv", "--db", local])
            .standardOutput.split(separator: "\r\n").dropFirst())
        let serverAfterKill = try PostgresTestServer.psql(server, perCapture.replacingOccurrences(of: " AS n", with: ""))
            .split(separator: "\n").map { $0.replacingOccurrences(of: "|", with: ",") }
        #expect(serverAfterKill.count >= 1 && serverAfterKill.count < 5, "\(serverAfterKill)")
        for row in serverAfterKill { #expect(localRows.contains(Substring(row)), "capture \(row) is not whole") }
        #expect(try PostgresTestServer.psql(server, "SELECT count(*) FROM capture")
            == String(serverAfterKill.count))

        let rest = try folder.run(["push", "--to", server, "--db", local])
        #expect(rest.status == 0, "\(rest.standardError)")
        #expect(rest.standardError.contains("pushed \(5 - serverAfterKill.count) of 5 captures"), "\(rest.standardError)")
        let complete = try PostgresTestServer.psql(server, perCapture.replacingOccurrences(of: " AS n", with: ""))
            .split(separator: "\n").map { Substring($0.replacingOccurrences(of: "|", with: ",")) }
        #expect(Set(complete) == localRows)
    }

    /// A store of the example capture, in `folder`: a store to push where
    /// what is in it does not matter.
    static func exampleStore(in folder: ScratchFolder) throws -> String {
        let imported = try folder.run(["import", "--db", "example.sqlite", exampleCapturePath])
        try #require(imported.status == 0, "\(imported.standardError)")
        return folder.path("example.sqlite")
    }

    @Test func readingIsReadOnlyOnTheServer() throws {
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let local = try Self.exampleStore(in: folder)
        #expect(try folder.run(["push", "--to", server, "--db", local]).status == 0)
        let delete = try folder.run(["query", "--sql", "DELETE FROM capture", "--db", server])
        #expect(delete.status != 0)
        #expect(delete.standardError.contains("--sql only reads"), "\(delete.standardError)")
        #expect(try PostgresTestServer.psql(server, "SELECT count(*) FROM capture") == "1")
        let two = try folder.run(["query", "--sql", "SELECT 1; SELECT 2", "--db", server])
        #expect(two.standardError.contains("--sql runs one statement"), "\(two.standardError)")
        let literal = try folder.run(["query", "--sql", "SELECT 'a;b?' AS text, percentile_cont(x, 0.5) AS p "
            + "FROM (SELECT 1.0 AS x UNION ALL SELECT 2.0) AS t", "--format", "csv", "--db", server])
        #expect(literal.standardOutput == "text,p\r\na;b?,1.5\r\n", "\(literal.standardError)")
        let none = try folder.run(["query", "--sql", "SELECT capture, latency_ms FROM responses WHERE false",
                                   "--format", "csv", "--db", server])
        #expect(none.standardOutput == "capture,latency_ms\r\n")
        // The same with a comment closing the statement, as on SQLite.
        let commented = try folder.run(["query", "--sql", "SELECT capture, latency_ms FROM responses WHERE false -- none",
                                        "--format", "csv", "--db", server])
        #expect(commented.standardOutput == "capture,latency_ms\r\n", "\(commented.standardError)")
    }

    @Test func thePasswordComesFromPGPASSWORDOrPgpassAndIsNeverPrinted() throws {
        let server = try PostgresTestServer.freshDatabase()
        let folder = try ScratchFolder()
        let local = try Self.exampleStore(in: folder)
        #expect(try folder.run(["push", "--to", server, "--db", local]).status == 0)
        let components = try #require(URLComponents(string: server))
        let password = try #require(components.password)
        var bare = components
        bare.password = nil
        let url = try #require(bare.string)

        let fromEnvironment = try folder.run(["sessions", "--db", url], environment: ["PGPASSWORD": password])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        let home = try ScratchFolder()
        let pgpass = try home.write(".pgpass", "# host:port:database:user:password\n"
            + "otherhost:*:*:*:nope\n\(components.host!):\(components.port!):*:\(components.user!):\(password)\n")
        chmod(pgpass, 0o600)
        let fromFile = try folder.run(["sessions", "--db", url], environment: ["HOME": home.url.path, "PGPASSWORD": ""])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput == fromEnvironment.standardOutput)

        // TLS when the URL asks for it (the test server has a self-signed certificate).
        let tls = try folder.run(["query", "--sql", "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                                  "--format", "csv", "--db", server + "?sslmode=require"])
        #expect(tls.standardOutput == "ssl\r\n1\r\n", "\(tls.standardError)")
        let plain = try folder.run(["query", "--sql", "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                                    "--format", "csv", "--db", server + "?sslmode=disable"])
        #expect(plain.standardOutput == "ssl\r\n0\r\n", "\(plain.standardError)")

        for arguments in [["sessions", "--db", server], ["push", "--to", server, "--db", local], ["push", "--help"]] {
            let result = try folder.run(arguments)
            #expect(!result.standardOutput.contains(password) && !result.standardError.contains(password))
        }
    }

    /// Push reads the local store as every command opens it, so a store a
    /// newer gesturelab made, or one whose applied migration was edited, is
    /// refused before the server is touched.
    @Test(arguments: [
        ("INSERT INTO gesturelab_migration (version, name, checksum, applied_at) "
            + "VALUES (99, '0099_future.sql', 'x', 'now')", "was made by a newer gesturelab (schema version 99"),
        ("UPDATE gesturelab_migration SET checksum = 'edited' WHERE version = 1",
         "migration 0001_initial.sql was changed after it was applied"),
    ])
    func pushRefusesALocalStoreCommandsRefuse(_ change: String, _ expected: String) throws {
        let folder = try ScratchFolder()
        let server = try PostgresTestServer.freshDatabase()
        let capture = try folder.write("small.jsonl", smallCapture)
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        try DatabaseQueue(path: folder.path("lab.sqlite")).write { try $0.execute(sql: change) }

        let push = try folder.run(["push", "--to", server, "--db", "lab.sqlite"])
        #expect(push.status != 0)
        #expect(push.standardError.contains(expected), "\(push.standardError)")
        #expect(try PostgresTestServer.psql(server, "SELECT count(*) FROM information_schema.tables "
            + "WHERE table_schema = 'public'") == "0")
    }

    /// Bad servers and bad databases: one line, a non-zero exit, the
    /// password never shown, and nothing changed on the server.
    @Test(arguments: BadStore.allCases)
    func refusesABadStoreInOneLine(_ bad: BadStore) throws {
        let folder = try ScratchFolder()
        let local = try DemoStore.path()
        let (url, expected) = try bad.prepare()
        // Push makes an empty database a store: only reading refuses one.
        let commands = bad == .emptyDatabase ? [["sessions", "--db", url]]
            : [["push", "--to", url, "--db", local], ["sessions", "--db", url]]
        for arguments in commands {
            let result = try folder.run(arguments)
            #expect(result.status != 0)
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.contains(expected), "\(arguments[0]): \(result.standardError)")
            #expect(!result.standardError.contains("wrong-secret") && !result.standardError.contains("pg-secret"))
        }
        try bad.checkUnchanged(url)
    }
}
#endif
