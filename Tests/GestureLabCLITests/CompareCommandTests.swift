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

    @Test func tableNamesTheGroupsAndTheVerdict() throws {
        let folder = try importedFolder()
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("response latency by mode: A = a (the first value), B = b\n"))
        #expect(result.standardOutput.contains("B is slower than A: Mann–Whitney U = 7.5, p < 0.001 (n = 10 vs 12, alpha 0.05)"))
        #expect(result.standardOutput.contains("\np50   13.5 ms   28.5 ms   +15.0 ms   [+11.0 ms, +19.0 ms]   +111.1%\n"))
    }

    @Test func budgetGateExitStatusBothWays() throws {
        let folder = try importedFolder()
        let over = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a", "--b", "b",
                                   "--fail-if-slower", "10", "--at", "p95", "--format", "csv"])
        #expect(over.status == 3)
        #expect(over.standardError.contains("latency budget exceeded: b is 51.4% slower than a at p95 (limit 10.0%)"))
        let within = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a", "--b", "b",
                                     "--fail-if-slower", "60", "--at", "p95"])
        #expect(within.status == 0)
        let faster = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "b", "--b", "a",
                                     "--fail-if-slower", "0"])
        #expect(faster.status == 0)
    }

    @Test func usageErrors() throws {
        let folder = try importedFolder()
        let half = try folder.run(["compare", "--db", "lab.sqlite", "--by", "mode", "--a", "a"])
        #expect(half.status != 0)
        #expect(half.standardError.contains("give both --a and --b"))
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
