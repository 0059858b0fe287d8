import Foundation
import GRDB
import Testing
@testable import GestureAnalysis

/// The outcome queries on Tests/Fixtures/outcomes.jsonl, whose rows the
/// store's OutcomeTests work out by hand (and Tests/Reference/outcomes.py
/// independently). Per variant and nearest target, the touch-downs:
/// plain dotA 0, 5, 10, 15, 15 pt (reached: the one inside), plain dotB 5 pt
/// (the hit-test chose dotA), enlarged dotA 5 pt (in its hit area, reached)
/// and 15.811… pt, enlarged dotB 5 and 5 pt (hit "" and hit dotB).
/// Starts, as ms after down (✗ a false start, with ms to the cancel):
/// plain dotA 100 ✗100, 10, 10 ✗190, 100 ✗0; plain dotB 200 ✗100;
/// plain lp 500 ✗100, 100; plain pan 200; enlarged dotA 20; enlarged dotB 10.
@Suite struct OutcomeQueryTests {
    let fixture: AnalysisFixture
    let catalog: QueryCatalog

    init() throws {
        fixture = try AnalysisFixture(captures: ["outcomes.jsonl"])
        catalog = try QueryCatalog()
    }

    private func run(_ name: String, _ parameters: [(name: String, value: String)] = []) throws -> [[String]] {
        let query = try catalog.query(named: name)
        return try fixture.rows(query.sql, arguments: try query.arguments(parameters))
    }

    private func f(_ values: Double...) -> [String] { values.map { String(format: "%.6f", $0) } }

    @Test func reachByTarget() throws {
        // enlarged dotA [5, 15.811…]: p50 = 5 + 0.5·10.811… , p90 = 5 + 0.9·10.811…;
        // plain dotA [0, 5, 10, 15, 15]: p50 10, p90 at 3.6 → 15; misses [5, 10, 15, 15]: p50 at 1.5 → 12.5.
        let spread = 250.0.squareRoot() - 5
        #expect(try run("reach-by-target") == [
            ["dots", "enlarged", "dotA", "2", "1"] + f(0.5) + ["0", "1"] + f(5 + 0.5 * spread, 5 + 0.9 * spread, 250.0.squareRoot(), 250.0.squareRoot()),
            ["dots", "plain", "dotA", "5", "1"] + f(0.2) + ["1", "1"] + f(10, 15, 15, 12.5),
            ["dots", "enlarged", "dotB", "2", "1"] + f(0.5) + ["0", "2"] + f(5, 5, 5, 5),
            ["dots", "plain", "dotB", "1", "0"] + f(0) + ["0", "0"] + f(5, 5, 5, 5),
        ])
        #expect(try run("reach-by-target", [("experiment", "other")]).isEmpty)
    }

    @Test func falseStartsByTarget() throws {
        // plain dotA starts [10, 10, 100, 100]: p50 at 1.5 → 55, p95 at 2.85 → 100; cancels after [0, 100, 190]: 100.
        // plain lp [100, 500]: p50 300, p95 100 + 0.95·400 = 480.
        #expect(try run("false-starts-by-target") == [
            ["dots", "enlarged", "dotA", "1", "0"] + f(0, 20, 20) + ["NULL"],
            ["dots", "plain", "dotA", "4", "3"] + f(0.75, 55, 100, 100),
            ["dots", "enlarged", "dotB", "1", "0"] + f(0, 10, 10) + ["NULL"],
            ["dots", "plain", "dotB", "1", "1"] + f(1, 200, 200, 100),
            ["dots", "plain", "lp", "2", "1"] + f(0.5, 300, 480, 100),
            ["dots", "plain", "pan", "1", "0"] + f(0, 200, 200) + ["NULL"],
        ])
    }
}
