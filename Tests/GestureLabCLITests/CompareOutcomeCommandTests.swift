import Foundation
import Testing
import TestScratch

/// `compare --metric reached|false-start` from the command line, on
/// Tests/Fixtures/rates.jsonl (the numbers themselves are checked in
/// GestureAnalysisTests' ProportionComparisonTests).
@Suite struct CompareOutcomeCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/rates.jsonl").path

    private func importedFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let result = try folder.run(["import", "--db", "lab.sqlite", Self.fixture])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    @Test func reachedAndFalseStartPrintTheirRates() throws {
        let folder = try importedFolder()
        let reached = try folder.run(["compare", "--db", "lab.sqlite", "--by", "hit_area", "--a", "frame", "--b", "enlarged",
                                      "--metric", "reached", "--unit", "touch"])
        #expect(reached.status == 0, "\(reached.standardError)")
        #expect(reached.standardOutput.contains(
            "\nrate       56.8% [45.9%, 67.0%]   75.4% [64.0%, 84.0%]   +18.6 pp   [+3.3, +32.4] pp\n"))
        #expect(reached.standardOutput.contains("B is better than A: Fisher's exact p = 0.025"))

        let falseStarts = try folder.run(["compare", "--db", "lab.sqlite", "--by", "hit_area", "--a", "frame",
                                          "--b", "enlarged", "--metric", "false-start", "--format", "json"])
        #expect(falseStarts.status == 0, "\(falseStarts.standardError)")
        #expect(falseStarts.standardOutput.hasPrefix(
            #"{"metric":"false-start","unit":"session","alpha":0.05,"verdict":"better","a":{"label":"frame","n":81,"k":34,"#))
        let csv = try folder.run(["compare", "--db", "lab.sqlite", "--by", "hit_area", "--metric", "false-start",
                                  "--format", "csv"])
        #expect(csv.status == 0 && csv.standardOutput.split(separator: "\r\n").count == 2, "\(csv.standardError)")
    }

    @Test func storeWithoutTargetsSaysSoInOneLine() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("plain.jsonl", """
            {"type":"header","format":"gesture-trace","version":1}
            {"type":"session","session":"s","experiment":"x","variant":"v","config":{"mode":"a"}}
            {"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":1,"y":1}

            """)
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--metric", "reached"])
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("no touch outcomes in this store: --metric reached needs captures that declare their targets"))
    }

    static let refusals: [([String], String)] = [
        (["compare", "--by", "hit_area", "--metric", "reached", "--fail-if-slower", "10"], "--fail-if-slower is a latency budget"),
        (["compare", "--by", "hit_area", "--metric", "reached", "--via", "touches"], "which have no delivery channel"),
        (["compare", "--by", "hit_area", "--metric", "reach"], "reach"),
        (["report", "--by", "hit_area", "--metric", "reach", "--out", "r.html"], "reach"),
    ]

    @Test(arguments: refusals)
    func badArgumentsAreRefused(_ arguments: [String], _ message: String) throws {
        let folder = try importedFolder()
        let result = try folder.run(arguments + ["--db", "lab.sqlite"])
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    #if PostgreSQL
    /// The server gives the same rates, tests and verdicts as the SQLite store.
    @Test(.enabled(if: PostgresTestServer.enabled)) func sharedStoreAnswersTheSame() throws {
        let server = try PostgresTestServer.freshDatabase()
        let folder = try importedFolder()
        let push = try folder.run(["push", "--to", server, "--db", "lab.sqlite"])
        #expect(push.status == 0, "\(push.standardError)")
        for metric in ["reached", "false-start"] {
            let arguments = ["compare", "--by", "hit_area", "--metric", metric, "--format", "json"]
            let local = try folder.run(arguments + ["--db", "lab.sqlite"])
            let shared = try folder.run(arguments + ["--db", server])
            #expect(local.status == 0 && shared.status == 0, "\(shared.standardError)")
            #expect(local.standardOutput == shared.standardOutput)
        }
    }
    #endif
}
