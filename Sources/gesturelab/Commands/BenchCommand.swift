import ArgumentParser
import Foundation
import GestureAnalysis
import GestureSimulation
import GestureWorkflows
#if PostgreSQL
import GestureStorePostgreSQL
#endif

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure import, derivation, queries, compare and export on N records.",
        discussion: """
            Generates N records of one mix (--mix), then measures in one run:
            import records/s (validation, storage and latency derivation; the median of
            three imports, each into a new store), the CPU each of that import's
            threads used, the import's peak memory in a child
            process, `sqlite3 .import` of the same records
            flattened to CSV and the ratio of the two (in time and in the size of the
            database each leaves at rest), SQLite's floor (its time to write the
            rows the import stored: INSERT … SELECT into a new store, less reading
            them), every canned query, compare on
            the largest groups, and CSV export rows/s. Prints a Markdown table with the
            machine, the SQLite version and the build. Build in release mode for
            figures worth keeping.

            Mixes: simulated (the simulator's seed experiments: mostly touch samples
            and frames), deliveries (half deliveries, a third transitions, each naming
            its touch, long and non-ASCII names), unordered (the simulated records,
            each session's in reversed runs of 64), pan, controls and list (shaped like
            what the recorder writes in an app: 120 Hz pans heard by KVO and
            target-action, button taps with control events and targets, or taps on the
            rows of a scrolled list, thousands of targets a session; in time order),
            and pan-recorded, controls-recorded and list-recorded (the same records in
            the order a recorder writes them: coalesced touch samples after later
            deliveries).

            --order rearranges the capture's record lines before the import (shuffled,
            reversed, by-type; the header and sessions stay first), to time captures
            out of time order; as-written, the default, leaves them as the mix wrote
            them.

            With --postgresql URL it also pushes the store it built to a new database
            on that server and times `psql \\copy` of the same rows as CSV into
            another (both databases are dropped and recreated on each run), then
            runs every canned query, sessions and export of every relation on
            both engines, the least of three runs each, and compares their
            output byte for byte (or row for row, where the server writes a
            relation in its own order). Beside each export it times the server
            writing the same rows as CSV itself (`psql \\copy (…) TO`), its own
            text form of them.

            --calibration runs a different study instead: simulated experiments with
            known truth (sessions a group 3, 5, 8, 20, 60; touches a session 20 and 120;
            ICC 0, 0.1, 0.5, 0.9; log-normal and skewed heavy-tailed latencies; no
            difference and B 25 % slower; a rate metric), each data set through the
            code compare runs at session level. It prints how often the 95 % intervals
            cover the true difference, their mean width against the ideal, and how often
            the tests reject, each with its Monte Carlo SE (--datasets a scenario,
            --seed). See docs/latencies.md.

            Examples:
              swift run -c release gesturelab bench
              swift run -c release gesturelab bench --calibration --seed 1
              swift run -c release gesturelab bench --records 10000000 --dir /tmp/bench
              swift run -c release gesturelab bench --mix deliveries
              swift run -c release gesturelab bench --mix pan-recorded \\
                  --order shuffled --import-only
              swift run -c release gesturelab bench \\
                  --postgresql postgresql://postgres:***@127.0.0.1:5432/postgres
            """)

    @Option(parsing: .unconditional, help: "How many records to generate.")
    var records = 1_000_000

    @Option(help: ArgumentHelp("Where the capture, the databases and the CSV go.", valueName: "dir"))
    var dir = "gesturelab-bench"

    @Option(parsing: .unconditional, help: "Seed of the simulation.")
    var seed: UInt64 = 1

    @Option(help: "What the capture holds: \(BenchmarkMix.allCases.map(\.rawValue).joined(separator: ", ")).")
    var mix: BenchmarkMix = .simulated

    @Option(help: "The order of the capture's record lines: \(CaptureOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
    var order: CaptureOrder = .asWritten

    @Flag(help: "Measure the import against sqlite3 .import only (no queries, compare, export or report).")
    var importOnly = false

    @Option(help: ArgumentHelp("Also time a push to this server against psql \\copy.",
                               valueName: "postgresql://user@host:port/database"))
    var postgresql: String?

    @Flag(help: "Run the calibration study of compare's session-level intervals and tests instead.")
    var calibration = false

    @Option(parsing: .unconditional, help: "Data sets a scenario of --calibration.")
    var datasets = 200

    @Option(parsing: .unconditional, help: "Bootstrap replicates of each interval in --calibration (default: compare's).")
    var replicates: Int?

    func validate() throws {
        if datasets < 10 { throw ValidationError("--datasets takes 10 or more.") }
        if let replicates, replicates < 2 { throw ValidationError("--replicates takes 2 or more.") }
        if calibration { return }
        if records < 1_000 { throw ValidationError("--records takes 1000 or more.") }
        try FolderArgument.check(dir)
        #if PostgreSQL
        // Checked before the benchmark's minutes, not after them.
        if let postgresql { _ = try ServerAddress(url: postgresql) }
        #else
        if postgresql != nil { throw WithoutPostgreSQL.missing("bench --postgresql") }
        #endif
    }

    func run() throws {
        if calibration {
            let study = CalibrationStudy(options: .init(seed: seed, datasets: datasets, replicates: replicates))
            let output = TextOutput.standardOutput()
            try output.write(study.run { StandardErrorWriter.line($0) }.markdown)
            try output.flush()
            return
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        var options = Benchmark.Options(records: records, directory: dir, seed: seed, mix: mix,
                                        executablePath: executable)
        options.importOnly = importOnly
        options.order = order
        let benchmark = Benchmark(options: options)
        let report = try benchmark.run { StandardErrorWriter.line($0) }
        let output = TextOutput.standardOutput()
        try output.write(report.markdown)
        #if PostgreSQL
        if let postgresql {
            let push = try PushBenchmark(sqlitePath: (dir as NSString).appendingPathComponent("bench.sqlite"),
                                         serverURL: postgresql, directory: dir).run { StandardErrorWriter.line($0) }
            try output.write(push.markdown)
            let reads = try ServerReadBenchmark(sqlitePath: (dir as NSString).appendingPathComponent("bench.sqlite"),
                                                server: push.pushTarget, directory: dir)
                .run { StandardErrorWriter.line($0) }
            try output.write(reads.markdown)
        }
        #endif
        try output.flush()
    }
}

extension BenchmarkMix: ExpressibleByArgument {}
extension CaptureOrder: ExpressibleByArgument {}
