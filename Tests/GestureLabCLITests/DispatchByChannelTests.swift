import Foundation
import GRDB
import Testing
import TestScratch

/// `dispatch-by-channel` is written to read each group's dispatches by
/// seeks down `stored_dispatch`'s key (migration 0010; an index from 0007
/// to 0009) instead of sorting every dispatch: it must give the rows of the
/// plain GROUP BY over `dispatches`, byte for byte, and SQLite must plan it
/// with those seeks.
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
        let folder = try ScratchFolder.simulatedStore(experiments: ["delivery-channel", "content-touches"])
        try FileManager.default.createDirectory(atPath: folder.path("plain"), withIntermediateDirectories: false)
        _ = try folder.write("plain/plain-dispatch-by-channel.sql", plainQuery)
        return folder
    }

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

    /// SQLite reads the dispatches by seeks down the table's key, group by
    /// group, and never scans or sorts the whole table.
    @Test func isPlannedWithSeeksDownTheKey() throws {
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
        // `dispatch` in the per-group seek) rather than the `dispatch` view; since 0009
        // it takes the groups from `stored_dispatch_group` in rowid order and never sorts
        // the dispatches to group them; since 0010 the table's own key is (session,
        // target, event, via, latency, …), where 0007's index was.
        #expect(plan.contains(
                    "SEARCH dispatch USING PRIMARY KEY (session_id=? AND target_id=? AND event_id=? AND via_id=?)"),
                "\(plan)")
        #expect(plan.split(separator: "\n").contains { $0.hasSuffix("SCAN channel") }, "\(plan)")
        #expect(!plan.contains("GROUP BY"), "\(plan)")
        #expect(!plan.split(separator: "\n").contains { $0.hasSuffix("SCAN dispatch") || $0.hasSuffix("SCAN stored_dispatch") },
                "\(plan)")
    }

    /// Each import adds its capture's groups: a second capture of another
    /// experiment (the simulator's delivery-channel sessions renamed), then
    /// one repeating the first's groups; each store answers as the plain
    /// GROUP BY, and no group is listed twice.
    @Test func laterImportsAddTheirGroups() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("plain"), withIntermediateDirectories: false)
        _ = try folder.write("plain/plain-dispatch-by-channel.sql", Self.plainQuery)
        var answers: [[Substring]] = []  // CSV lines end in CRLF: split on newlines, not "\n".
        for (seed, experiment) in [("1", "delivery-channel"), ("2", "second-lab"), ("3", "delivery-channel")] {
            let simulated = try folder.run(["simulate", "--sessions", "2", "--touches", "30", "--seed", seed,
                                            "--experiment", "delivery-channel", "--out", "sim.jsonl"])
            #expect(simulated.status == 0, "\(simulated.standardError)")
            let capture = try String(contentsOfFile: folder.path("sim.jsonl"), encoding: .utf8)
                .replacingOccurrences(of: "\"experiment\":\"delivery-channel\"", with: "\"experiment\":\"\(experiment)\"")
            _ = try folder.write("lab\(seed).jsonl", capture)
            let imported = try folder.run(["import", "--db", "lab.sqlite", "lab\(seed).jsonl"])
            #expect(imported.status == 0, "\(imported.standardError)")
            let rewritten = try folder.run(["query", "dispatch-by-channel", "--format", "csv", "--db", "lab.sqlite"])
            let plain = try folder.run(["query", "plain-dispatch-by-channel", "--queries-dir", "plain", "--format", "csv",
                                        "--db", "lab.sqlite"])
            #expect(rewritten.status == 0 && rewritten.standardOutput == plain.standardOutput,
                    "after seed \(seed): \(rewritten.standardError)")
            answers.append(rewritten.standardOutput.split(whereSeparator: \.isNewline))
        }
        // The second capture added groups; the third only dispatches to existing ones.
        #expect(answers[0].count > 2)
        #expect(answers[1].count == 2 * answers[0].count - 1)
        #expect(answers[2].count == answers[1].count && answers[2] != answers[1])
        let groups = try DatabaseQueue(path: folder.path("lab.sqlite")).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM stored_dispatch_group")
        }
        #expect(groups == answers[2].count - 1)
    }
}
