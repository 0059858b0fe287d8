import Foundation
import Testing
@testable import GestureAnalysis

/// Several builds against one baseline, in each format: one column a group
/// in the table, one row a group and statistic in CSV, and
/// `{"baseline", "comparisons"}` in JSON.
@Suite struct BaselineOutputTests {
    private func fourBuilds() throws -> Comparer.Run {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: SessionCapture(sessions: SessionSplitTests.sessions()).text, name: "lab.jsonl")
        return try fixture.database.connection.read { db in
            try Comparer.run(.init(selection: ComparisonSelection(by: "app.build", event: "touchDown")), in: db)
        }
    }

    @Test func jsonNamesTheBaselineAndListsEachComparison() throws {
        let run = try fourBuilds()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(run).utf8)) as? [String: Any])
        #expect(object["baseline"] as? String == "40")
        let comparisons = try #require(object["comparisons"] as? [[String: Any]])
        #expect(comparisons.compactMap { ($0["b"] as? [String: Any])?["label"] as? String } == ["41", "42", "43"])
        #expect(comparisons.allSatisfy { (($0["a"] as? [String: Any])?["label"] as? String) == "40" })
        let delta = try #require(comparisons[2]["delta"] as? [String: [String: Any]])
        // Build 43 is 30 ms slower at every percentile, in every session.
        #expect(delta["p50_ms"]?["estimate"] as? Double == 30)
        #expect(["p50_ms", "p90_ms", "p95_ms", "p99_ms"].map { delta[$0]?["mark"] as? String } == Array(repeating: "slower", count: 4))
        // One comparison alone is the object itself.
        let one = try fourBuilds()
        var single = one
        single.comparisons = [one.comparisons[0]]
        let lone = try #require(try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(single).utf8)) as? [String: Any])
        #expect(lone["baseline"] == nil && lone["verdict"] != nil)
    }

    @Test func csvHasARowAGroupAndStatisticWithItsMark() throws {
        let lines = ComparisonReport.csv(try fourBuilds()).split(separator: "\r\n").map(String.init)
        #expect(lines[0].hasSuffix(",icc,mark,sessions_test,sessions_test_p"))
        #expect(lines.count == 1 + 3 * 5)
        #expect(lines[1].hasPrefix("response,app.build,40,41,p50,6,16,10,"))
        // The row's mark, then the verdict's test and its p, which the verdict column follows.
        let p50 = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(p50.count == 26 && p50[23] == "slower" && p50[24] == "welch_t")
        #expect(p50[16] == "slower" && (Double(p50[25]) ?? 1) < 0.05)
        // Mann–Whitney on 3 vs 3 session medians, beside it, cannot go below 0.1.
        #expect(p50[20] == "0" && p50[21] == "0.1")
        #expect(lines[5].hasPrefix("response,app.build,40,41,max,") && lines[5].contains(",,welch_t,"))
    }

    @Test func theTableHasAColumnAGroup() throws {
        let table = ComparisonReport.table(try fourBuilds())
        let header = try #require(table.split(separator: "\n").first { $0.contains("A: 40") })
        for label in ["B: 41", "B: 42", "B: 43"] { #expect(header.contains(label)) }
        let p50 = try #require(table.split(separator: "\n").first { $0.hasPrefix("p50") })
        #expect(p50.contains("6.0 ms") && p50.contains("16.0 ms") && p50.contains("26.0 ms") && p50.contains("36.0 ms"))
        #expect(p50.contains("+30.0 ms") && p50.contains("slower"))
        #expect(table.contains("\nB = 43:\n"))
    }
}
