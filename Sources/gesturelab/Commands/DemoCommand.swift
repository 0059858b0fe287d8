import ArgumentParser
import Foundation
import GestureAnalysis
import GestureSimulation
import GestureTrace
import GestureWorkflows

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Simulate the seed experiments, import, analyse and compare them, and say what they show.",
        discussion: """
            Everything goes into one folder (default ./gesturelab-demo): the simulated
            captures, a fresh database demo.sqlite, CSV exports in csv/ (the derived
            relations, the outcome relations and queries, comparisons.csv and
            rate-comparisons.csv) and the HTML report report.html. It prints the
            findings: the four latency ones, the touch delay's benefit (false-start
            rate without vs with it) beside its cost (touchesBegan's latency), and the
            share of touch-downs an enlarged hit area lets reach small icons, then
            where those files are and commands to try next, naming the gesturelab
            binary that is running, so that they work as printed. A rerun replaces a
            previous demo folder; any other existing folder is refused, so the demo
            never touches your own database.

            Examples:
              gesturelab demo
              gesturelab demo --dir /tmp/demo --seed 7 --sessions 8
            """)

    @Option(help: ArgumentHelp("The demo's folder.", valueName: "dir"))
    var dir = "gesturelab-demo"

    @Option(parsing: .unconditional, help: "Seed of the simulation and of the bootstrap.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Sessions per variant of each experiment (the session is the comparisons' unit; 8 let each finding reach p < 0.05).")
    var sessions = DemoRun.sessionsPerVariant

    func validate() throws {
        if sessions < 1 { throw ValidationError("--sessions takes 1 or more.") }
        try FolderArgument.check(dir)
    }

    func run() throws {
        let demo = DemoRun(directory: dir, options: SimulationOptions(seed: seed, sessionsPerVariant: sessions))
        let report = try demo.run { StandardErrorWriter.line($0) }
        let output = TextOutput.standardOutput()
        try output.write("\ngesturelab demo: \(report.recordCount.grouped) simulated records, imported and analysed in "
            + String(format: "%.1f", report.seconds) + " s\ndatabase: \(demo.databasePath)\n\n")
        for finding in report.findings {
            try output.write("\(finding.title)\n  \(finding.sentence)\n\n")
        }
        try output.write("CSV exports in \(demo.csvDirectory)/: "
            + report.csvFiles.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + "\n")
        try output.write("HTML report with plots: \(demo.reportPath)\n\n")
        let command = ShellCommand.invoking(
            executable: Bundle.main.executablePath ?? CommandLine.arguments[0], invokedAs: CommandLine.arguments.first,
            searchPath: ProcessInfo.processInfo.environment["PATH"], currentDirectory: FileManager.default.currentDirectoryPath)
        try output.write("Try next:\n" + demo.nextSteps(command: command).map { "  \($0)\n" }.joined() + "\n")
        try output.flush()
    }
}
