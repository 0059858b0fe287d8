import Foundation
import Testing
import TestScratch

@Suite struct QueryCommandTests {
    /// A database holding the small capture: one touch at (300, 840) on an
    /// 852-point-high screen (bottom), touchDown 950 ms after it.
    private func importedFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let capture = try folder.write("run1.jsonl", smallCapture)
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    @Test func listNamesEveryQueryWithItsParameters() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["query", "--list"])
        #expect(result.status == 0)
        for name in ["response-by-variant", "response-by-region", "channel-comparison", "recognition-by-class",
                     "dispatch-by-channel", "session-summary", "slowest-touches"] {
            #expect(result.standardOutput.contains("\(name)\n"), "missing \(name)")
        }
        #expect(result.standardOutput.contains("-p limit INTEGER (default 20)"))
    }

    @Test func cannedQueryWithParameterAsCSV() throws {
        let folder = try importedFolder()
        let result = try folder.run(["query", "--db", "lab.sqlite", "slowest-touches", "-p", "limit", "1", "--format", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.components(separatedBy: "\r\n")
        #expect(lines[0] == "capture,line,session,experiment,variant,touch,region,x,y,target,event,via,latency_ms")
        #expect(lines[1] == "run1.jsonl,4,s1,edge,off,1,bottom,300,840,record,touchDown,control-event,950")
    }

    @Test func adHocSQLSeesThePercentileFunctions() throws {
        let folder = try importedFolder()
        let result = try folder.run(["query", "--db", "lab.sqlite", "--format", "ndjson", "--sql",
                                     "SELECT median(latency_ms) AS m, percentile_disc(latency_ms, 0.5) AS d FROM responses"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "{\"m\":950,\"d\":950}\n")
    }

    @Test func failingSQLExitsNonZeroWithSQLiteMessage() throws {
        let folder = try importedFolder()
        let result = try folder.run(["query", "--db", "lab.sqlite", "--sql", "SELECT nope FROM responses"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("no such column: nope"))
    }

    /// Each ad-hoc SQL that cannot run says why in the command's own words.
    @Test(arguments: [
        ("SELECT 1; SELECT 2", "Error: --sql runs one statement, and this SQL has more than one: run them one at a time"
            + " - in `SELECT 1; SELECT 2`"),
        ("DELETE FROM session", "Error: --sql only reads: the store is opened read-only, so INSERT, UPDATE, DELETE "
            + "and schema changes are refused (attempt to write a readonly database) - in `DELETE FROM session`"),
        ("   ", "Error: --sql needs a statement, such as SELECT * FROM responses LIMIT 10"),
    ])
    func adHocSQLRefusalsSayWhy(sql: String, firstLine: String) throws {
        let folder = try importedFolder()
        let result = try folder.run(["query", "--db", "lab.sqlite", "--sql", sql])
        #expect(result.status != 0)
        #expect(result.standardError == firstLine + "\n")
        #expect(!result.standardError.contains("Database.execute"))
    }

    @Test func negativeParameterValuesArePassed() throws {
        let folder = try importedFolder()
        // LIMIT -1 is SQLite's "no limit".
        for arguments in [["-p", "limit", "-1"], ["-p", "limit=-1"], ["-p", "experiment", "NULL", "-p", "limit", "-1"]] {
            let result = try folder.run(["query", "--db", "lab.sqlite", "slowest-touches", "--format", "csv"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)
        }
        let option = try folder.run(["query", "--db", "lab.sqlite", "slowest-touches", "-p", "limit", "--format", "csv"])
        #expect(option.status != 0)
        #expect(option.standardError.contains("-p limit needs a value"))
    }

    @Test func listSaysWhatNullMeans() throws {
        let result = try ScratchFolder().run(["query", "--list"])
        #expect(result.standardOutput.contains("-p NAME NULL passes SQL NULL: the canned queries read it as \"no filter\"."))
    }

    @Test func userQueryFailureNamesTheQuery() throws {
        let folder = try importedFolder()
        try FileManager.default.createDirectory(atPath: folder.path("mine"), withIntermediateDirectories: true)
        try folder.write("mine/broken.sql", "-- name: broken\n-- description: fails\nSELECT * FROM missing_table;\n")
        let result = try folder.run(["query", "--db", "lab.sqlite", "--queries-dir", "mine", "broken"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("query broken"))
        #expect(result.standardError.contains("no such table: missing_table"))
    }

    @Test func unknownQueryAndParameterAreNamed() throws {
        let folder = try importedFolder()
        let unknown = try folder.run(["query", "--db", "lab.sqlite", "fastest-touches"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("no query named fastest-touches"))
        let parameter = try folder.run(["query", "--db", "lab.sqlite", "slowest-touches", "-p", "lmit", "3"])
        #expect(parameter.status != 0)
        #expect(parameter.standardError.contains("has no parameter lmit"))
        let value = try folder.run(["query", "--db", "lab.sqlite", "slowest-touches", "-p", "limit", "many"])
        #expect(value.status != 0)
        #expect(value.standardError.contains("expected an integer, found many"))
    }

    @Test func exportRelationToFile() throws {
        let folder = try importedFolder()
        let result = try folder.run(["export", "--db", "lab.sqlite", "responses", "--out", "responses.csv"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("exported 1 rows of responses"))
        let csv = try String(contentsOfFile: folder.path("responses.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("capture,session,experiment,variant,touch,region,target,event,via,latency_ms,"))
        #expect(csv.contains("\r\nrun1.jsonl,s1,edge,off,1,bottom,record,touchDown,control-event,950,"))
    }

    @Test func exportUnknownNameListsWhatExists() throws {
        let folder = try importedFolder()
        let result = try folder.run(["export", "--db", "lab.sqlite", "respnses"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("nothing to export named respnses"))
        #expect(result.standardError.contains("responses"))
    }

    /// `export` takes a canned query's `-p` as `query` does (it said
    /// "Unknown option '-p'"); a relation refuses it in one line, and a
    /// failed export leaves no --out file.
    @Test func exportTakesQueryParameters() throws {
        let folder = try ScratchFolder()
        // Tests/Fixtures/two-buttons.jsonl: touchDown at 4 and 10 ms, touchUpInside at 120 and 90 ms.
        let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/two-buttons.jsonl").path
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        // touchDown at 4 and 10 ms: numpy's percentile (linear) gives 7, 9.4, 9.7, 9.94.
        let expected = "experiment,variant,region,target,event,via,n,p50_ms,p90_ms,p95_ms,p99_ms,max_ms\r\n"
            + "edge,off,center,record,touchDown,control-event,2,7,9.4,9.7,9.94,10\r\n"
        for parameter in [["-p", "event", "touchDown"], ["-p", "event=touchDown"]] {
            let result = try folder.run(["export", "--db", "lab.sqlite", "response-by-region"] + parameter)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == expected)
            #expect(result.standardError.isEmpty)
            // The same rows as query gives in CSV.
            let query = try folder.run(["query", "--db", "lab.sqlite", "response-by-region", "--format", "csv"] + parameter)
            #expect(query.standardOutput == result.standardOutput)
        }
        // A negative value passes, as in query: LIMIT -1 is no limit.
        let all = try folder.run(["export", "--db", "lab.sqlite", "slowest-touches", "-p", "limit", "-1"])
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 5)

        let relation = try folder.run(["export", "--db", "lab.sqlite", "responses", "-p", "event", "touchDown",
                                       "--out", "responses.csv"])
        #expect(relation.status == 1)
        #expect(relation.standardError == "Error: -p event sets a canned query's parameter, and responses is a table or "
            + "relation, which takes none: export it whole, or select its rows with gesturelab query --sql\n")
        #expect(relation.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("responses.csv")))
        let unknown = try folder.run(["export", "--db", "lab.sqlite", "response-by-region", "-p", "evnt", "touchDown"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "Error: query response-by-region has no parameter evnt (it takes: experiment, event)\n")
        let missing = try folder.run(["export", "--db", "lab.sqlite", "response-by-region", "-p", "event"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("-p event needs a value"))
    }
}
