import Foundation
import Testing
import TestScratch

/// `response-by-region` and `response-by-variant` group on one packed
/// integer a row (or text, when the keys would not fit in one): they must
/// give the rows of the plain GROUP BY over the `responses` view, byte for
/// byte, on either path.
struct ResponseGroupingTests {
    /// The definitions: the queries as the view's texts would group them.
    static let plainQueries = [
        "plain-response-by-region": """
            -- name: plain-response-by-region
            -- param: experiment text = NULL  Only this experiment.
            -- param: event text = NULL  Only this event.
            SELECT experiment, variant, coalesce(region, 'unknown') AS region, target, event, via, count(*) AS n,
                   percentile(latency_ms, 50) AS p50_ms, percentile(latency_ms, 90) AS p90_ms,
                   percentile(latency_ms, 95) AS p95_ms, percentile(latency_ms, 99) AS p99_ms, max(latency_ms) AS max_ms
            FROM responses
            WHERE (:experiment IS NULL OR experiment = :experiment) AND (:event IS NULL OR event = :event)
            GROUP BY experiment, variant, region, target, event, via
            ORDER BY experiment, target, event, via, region, variant;
            """,
        "plain-response-by-variant": """
            -- name: plain-response-by-variant
            -- param: experiment text = NULL  Only this experiment.
            -- param: event text = NULL  Only this event.
            SELECT experiment, variant, target, event, via, count(*) AS n,
                   percentile(latency_ms, 50) AS p50_ms, percentile(latency_ms, 90) AS p90_ms,
                   percentile(latency_ms, 95) AS p95_ms, percentile(latency_ms, 99) AS p99_ms, max(latency_ms) AS max_ms
            FROM responses
            WHERE (:experiment IS NULL OR experiment = :experiment) AND (:event IS NULL OR event = :event)
            GROUP BY experiment, variant, target, event, via
            ORDER BY experiment, target, event, via, variant;
            """,
    ]

    static func shipped(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Queries/\(name).sql")
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// A simulated store of two experiments with responses in every region, made once.
    static let store: Result<ScratchFolder, any Error> = Result {
        let folder = try ScratchFolder.simulatedStore(experiments: ["edge-deferral", "delivery-channel"])
        try FileManager.default.createDirectory(atPath: folder.path("other"), withIntermediateDirectories: false)
        for (name, sql) in plainQueries { _ = try folder.write("other/\(name).sql", sql) }
        // The text path, which a store needs only with tens of thousands of names.
        for name in ["response-by-region", "response-by-variant"] {
            let sql = try shipped(name)
            guard sql.contains("< 4.0e18 AS packs") else { throw Failure(message: "\(name): no packing test to force") }
            _ = try folder.write("other/text-\(name).sql", sql.replacingOccurrences(of: "-- name: \(name)", with: "-- name: text-\(name)")
                .replacingOccurrences(of: "< 4.0e18 AS packs", with: "< 0.0 AS packs"))
        }
        return folder
    }

    struct Failure: Error { var message: String }

    @Test(arguments: ["response-by-region", "response-by-variant"],
          [[], ["-p", "event", "touchDown"], ["-p", "experiment", "edge-deferral"], ["-p", "event", "began"],
           ["-p", "experiment", "no-such-experiment"]])
    func answersAsThePlainGroupByOnBothPaths(_ name: String, _ parameters: [String]) throws {
        let folder = try Self.store.get()
        var outputs: [String] = []
        for query in [name, "plain-\(name)", "text-\(name)"] {
            let result = try folder.run(["query", query, "--queries-dir", "other", "--format", "csv", "--db", "lab.sqlite"]
                                        + parameters)
            #expect(result.status == 0, "\(query): \(result.standardError)")
            outputs.append(result.standardOutput)
        }
        #expect(outputs[0] == outputs[1], "\(name) \(parameters): packed keys")
        #expect(outputs[2] == outputs[1], "\(name) \(parameters): text keys")
        if parameters.isEmpty {
            // Several groups in both experiments, not an empty answer equal to an empty answer.
            #expect(outputs[1].split(whereSeparator: \.isNewline).count > 8)
            #expect(outputs[1].contains("edge-deferral") && outputs[1].contains("delivery-channel"))
        }
    }
}
