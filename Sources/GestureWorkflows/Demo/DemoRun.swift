import Foundation
import GRDB
import GestureAnalysis
import GestureReport
import GestureSimulation
import GestureStore
import GestureTrace

/// `gesturelab demo`: the seed experiments simulated, imported, analysed and
/// compared in a folder of their own, with the findings in plain words.
///
///     let demo = try DemoRun(directory: "gesturelab-demo")
///     let report = try demo.run { print($0) }
///     report.findings.forEach { print($0.sentence) }
package struct DemoRun: Sendable {
    /// A file that marks a folder as the demo's own, so a rerun may replace it.
    package static let marker = ".gesturelab-demo"

    package var directory: String
    package var options: SimulationOptions

    package var databasePath: String { path("demo.sqlite") }
    package var capturesDirectory: String { path("captures") }
    package var csvDirectory: String { path("csv") }
    package var reportPath: String { path("report.html") }

    /// Sessions per variant by default: the comparisons take the session as
    /// their unit, and 8 against 8 sessions (8 paired, for the channels) let
    /// each finding reach p < 0.05 by session.
    package static let sessionsPerVariant = 8

    package init(directory: String, options: SimulationOptions = SimulationOptions(sessionsPerVariant: sessionsPerVariant)) {
        self.directory = directory
        self.options = options
    }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// What the demo found and wrote.
    package struct Report: Sendable {
        package var findings: [DemoFinding]
        package var captures: [String]
        package var csvFiles: [String]
        package var recordCount: Int
        package var seconds: Double
    }

    /// Runs the demo, reporting each step to `log`.
    ///
    /// - Throws: `WorkflowError` when `directory` exists and is not a previous
    ///   demo's folder: the demo never touches other files silently.
    package func run(log: (String) -> Void = { _ in }) throws -> Report {
        let started = ContinuousClock.now
        try prepareDirectory(log: log)

        log("simulating the seed experiments (seed \(options.seed), \(options.sessionsPerVariant) sessions per variant)")
        let captures = try Simulator(options: options).writeCaptures(to: capturesDirectory)

        let database = try GestureDatabase(path: databasePath, prepareConnection: PercentileFunctions.register)
        let importer = CaptureImporter(database: database)
        var recordCount = 0
        for capture in captures {
            let summary = try importer.importCapture(path: capture)
            recordCount += summary.recordCount
            log(summary.summaryLine)
        }

        let findings = try database.connection.read { db in try Self.findings(db, seed: options.seed) }
        let csvFiles = try writeCSV(database, findings: findings)
        let plans = Self.plans(findings)
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: plans, options: .init(title: "gesturelab demo: the seed experiments",
                                                                   seed: options.seed))
        }
        try ReportFile.write(html, to: reportPath)
        try database.close()
        return Report(findings: findings, captures: captures, csvFiles: csvFiles, recordCount: recordCount,
                      seconds: (ContinuousClock.now - started).seconds)
    }

    /// The report's sections for the findings, reusing their runs: each
    /// latency comparison, then each rate comparison. A finding with both
    /// (the touch delay's cost and benefit) names which part each section
    /// is, and each section says its own part (`DemoFinding.parts`), not
    /// the whole finding twice.
    static func plans(_ findings: [DemoFinding]) -> [PlannedComparison] {
        let latency = findings.compactMap { finding -> PlannedComparison? in
            guard let run = finding.run else { return nil }
            return PlannedComparison(selection: run.request.selection, a: run.request.a, b: run.request.b,
                                     title: finding.rates.isEmpty ? finding.title : "\(finding.title): start latency",
                                     headline: finding.parts?.latency ?? finding.sentence, run: run)
        }
        let rates = findings.flatMap { finding in
            finding.rates.enumerated().map { index, run in
                let what = run.request.selection.outcome == .falseStart ? "false starts" : "touches reaching their target"
                let part = finding.parts.flatMap { index < $0.rates.count ? $0.rates[index] : nil }
                return PlannedComparison(selection: run.request.selection, a: run.request.a, b: run.request.b,
                                         title: finding.run == nil ? finding.title : "\(finding.title): \(what)",
                                         headline: part ?? finding.sentence, proportionRun: run)
            }
        }
        return latency + rates
    }

    private func prepareDirectory(log: (String) -> Void) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, manager.fileExists(atPath: path(Self.marker)) else {
                throw WorkflowError("\(directory) exists and is not a gesturelab demo folder; nothing was changed. "
                    + "Name another folder with --dir.")
            }
            log("replacing the previous demo in \(directory)")
            try manager.removeItem(atPath: directory)
        }
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("made by gesturelab demo; a rerun replaces this folder\n".utf8)
            .write(to: URL(fileURLWithPath: path(Self.marker)))
    }

    /// The seed questions, and the center control of the first.
    static func findings(_ db: Database, seed: UInt64) throws -> [DemoFinding] {
        let options = Comparison.Options(seed: seed)
        func compare(_ selection: ComparisonSelection, a: String, b: String) throws -> Comparer.Run {
            try Comparer.run(.init(selection: selection, a: a, b: b, options: options), in: db)
        }
        var findings: [DemoFinding] = []

        let edge = try compare(ComparisonSelection(by: "deferred_edges", event: "touchDown", region: "bottom,bottom-right",
                                                   experiment: SimulatedExperiment.edgeDeferral.rawValue),
                               a: "none", b: "bottom+right")
        let edgeComparison = edge.comparisons[0]
        findings.append(DemoFinding(
            title: "Edge deferral (the system gesture gate at the screen edges)",
            sentence: "bottom-edge touchDown p95: \(DemoFinding.milliseconds(edgeComparison.a.p95)) without deferral "
                + "vs \(DemoFinding.milliseconds(edgeComparison.b.p95)) with deferred_edges = bottom+right "
                + "(\(DemoFinding.evidence(edgeComparison))): "
                + (edgeComparison.verdict == .faster ? "deferring the bottom and right edges removes the lag."
                                                     : "no significant change."),
            run: edge))

        let center = try compare(ComparisonSelection(by: "deferred_edges", event: "touchDown", region: "center",
                                                     experiment: SimulatedExperiment.edgeDeferral.rawValue),
                                 a: "none", b: "bottom+right")
        let centerComparison = center.comparisons[0]
        findings.append(DemoFinding(
            title: "The same button away from the edges (control)",
            sentence: "center touchDown p95: \(DemoFinding.milliseconds(centerComparison.a.p95)) vs "
                + "\(DemoFinding.milliseconds(centerComparison.b.p95)) (\(DemoFinding.evidence(centerComparison))): "
                + (centerComparison.verdict == .noDifference ? "no significant difference; the gate only holds edge touches."
                                                              : "a significant difference: \(centerComparison.verdict.rawValue)."),
            run: center))

        let channel = try compare(ComparisonSelection(by: "via", event: "began", experiment: SimulatedExperiment.deliveryChannel.rawValue,
                                                      variant: "ipad"),
                                  a: "observer", b: "target-action")
        let channelComparison = channel.comparisons[0]
        var channelSentence = "on iPad, the KVO observer hears .began at p50 \(DemoFinding.milliseconds(channelComparison.a.p50)), "
            + "target-action at \(DemoFinding.milliseconds(channelComparison.b.p50))"
        if let paired = channelComparison.paired, case .success(let wilcoxon)? = paired.sessionWilcoxon,
           let median = Percentile.of(sorted: paired.differences, percent: 50) {
            channelSentence += ": target-action delivers the same state change a median "
                + "\(DemoFinding.milliseconds(median)) later (\(paired.differences.count.grouped) paired touches in "
                + "\(paired.sessionMedians.count) sessions; Wilcoxon on the session medians "
                + "\(wilcoxon.p < 0.001 ? "p < 0.001" : String(format: "p = %.3f", wilcoxon.p)))."
        } else {
            channelSentence += " (\(DemoFinding.evidence(channelComparison)))."
        }
        findings.append(DemoFinding(title: "Delivery channel (an instant pan's .began, by KVO and by target-action)", sentence: channelSentence, run: channel))

        let content = try compare(ComparisonSelection(by: "delays_content_touches", event: "touchesBegan",
                                                      experiment: SimulatedExperiment.contentTouches.rawValue),
                                  a: "false", b: "true")
        let contentComparison = content.comparisons[0]
        let added = contentComparison.deltas[0].estimate
        findings.append(DemoFinding(
            title: "Content touches (delaysContentTouches in a scroll view)",
            sentence: "delays_content_touches = true adds \(DemoFinding.milliseconds(added)) to touchesBegan at p50: "
                + "\(DemoFinding.milliseconds(contentComparison.a.p50)) with false vs "
                + "\(DemoFinding.milliseconds(contentComparison.b.p50)) with true "
                + "(\(DemoFinding.evidence(contentComparison)))"
                + (contentComparison.verdict == .slower ? "." : ", not a significant difference."),
            run: content))
        return findings + (try outcomeFindings(db, options: options))
    }

    private func writeCSV(_ database: GestureDatabase, findings: [DemoFinding]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: csvDirectory, withIntermediateDirectories: true)
        let catalog = try QueryCatalog()
        var written: [String] = []
        try database.connection.read { db in
            for name in ["responses", "recognitions", "dispatches", "response-by-region", "channel-comparison",
                         "session-summary", "outcomes", "false_starts", "reach-by-target", "false-starts-by-target"] {
                let file = (csvDirectory as NSString).appendingPathComponent("\(name).csv")
                let output = try TextOutput.replacing(path: file)
                try Exporter.export(name, catalog: catalog, in: db, to: output)
                try output.commit()
                written.append(file)
            }
        }
        let comparisons = (csvDirectory as NSString).appendingPathComponent("comparisons.csv")
        let output = try TextOutput.replacing(path: comparisons)
        for (index, run) in findings.compactMap(\.run).enumerated() {
            var csv = ComparisonReport.csv(run)
            // One header row for all: later comparisons start after theirs.
            // (Swift reads CRLF as one Character, so search for it as text.)
            if index > 0, let headerEnd = csv.range(of: "\r\n") { csv = String(csv[headerEnd.upperBound...]) }
            try output.write(csv)
        }
        try output.commit()
        written.append(comparisons)
        // Rates have columns of their own (k, n, rate and intervals), so a file of their own.
        let rates = (csvDirectory as NSString).appendingPathComponent("rate-comparisons.csv")
        let rateOutput = try TextOutput.replacing(path: rates)
        for (index, run) in findings.flatMap(\.rates).enumerated() {
            var csv = ProportionReport.csv(run)
            if index > 0, let headerEnd = csv.range(of: "\r\n") { csv = String(csv[headerEnd.upperBound...]) }
            try rateOutput.write(csv)
        }
        try rateOutput.commit()
        written.append(rates)
        return written
    }
}
