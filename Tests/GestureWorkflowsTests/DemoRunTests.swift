import Foundation
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureWorkflows
import GestureSimulation
import GestureStore

/// The demo end to end in a temporary folder (eight sessions a variant: the
/// findings are verdicts by session): its findings point the way the
/// articles in docs/sources.md say (deferral removes the edge lag, the observer hears .began before
/// target-action, delays_content_touches adds about 150 ms).
@Suite struct DemoRunTests {
    private func folder() -> String {
        TestScratch.newPath("gesturelab-demo").path
    }

    @Test func findingsPointTheWayTheSeedsSay() throws {
        let directory = folder()
        let demo = DemoRun(directory: directory, options: SimulationOptions(seed: 3, sessionsPerVariant: 8, touchesPerSession: 20))
        let report = try demo.run()
        #expect(report.findings.count == 6)

        let edge = try #require(report.findings[0].comparison)
        #expect(edge.a.label == "none" && edge.b.label == "bottom+right")
        #expect(edge.verdict == .faster)
        #expect((edge.a.p95 ?? 0) > 500)   // Kulman 2019: about a second
        #expect((edge.b.p95 ?? 1_000) < 50)
        #expect(report.findings[0].sentence.contains("removes the lag"))

        let center = try #require(report.findings[1].comparison)
        #expect((center.a.p50 ?? 1_000) < 20 && (center.b.p50 ?? 1_000) < 20)

        let channel = try #require(report.findings[2].comparison)
        #expect(channel.verdict == .slower)   // target-action (B) later than the observer (A)
        let paired = try #require(channel.paired)
        let lag = try #require(Percentile.of(sorted: paired.differences, percent: 50))
        #expect(lag > 700 && lag < 800)       // Instant Pan 2023: about 0.75 s

        let content = try #require(report.findings[3].comparison)
        #expect(content.a.label == "false" && content.verdict == .slower)
        let added = try #require(content.deltas[0].estimate)
        #expect(added > 130 && added < 170)   // UIButton highlight: about 150 ms

        // WWDC 2014's touch delay: fewer false starts, every start about 150 ms later, side by side.
        let delay = report.findings[4]
        let cost = try #require(delay.comparison), falseStarts = try #require(delay.rate)
        #expect(cost.a.label == "false" && cost.verdict == .slower)
        let waited = try #require(cost.deltas[0].estimate)
        #expect(waited > 130 && waited < 170)
        #expect(falseStarts.metric == .falseStart && falseStarts.verdict == .better)
        #expect((falseStarts.b.rate ?? 1) < (falseStarts.a.rate ?? 0) / 2)
        #expect(delay.sentence.contains("false starts") && delay.sentence.contains("touchesBegan p50"))

        // An enlarged hit area lets more taps reach the small icons.
        let hitArea = report.findings[5]
        #expect(hitArea.comparison == nil)
        let reached = try #require(hitArea.rate)
        #expect(reached.a.label == "frame" && reached.b.label == "44pt")
        // 20 touches a session leave the session-level test short of p < 0.05 for this seed
        // (B − A +15 points, p = 0.114); pooled, the touches already show it.
        #expect((reached.b.rate ?? 0) > (reached.a.rate ?? 1) + 0.1)
        #expect(try reached.newcombe.get().lower > 0)
        #expect(hitArea.sentence.contains(reached.verdict == .better ? "makes the small icons reachable" : "no significant change"))

        for file in report.csvFiles {
            #expect(FileManager.default.fileExists(atPath: file), "missing \(file)")
        }
        let comparisons = try String(contentsOfFile: try #require(report.csvFiles.first { $0.hasSuffix("/comparisons.csv") }),
                                     encoding: .utf8)
        #expect(comparisons.components(separatedBy: "\r\n").filter { $0.hasPrefix("metric,") }.count == 1)
        #expect(comparisons.components(separatedBy: "\r\n").count == 1 + 5 * 5 + 1)
        let rates = try String(contentsOfFile: try #require(report.csvFiles.first { $0.hasSuffix("/rate-comparisons.csv") }),
                               encoding: .utf8)
        #expect(rates.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1 + 2)
    }

    @Test func refusesAFolderItDidNotMake() throws {
        let directory = folder()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let precious = (directory as NSString).appendingPathComponent("gesturelab.sqlite")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: precious))
        let error = #expect(throws: WorkflowError.self) {
            try DemoRun(directory: directory, options: SimulationOptions(sessionsPerVariant: 1)).run()
        }
        #expect(error?.message.contains("is not a gesturelab demo folder; nothing was changed") == true)
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "mine")
    }

    @Test func rerunReplacesItsOwnFolder() throws {
        let directory = folder()
        let demo = DemoRun(directory: directory, options: SimulationOptions(sessionsPerVariant: 1))
        _ = try demo.run()
        var messages: [String] = []
        let again = try demo.run { messages.append($0) }
        #expect(messages.first == "replacing the previous demo in \(directory)")
        // A fresh database: each capture imported once, not "already imported".
        #expect(again.recordCount > 0)
        #expect(!messages.contains { $0.contains("already imported") })
    }

    @Test func nextStepsStartWithTheCommandGivenAndQuoteTheDatabase() {
        let steps = DemoRun(directory: "my demo").nextSteps(command: ".build/release/gesturelab")
        #expect(steps.count == 11)
        #expect(steps[0] == ".build/release/gesturelab sessions --db 'my demo/demo.sqlite'")
        for step in steps {
            #expect(step.hasPrefix(".build/release/gesturelab "), "\(step)")
            #expect(step.contains(" --db 'my demo/demo.sqlite'"), "\(step)")
        }
    }
}
