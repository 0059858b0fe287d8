import Foundation
import Testing
import TestScratch

@Suite struct CompareCommandTests {
    /// Two sessions split by `mode`: B's touchDown is about twice as late.
    private func importedFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (session, latencies) in [("a", [12, 15, 11, 30, 14, 13, 16, 12, 18, 11]),
                                     ("b", [25, 31, 22, 40, 28, 27, 26, 35, 24, 29, 33, 30])] {
            lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"\#(session)","config":{"mode":"\#(session)"}}"#)
            for (index, latency) in latencies.enumerated() {
                let down = 10 * (index + 1)
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(index + 1),"phase":"began","t":\#(down),"x":1,"y":1}"#)
                lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"touchDown","via":"control-event","t":\#(down).0\#(latency)}"#)
            }
        }
        let capture = try folder.write("groups.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    /// A key of three values makes two comparisons: `--format ndjson` prints
    /// each on its own line, the elements of `--format json`'s `comparisons`; and
    /// `sessions --format ndjson` prints one session a line.
    @Test func ndjsonPrintsOneComparisonALine() throws {
        let folder = try ScratchFolder()
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (session, offset) in [("none", 10), ("b", 20), ("c", 30)] {
            lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"\#(session)","config":{"mode":"\#(session)"}}"#)
            for touch in 1...8 {
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(touch * 10),"x":1,"y":1}"#)
                lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"touchDown","via":"control-event","t":\#(touch * 10).0\#(offset + touch)}"#)
            }
        }
        let capture = try folder.write("three.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try folder.run(["import", "--db", "lab.sqlite", capture]).status == 0)
        for unit in [[], ["--unit", "touch"]] {
            let json = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--format", "json"] + unit)
            let ndjson = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--format", "ndjson"] + unit)
            #expect(ndjson.status == 0, "\(ndjson.standardError)")
            let objects = ndjson.standardOutput.split(separator: "\n").map(String.init)
            #expect(objects.count == 2)
            #expect(json.standardOutput == #"{"baseline":"none","comparisons":["# + objects.joined(separator: ",") + "]}\n")
        }
        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "ndjson"])
        #expect(sessions.status == 0, "\(sessions.standardError)")
        let rows = try sessions.standardOutput.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(rows.compactMap { $0?["session"] as? String }.sorted() == ["b", "c", "none"])
    }

    @Test func tableNamesTheGroupsAndTheVerdict() throws {
        let folder = try importedFolder()
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--unit", "touch"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("response latency by mode: A = a (the first value), B = b\n"))
        #expect(result.standardOutput.contains(
            "B is slower than A: Mann–Whitney U = 7.5, p < 0.001 (touches pooled: n = 10 vs 12, alpha 0.05)"))
        #expect(result.standardOutput.contains("\np50        13.5 ms   28.5 ms   +15.0 ms   [+11.0 ms, +19.0 ms]   +111.1%   slower\n"))
        // Ten values give p95 no interval, so no mark.
        #expect(result.standardOutput.contains("(need 20 values)        +51.4%   ~\n"))
        #expect(result.standardOutput.contains("unit: touch (every value taken as independent)"))
    }

    /// One session a group: by default (the session unit) there is no
    /// session-level inference, and the table says so.
    @Test func oneSessionAGroupIsSaidNotTested() throws {
        let folder = try importedFolder()
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\nsessions         1         1"))
        #expect(result.standardOutput.contains("~ no session-level inference: Mann–Whitney on session medians U = 0, p = 1.000"))
        #expect(result.standardOutput.contains("touches pooled (not independent; for reference only): Mann–Whitney U = 7.5, p < 0.001"))
        #expect(result.standardOutput.contains("note: a has 1 session and b has 1 session: there is no session-level inference"))
        let json = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["unit"] as? String == "session")
        #expect(object["verdict"] as? String == "~")
        let sessions = try #require(object["sessions"] as? [String: Any])
        #expect(sessions["a"] as? Int == 1 && sessions["b"] as? Int == 1)
        #expect(sessions["icc"] is NSNull)
        let test = try #require(sessions["test"] as? [String: Any])
        #expect(test["name"] as? String == "mann_whitney" && test["u"] as? Double == 0 && test["p"] as? Double == 1)
        #expect((object["mann_whitney"] as? [String: Any])?["u"] as? Double == 7.5)
    }

    /// Four sessions a mode; each session's touches are shifted by its own
    /// offset (a device, a person), B's by 40 ms more when `effect`.
    private func sessionsFolder(effect: Bool) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        let offsets = ["a": [0, 10, 20, 60], "b": [15, 25, 35, 45]]
        for mode in ["a", "b"] {
            for (index, offset) in offsets[mode]!.enumerated() {
                let session = "\(mode)\(index)"
                lines.append(#"{"type":"session","session":"\#(session)","experiment":"x","variant":"v","config":{"mode":"\#(mode)"}}"#)
                for touch in 1...60 {
                    let latency = 10 + offset + (touch * 7) % 13 + (mode == "b" && effect ? 100 : 0)
                    let down = 10 * touch
                    lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(down),"x":1,"y":1}"#)
                    lines.append(#"{"type":"delivery","session":"\#(session)","target":"b","event":"touchDown","via":"control-event","t":\#(down).\#(String(format: "%03d", latency))}"#)
                }
            }
        }
        let capture = try folder.write("sessions.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    @Test func sessionLevelVerdictAndGate() throws {
        let null = try sessionsFolder(effect: false)
        let pooled = try null.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--unit", "touch",
                                   "--fail-if-slower", "0", "--at", "p50"])
        // Pooled, the session offsets look like an effect …
        #expect(pooled.status == 3, "\(pooled.standardOutput)")
        // … by session they do not.
        let bySession = try null.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--fail-if-slower", "0", "--at", "p50"])
        #expect(bySession.status == 0, "\(bySession.standardOutput)")
        // scipy.stats.ttest_ind(b_mean_logs, a_mean_logs, equal_var=False) → t = 0.877, df = 4.13, p = 0.4285;
        // statsmodels' TTestIndPower at the pooled SD 0.515 → 459.4 and 84.6 sessions a group.
        #expect(bySession.standardOutput.contains("~ no significant difference: Welch's t on session mean log latency "
            + "t = 0.877, df = 4.13, p = 0.429 (4 vs 4 sessions, alpha 0.05)"))
        #expect(bySession.standardOutput.contains("note: not significant; with this spread between sessions (SD of "
            + "session mean log latency 0.515), about 460 sessions a group would detect a 10 % change in typical "
            + "latency 80 % of the time, and about 85 a 25 % change (Welch's t, alpha 0.05); the smaller group here has 4"))
        #expect(bySession.standardOutput.contains("between-session spread dominates"))

        let real = try sessionsFolder(effect: true)
        let gate = try real.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--fail-if-slower", "10", "--at", "p50"])
        #expect(gate.status == 3, "\(gate.standardOutput)")
        // scipy: ttest_ind(…, equal_var=False) → t = 4.485, df = 3.107, p = 0.0192;
        // mannwhitneyu(a_medians, b_medians, method="auto") → U = 0, p = 2/70
        #expect(gate.standardOutput.contains("typically, B is slower than A: Welch's t on session mean log latency "
            + "t = 4.49, df = 3.11, p = 0.019 (4 vs 4 sessions"))
        #expect(gate.standardOutput.contains("session medians (for reference): Mann–Whitney U = 0, p = 0.029 (exact)"))
    }

    @Test func budgetGateExitStatusBothWays() throws {
        let folder = try importedFolder()
        let over = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a", "--b", "b",
                                   "--fail-if-slower", "10", "--at", "p50", "--format", "csv", "--unit", "touch"])
        #expect(over.status == 3)
        #expect(over.standardError.contains("latency budget exceeded: b is 111.1% slower than a at p50 (limit 10.0%)"))
        // p95 is +51.4 %, but ten values give it no interval: nothing marks the tail slower.
        let tail = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a", "--b", "b",
                                   "--fail-if-slower", "10", "--at", "p95", "--unit", "touch"])
        #expect(tail.status == 0, "\(tail.standardError)")
        let within = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a", "--b", "b",
                                     "--fail-if-slower", "60", "--at", "p95", "--unit", "touch"])
        #expect(within.status == 0)
        let faster = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "b", "--b", "a",
                                     "--fail-if-slower", "0", "--unit", "touch"])
        #expect(faster.status == 0)
    }

    @Test func usageErrors() throws {
        let folder = try importedFolder()
        let half = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--b", "a"])
        #expect(half.status != 0)
        #expect(half.standardError.contains("--b needs --a"))
        // --a alone names the baseline every other value is compared with.
        let baseline = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "b", "--unit", "touch"])
        #expect(baseline.status == 0, "\(baseline.standardError)")
        #expect(baseline.standardOutput.hasPrefix("response latency by mode: A = b (--a), B = a\n"))
        let at = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--at", "p97"])
        #expect(at.status != 0)
        #expect(at.standardError.contains("--at takes p50, p90, p95 or p99"))
    }

    /// Touches at the bottom edge of a 390 × 844 screen, each heard by an
    /// observer after 2 ms and by target-action after 750 + k ms.
    private func channelFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#,
                     #"{"type":"session","session":"s","experiment":"x","variant":"ipad","device":{"screen_w":390,"screen_h":844}}"#]
        for touch in 1...8 {
            lines.append(#"{"type":"touch","session":"s","touch":\#(touch),"phase":"began","t":\#(10 * touch),"x":200,"y":840}"#)
            lines.append(#"{"type":"delivery","session":"s","target":"pan","event":"began","via":"observer","t":\#(10 * touch).002}"#)
            lines.append(#"{"type":"delivery","session":"s","target":"pan","event":"began","via":"target-action","t":\#(10 * touch).75\#(touch)}"#)
        }
        let capture = try folder.write("channels.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status == 0, "\(result.standardError)")
        return folder
    }

    @Test func viaSplitWithARegionFilterPairsTheTouches() throws {
        let folder = try channelFolder()
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "via", "--region", "bottom"])
        #expect(result.status == 0, "\(result.standardError)")
        // Differences 749 … 756 ms: median 752.5.
        #expect(result.standardOutput.contains("paired, same touches (target-action − observer): n = 8, median difference +752.5 ms"))
    }

    @Test func misspelledRegionAndSelfComparisonAreRefused() throws {
        let folder = try channelFolder()
        let region = try folder.run(["compare", "--db", "lab.sqlite", "--by", "via", "--region", "botom"])
        #expect(region.status != 0)
        #expect(region.standardError == "Error: unknown region 'botom' in --region botom; regions are center, top, bottom, "
            + "left, right, top-left, top-right, bottom-left, bottom-right, unknown\n")
        let same = try folder.run(["compare", "--db", "lab.sqlite", "--by", "via", "--a", "observer", "--b", "observer"])
        #expect(same.status != 0)
        #expect(same.standardError.contains("--a and --b both name via = observer"))
    }
}
