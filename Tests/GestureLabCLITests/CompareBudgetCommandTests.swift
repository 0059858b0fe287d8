import Foundation
import Testing
import TestScratch

/// The CI budget and many builds through the real binary: exit statuses,
/// the offenders named, `--label`, `--where` and `sessions`.
///
/// Four sessions a build of forty touchDowns, 5 to 14.5 ms (session j,
/// touch k: 5 + ((7k + 3j) mod 20) / 2); build 42 adds 60 ms to the touches
/// of 13 ms and more (the tail), build 43 adds 4 ms to those under 9 ms
/// (the median). numpy on the pooled values: p95 14.025 (40, 41, 43) and
/// 74.025 ms (42); p50 9.75 (40, 41, 42) and 11.25 ms (43).
@Suite struct CompareBudgetCommandTests {
    private static func capture(build: Int) -> String {
        var lines = [#"{"type":"header","format":"gesture-trace","version":1,"recorder":"build \#(build)"}"#]
        for j in 0..<4 {
            lines.append(#"{"type":"session","session":"s\#(j)","experiment":"x","variant":"v","device":{"model":"iPhone15,2"}}"#)
            for k in 0..<40 {
                var latency = 5 + Double((7 * k + 3 * j) % 20) / 2
                if build == 42, latency >= 13 { latency += 60 }
                if build == 43, latency < 9 { latency += 4 }
                let down = 10 * (k + 1)
                lines.append(#"{"type":"touch","session":"s\#(j)","touch":\#(k + 1),"phase":"began","t":\#(down),"x":1,"y":1}"#)
                lines.append(#"{"type":"delivery","session":"s\#(j)","target":"b","event":"touchDown","via":"control-event","t":\#(Double(down) + latency / 1000)}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Builds 40–43, one capture each, labelled at import.
    private func labelledStore() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        for build in 40...43 {
            let path = try folder.write("build\(build).jsonl", Self.capture(build: build))
            let result = try folder.run(["import", "--db", "lab.sqlite", "--label", "build=\(build)", path])
            #expect(result.status == 0, "\(result.standardError)")
        }
        return folder
    }

    @Test func aTailRegressionTripsTheP95BudgetAndAMedianShiftDoesNot() throws {
        let folder = try labelledStore()
        let tail = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown",
                                   "--a", "40", "--b", "42", "--fail-if-slower", "10", "--at", "p95"])
        #expect(tail.status == 3, "\(tail.standardError)")
        #expect(tail.standardError == "latency budget exceeded: 42 is 427.8% slower than 40 at p95 (limit 10.0%)\n")
        let median = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown",
                                     "--a", "40", "--b", "43", "--fail-if-slower", "10", "--at", "p95"])
        #expect(median.status == 0, "\(median.standardError)")
        #expect(median.standardOutput.contains("at the median, B is slower than A"))
        let atMedian = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown",
                                       "--a", "40", "--b", "43", "--fail-if-slower", "10", "--at", "p50"])
        #expect(atMedian.status == 3)
    }

    @Test func fourBuildsAgainstABaselineNameEachOffender() throws {
        let folder = try labelledStore()
        let result = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown",
                                     "--fail-if-slower", "10"])
        #expect(result.status == 3)
        #expect(result.standardOutput.hasPrefix("response latency by build: A = 40 (the first value); each other value of build is a B\n"))
        let header = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("A: 40") })
        #expect(["B: 41", "B: 42", "B: 43"].allSatisfy { header.contains($0) })
        #expect(result.standardError == "latency budget exceeded: 42 is 427.8% slower than 40 at p95 (limit 10.0%)\n")
        let json = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown",
                                   "--where", "build=40,42", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["verdict"] != nil && object["baseline"] == nil)
        let all = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--event", "touchDown", "--format", "json"])
        let several = try #require(try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [String: Any])
        #expect(several["baseline"] as? String == "40")
        #expect((several["comparisons"] as? [Any])?.count == 3)
    }

    /// A capture imported before keeps its sessions' labels, and says so.
    @Test func aLabelOnACaptureImportedBeforeIsNotApplied() throws {
        let folder = try labelledStore()
        let again = try folder.run(["import", "--db", "lab.sqlite", "--label", "build=99", folder.path("build40.jsonl")])
        #expect(again.status == 0)
        #expect(again.standardError.hasSuffix("build40.jsonl: --label not applied: a capture is labelled when first imported\n"))
        let builds = try folder.run(["query", "--db", "lab.sqlite", "--sql",
                                     "SELECT DISTINCT value FROM session_config WHERE key = 'build' ORDER BY 1", "--format", "csv"])
        #expect(builds.standardOutput == "value\r\n40\r\n41\r\n42\r\n43\r\n")
    }

    @Test func sessionsShowsTheLabelsAndAnUnknownKeyIsRefused() throws {
        let folder = try labelledStore()
        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "csv"])
        #expect(sessions.status == 0)
        let rows = sessions.standardOutput.split(separator: "\r\n")
        #expect(rows[0].hasSuffix(",dropped,app,app_version,app_build,config"))
        #expect(rows[1].hasSuffix(",0,,,,build=40"))
        let unknown = try folder.run(["compare", "--db", "lab.sqlite", "--by", "device", "--event", "touchDown"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("--by device: no session has a configuration key device. Keys this store has: "
            + "experiment, variant, capture, device.model, build, event, region, target, via"))
        let pooled = try folder.run(["compare", "--db", "lab.sqlite", "--by", "build", "--where", "device.model=iPhone15,2"])
        #expect(pooled.status == 0, "one event in the store needs no --event: \(pooled.standardError)")
    }
}
