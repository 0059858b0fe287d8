import Foundation
import GRDB
import Testing
import TestScratch

/// `dispatch-by-channel` is written to read each group's dispatches by
/// index seeks (migration 0007) instead of sorting every dispatch: it must
/// give the rows of the plain GROUP BY over `dispatches`, byte for byte,
/// and SQLite must plan it with the index.
struct DispatchByChannelTests {
    /// The query as it was before the rewrite: the definition of its rows.
    static let plainQuery = """
        -- name: plain-dispatch-by-channel
        -- param: experiment text = NULL  Only this experiment.
        SELECT experiment, variant, target, event, via, count(*) AS n,
               percentile(latency_ms, 50) AS p50_ms, percentile(latency_ms, 90) AS p90_ms,
               percentile(latency_ms, 95) AS p95_ms, percentile(latency_ms, 99) AS p99_ms,
               max(latency_ms) AS max_ms
        FROM dispatches
        WHERE (:experiment IS NULL OR experiment = :experiment)
        GROUP BY experiment, variant, target, event, via
        ORDER BY experiment, target, event, via, variant;
        """

    /// A simulated store of two experiments with dispatches, made once.
    static let store: Result<ScratchFolder, any Error> = Result {
        let folder = try ScratchFolder()
        for arguments in [["simulate", "--sessions", "2", "--touches", "40", "--experiment", "delivery-channel",
                           "--experiment", "content-touches", "--out", "lab.jsonl"],
                          ["import", "--db", "lab.sqlite", "lab.jsonl"]] {
            let result = try folder.run(arguments)
            guard result.status == 0 else { throw QueryFailure(message: result.standardError) }
        }
        try FileManager.default.createDirectory(atPath: folder.path("plain"), withIntermediateDirectories: false)
        _ = try folder.write("plain/plain-dispatch-by-channel.sql", plainQuery)
        return folder
    }

    struct QueryFailure: Error { var message: String }

    @Test(arguments: [[], ["-p", "experiment", "delivery-channel"], ["-p", "experiment", "content-touches"],
                      ["-p", "experiment", "no-such-experiment"]])
    func answersAsThePlainGroupBy(_ parameters: [String]) throws {
        let folder = try Self.store.get()
        let rewritten = try folder.run(["query", "dispatch-by-channel", "--format", "json", "--db", "lab.sqlite"] + parameters)
        let plain = try folder.run(["query", "plain-dispatch-by-channel", "--queries-dir", "plain", "--format", "json",
                                    "--db", "lab.sqlite"] + parameters)
        #expect(rewritten.status == 0 && plain.status == 0, "\(rewritten.standardError) \(plain.standardError)")
        #expect(rewritten.standardOutput == plain.standardOutput)
        if parameters.isEmpty {
            // Both experiments' channels, not an empty answer equal to an empty answer.
            #expect(rewritten.standardOutput.contains("\"experiment\":\"delivery-channel\""))
            #expect(rewritten.standardOutput.components(separatedBy: "\"n\":").count > 4)
        }
    }

    /// SQLite reads the dispatches through the index, group by group, and
    /// never scans or sorts the whole table by the five text columns.
    @Test func isPlannedWithTheIndex() throws {
        let folder = try Self.store.get()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Queries/dispatch-by-channel.sql")
        let sql = try String(contentsOf: file, encoding: .utf8)
        var configuration = Configuration()
        configuration.readonly = true
        // The plan needs the function to exist, not to be the store's.
        configuration.prepareDatabase { db in
            db.add(function: DatabaseFunction("percentile", argumentCount: 2, pure: true) { _ in nil })
        }
        let plan = try DatabaseQueue(path: folder.path("lab.sqlite"), configuration: configuration).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["experiment": DatabaseValue.null]).map { $0["detail"] as String }.joined(separator: "\n")
        }
        // Since schema 0008 the query reads the keyed table (`stored_dispatch`, aliased
        // `dispatch` in the per-group seek) rather than the `dispatch` view.
        #expect(plan.contains(
                    "SEARCH dispatch USING COVERING INDEX dispatch_by_channel (session_id=? AND target_id=? AND event_id=? AND via_id=?)"),
                "\(plan)")
        #expect(plan.contains("SCAN stored_dispatch USING COVERING INDEX dispatch_by_channel"), "\(plan)")
        #expect(!plan.split(separator: "\n").contains { $0.hasSuffix("SCAN dispatch") || $0.hasSuffix("SCAN stored_dispatch") },
                "\(plan)")
    }
}
