import Foundation
import GRDB
import Testing
@testable import GestureAnalysis

/// Every built-in query on Tests/Fixtures/derived-latencies.jsonl. The
/// fixture's responses, worked out by hand (see the store's DerivedLatencyTests):
/// session s (variant v): touch 1 (bottom) btn touchDown 1500 ms, pan began
/// observer 4 ms and target-action 754 ms; touch 2 (left) btn 300 ms; touch 3
/// (bottom-right) btn 0 ms; touch 4 (top-left) tap recognized 12 ms; touch 5
/// (center) view touchesBegan 150 ms. Session n (variant w, no screen): btn 10 ms.
@Suite struct BuiltInQueryTests {
    let fixture: AnalysisFixture
    let catalog: QueryCatalog

    init() throws {
        fixture = try AnalysisFixture()
        catalog = try QueryCatalog()
    }

    private func run(_ name: String, _ parameters: [(name: String, value: String)] = []) throws -> [[String]] {
        let query = try catalog.query(named: name)
        return try fixture.rows(query.sql, arguments: try query.arguments(parameters))
    }

    private func ms(_ values: Double...) -> [String] { values.map { String(format: "%.6f", $0) } }

    @Test func responseByVariant() throws {
        // btn in v: sorted [0, 300, 1500]; p90 at 1.8 → 300 + 0.8·1200 = 1260;
        // p95 at 1.9 → 1380; p99 at 1.98 → 1476.
        #expect(try run("response-by-variant") == [
            ["e", "v", "btn", "touchDown", "control-event", "3"] + ms(300, 1260, 1380, 1476, 1500),
            ["e", "w", "btn", "touchDown", "control-event", "1"] + ms(10, 10, 10, 10, 10),
            ["e", "v", "pan", "began", "observer", "1"] + ms(4, 4, 4, 4, 4),
            ["e", "v", "pan", "began", "target-action", "1"] + ms(754, 754, 754, 754, 754),
            ["e", "v", "tap", "recognized", "target-action", "1"] + ms(12, 12, 12, 12, 12),
            ["e", "v", "view", "touchesBegan", "touches", "1"] + ms(150, 150, 150, 150, 150),
        ])
        #expect(try run("response-by-variant", [("event", "touchesBegan")]).count == 1)
        #expect(try run("response-by-variant", [("experiment", "other")]).isEmpty)
    }

    @Test func responseByRegion() throws {
        #expect(try run("response-by-region", [("event", "touchDown")]) == [
            ["e", "v", "bottom", "btn", "touchDown", "control-event", "1"] + ms(1500, 1500, 1500, 1500, 1500),
            ["e", "v", "bottom-right", "btn", "touchDown", "control-event", "1"] + ms(0, 0, 0, 0, 0),
            ["e", "v", "left", "btn", "touchDown", "control-event", "1"] + ms(300, 300, 300, 300, 300),
            ["e", "w", "unknown", "btn", "touchDown", "control-event", "1"] + ms(10, 10, 10, 10, 10),
        ])
    }

    @Test func channelComparison() throws {
        // Touch 1's pan began: observer 4 ms, target-action 754 ms, lag 750 ms.
        #expect(try run("channel-comparison") == [["e", "v", "pan", "began", "1"] + ms(4, 754, 750, 750, 750)])
        #expect(try run("channel-comparison", [("first", "target-action"), ("second", "observer")])
            == [["e", "v", "pan", "began", "1"] + ms(754, 4, -750, -750, -750)])
    }

    @Test func recognitionByClass() throws {
        #expect(try run("recognition-by-class") == [
            ["e", "v", "UIPanGestureRecognizer", "began", "1"] + ms(4, 4, 4, 4, 4),
            ["e", "v", "tap", "recognized", "1"] + ms(10, 10, 10, 10, 10),
        ])
    }

    @Test func dispatchByChannel() throws {
        #expect(try run("dispatch-by-channel") == [
            ["e", "v", "pan", "began", "observer", "1"] + ms(0, 0, 0, 0, 0),
            ["e", "v", "pan", "began", "target-action", "1"] + ms(750, 750, 750, 750, 750),
            ["e", "v", "tap", "recognized", "target-action", "1"] + ms(2, 2, 2, 2, 2),
        ])
    }

    @Test func sessionSummary() throws {
        // s: responses sorted [0, 4, 12, 150, 300, 754, 1500]: p50 150;
        // p95 at 5.7 → 754 + 0.7·746 = 1276.2. Orphans: t = 0.5 and touch 99.
        #expect(try run("session-summary") == [
            ["derived-latencies.jsonl", "s", "e", "v", "NULL", "NULL", "5", "7"] + ms(150, 1276.2) + ["2", "0"],
            ["derived-latencies.jsonl", "n", "e", "w", "NULL", "NULL", "1", "1"] + ms(10, 10) + ["0", "0"],
        ])
    }

    @Test func slowestTouches() throws {
        let rows = try run("slowest-touches", [("limit", "3")])
        #expect(rows == [
            ["derived-latencies.jsonl", "9", "s", "e", "v", "1", "bottom"] + ms(200, 780) + ["btn", "touchDown", "control-event"] + ms(1500),
            ["derived-latencies.jsonl", "18", "s", "e", "v", "1", "bottom"] + ms(200, 780) + ["pan", "began", "target-action"] + ms(754),
            ["derived-latencies.jsonl", "11", "s", "e", "v", "2", "left"] + ms(20, 400) + ["btn", "touchDown", "control-event"] + ms(300),
        ])
        #expect(try run("slowest-touches").count == 8)
    }

    @Test func everyBuiltInQueryIsCovered() throws {
        #expect(catalog.queries.map(\.name) == [
            "channel-comparison", "dispatch-by-channel", "false-starts-by-target", "reach-by-target",
            "recognition-by-class", "response-by-region", "response-by-variant", "session-summary", "slowest-touches",
        ])
        for query in catalog.queries {
            #expect(!query.description.isEmpty)
            #expect(query.description.hasSuffix("?"), "\(query.name) names no question it answers")
        }
    }
}
