import Foundation
import GestureSimulation
import GRDB
import GestureAnalysis
import GestureReport
import GestureStore
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gesturelab bench`: import, derive, query, compare and export a capture
/// of N records of one mix (`BenchmarkMix`), beside `sqlite3 .import` of the
/// same records as CSV.
///
/// Every figure is measured in this one run, on this machine, so the ratios
/// hold even when the machine is noisy; nothing here is a pass/fail test.
package struct Benchmark: Sendable {
    package struct Options: Sendable {
        package var records = 1_000_000
        package var directory: String
        package var seed: UInt64 = 1
        /// What the capture holds.
        package var mix: BenchmarkMix = .simulated
        /// The order the capture's records are left in.
        package var order: CaptureOrder = .asWritten
        /// The `gesturelab` binary, run as a child to measure the import's peak memory.
        package var executablePath: String
        /// Only the import, its peak memory and `sqlite3 .import`: no
        /// queries, compare, export or report.
        package var importOnly = false

        package init(records: Int = 1_000_000, directory: String, seed: UInt64 = 1, mix: BenchmarkMix = .simulated,
                    executablePath: String) {
            self.records = records
            self.directory = directory
            self.seed = seed
            self.mix = mix
            self.executablePath = executablePath
        }
    }

    /// One measured step.
    package struct Measurement: Sendable {
        package var step: String
        /// Records or rows handled.
        package var count: Int?
        package var seconds: Double
        /// What the brief asks of the step, e.g. `≥ 1,000,000 records/s`.
        package var target: String
        /// Whether the target was met; nil when the step has none.
        package var met: Bool?
        package var note: String = ""

        package var rate: Double? { count.map { seconds > 0 ? Double($0) / seconds : 0 } }
    }

    package struct Report: Sendable {
        package var measurements: [Measurement]
        package var machine: [String]
    }

    package var options: Options

    package init(options: Options) {
        self.options = options
    }

    private func path(_ name: String) -> String { (options.directory as NSString).appendingPathComponent(name) }

    package func run(log: (String) -> Void = { _ in }) throws -> Report {
        try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
        for name in ["bench.sqlite", "memory.sqlite", "baseline.sqlite", "floor.sqlite"] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path(name + suffix)) }
        }
        var measurements: [Measurement] = []
        let capturePath = path("bench.jsonl")

        log("generating \(options.records.grouped) records of the \(options.mix.rawValue) mix")
        let capture = options.mix.records(seed: options.seed, approximateRecords: options.records)
        var started = ContinuousClock.now
        let written = try write(capture, to: capturePath)
        if options.order != .asWritten {
            try options.order.rearrange(path: capturePath, seed: options.seed)
            // Rearranging held the capture's lines; what it freed must not
            // count in the children's peaks below (see there).
            Self.resetOwnPeak()
        }
        try Self.syncToDisk(capturePath)
        measurements.append(Measurement(step: "generate and write the capture", count: written,
                                        seconds: elapsed(since: started), target: "", met: nil))
        let captureBytes = (try? FileManager.default.attributesOfItem(atPath: capturePath)[.size] as? Int) ?? 0

        // The children whose peak memory is read run first, while this
        // process is small: Linux counts the spawning process's own peak in
        // a spawned child's (it is the child's memory until exec), so after
        // the imports below every child would read at least their peak.
        log("importing in a child process, for its peak memory")
        started = ContinuousClock.now
        let ownPeak = Self.ownPeakKilobytes()
        let importPeak = try childPeakMemory([options.executablePath, "import", "--db", path("memory.sqlite"), capturePath])
        let importPeakMeasurement = Measurement(
            step: "import peak memory (child process)", count: nil, seconds: elapsed(since: started),
            target: "≤ 100 MB, flat", met: Double(importPeak) / 1024 <= 100,
            note: String(format: "%.1f MB resident at peak, capture %.0f MB", Double(importPeak) / 1024,
                         Double(captureBytes) / 1_048_576)
                + (ownPeak.map { String(format: " (this process's peak then %.1f MB, a floor under it)", Double($0) / 1024) } ?? ""))
        var reportPeak: (kilobytes: Int, seconds: Double)?
        if !options.importOnly {
            log("report in a child process, for its peak memory")
            started = ContinuousClock.now
            let kilobytes = try childPeakMemory([options.executablePath, "report", "--db", path("memory.sqlite"),
                                                 "--out", path("report-child.html")])
            reportPeak = (kilobytes, elapsed(since: started))
        }

        // Three imports into a new store each, the median reported: on a
        // shared machine one run can be a quarter slower than the next.
        // Each is timed to the store at rest (closed: every page in the main
        // file, back in rollback-journal mode), as `gesturelab import` ends.
        var imports: [(summary: ImportSummary, seconds: Double, closeSeconds: Double)] = []
        for run in 1...Self.importRuns {
            log("importing in this process (\(run) of \(Self.importRuns))")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path("bench.sqlite" + suffix)) }
            let started = ContinuousClock.now
            let store = try GestureDatabase(path: path("bench.sqlite"), prepareConnection: PercentileFunctions.register)
            let summary = try CaptureImporter(database: store).importCapture(path: capturePath)
            let closing = ContinuousClock.now
            try store.close()
            imports.append((summary, elapsed(since: started), elapsed(since: closing)))
        }
        let median = imports.sorted { $0.seconds < $1.seconds }[Self.importRuns / 2]
        let summary = median.summary
        let importSeconds = median.seconds
        let importRate = Double(summary.recordCount) / importSeconds
        let runs = imports.map { String(format: "%.2f", $0.seconds) }.joined(separator: ", ")
        measurements.append(Measurement(
            step: "import (validate, store, derive, put at rest)", count: summary.recordCount, seconds: importSeconds,
            target: "≥ 1,000,000 records/s", met: importRate >= 1_000_000,
            note: "median of \(Self.importRuns) runs (\(runs) s); " + summary.derivationNote
                + String(format: "; %.2f s of it deriving on the inserting thread", summary.derivationSeconds)
                + String(format: "; %.2f s putting the file at rest", median.closeSeconds)))
        measurements.append(Self.importCPU(summary, cores: ProcessInfo.processInfo.activeProcessorCount))
        let database = try GestureDatabase(path: path("bench.sqlite"), prepareConnection: PercentileFunctions.register)

        measurements.append(importPeakMeasurement)

        let baselineMeasurements = try baseline(capture, importSeconds: importSeconds, log: log)
        measurements += baselineMeasurements
        measurements += try sqliteFloor(storePath: path("bench.sqlite"), records: summary.recordCount,
                                        importSeconds: importSeconds,
                                        baselineSeconds: baselineMeasurements.first { $0.count != nil }?.seconds, log: log)
        if !options.importOnly {
            measurements += try analyses(database, log: log)
            measurements += try report(database, childPeak: reportPeak, log: log)
        }
        try database.close()

        return Report(measurements: measurements, machine: try machine(database: path("bench.sqlite"),
                                                                       captureBytes: captureBytes))
    }

    /// Writes the mix's capture: the simulated one through the recorder, as
    /// the simulator always does, the others straight to a `TraceWriter`.
    private func write(_ capture: AnySequence<TraceRecord>, to capturePath: String) throws -> Int {
        let simulator = Simulator(options: SimulationOptions(seed: options.seed))
        if options.mix == .simulated {
            return try simulator.write(simulator.records(approximateRecords: options.records), path: capturePath)
        }
        var writer = try TraceWriter(path: capturePath, header: TraceHeader(recorder: "gesturelab bench"))
        var written = 0
        for record in capture {
            try writer.write(record)
            written += 1
        }
        try writer.close()
        return written
    }

    /// `sqlite3 .import` of the same records, and gesturelab's import time against it.
    private func baseline(_ capture: some Sequence<TraceRecord>, importSeconds: Double,
                          log: (String) -> Void) throws -> [Measurement] {
        guard let sqlite3 = Self.which("sqlite3") else {
            return [Measurement(step: "sqlite3 .import of the same records", count: nil, seconds: 0,
                                target: "", met: nil, note: "sqlite3 not found: apt-get install sqlite3")]
        }
        log("flattening the records to CSV for sqlite3 .import")
        let csvDirectory = path("baseline-csv")
        try FileManager.default.createDirectory(atPath: csvDirectory, withIntermediateDirectories: true)
        let rows = try SQLiteImportCSV.write(capture, to: csvDirectory)
        for table in SQLiteImportCSV.tables { try Self.syncToDisk("\(csvDirectory)/\(table.name).csv") }
        let scriptPath = path("baseline.sql")
        try SQLiteImportCSV.script(directory: csvDirectory).write(toFile: scriptPath, atomically: true, encoding: .utf8)

        log("running sqlite3 .import")
        let started = ContinuousClock.now
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = [path("baseline.sqlite"), ".read \(scriptPath)"]
        try process.run()
        process.waitUntilExit()
        let seconds = elapsed(since: started)
        guard process.terminationStatus == 0 else {
            throw WorkflowError("sqlite3 .import failed with status \(process.terminationStatus)")
        }
        let ratio = importSeconds / seconds
        // The store as the import left it (at rest: one file) against the
        // plain tables of the same records.
        let storeBytes = Self.fileBytes(path("bench.sqlite"))
        let baselineBytes = Self.fileBytes(path("baseline.sqlite"))
        let sizeRatio = baselineBytes > 0 ? Double(storeBytes) / Double(baselineBytes) : 0
        return [
            Measurement(step: "sqlite3 .import of the same records as CSV", count: rows, seconds: seconds,
                        target: "", met: nil, note: "no JSON, no validation, plain tables"),
            Measurement(step: "import time / sqlite3 .import time", count: nil, seconds: importSeconds,
                        target: "≤ 1.0 (aim 0.5)", met: ratio <= 1.0, note: String(format: "ratio %.2f", ratio)),
            Measurement(step: "store size / sqlite3 .import database size", count: nil, seconds: 0,
                        target: "≤ 1.0", met: sizeRatio <= 1.0,
                        note: String(format: "ratio %.2f: store %.1f MB, sqlite3 .import %.1f MB", sizeRatio,
                                     Double(storeBytes) / 1_048_576, Double(baselineBytes) / 1_048_576)),
        ]
    }

    /// A database's bytes: its main file and any write-ahead log beside it.
    private static func fileBytes(_ path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }

    /// Each canned query, compare on the largest groups, and CSV export.
    private func analyses(_ database: GestureDatabase, log: (String) -> Void) throws -> [Measurement] {
        var measurements: [Measurement] = []
        let sink = try TextOutput(path: "/dev/null")
        let catalog = try QueryCatalog()
        try database.connection.read { db in
            for query in catalog.queries {
                log("query \(query.name)")
                let started = ContinuousClock.now
                let rows = try QueryCatalog.run(query, parameters: [], in: db, format: .csv, to: sink)
                let seconds = elapsed(since: started)
                measurements.append(Measurement(step: "query \(query.name)", count: nil, seconds: seconds,
                                                target: "≤ 2 s", met: seconds <= 2, note: "\(rows.grouped) rows out"))
            }
            let comparisons: [(String, ComparisonSelection, String, String)] = [
                // Button taps have no recognizer that begins, and no event both channels hear.
                [.controls, .controlsRecorded, .list, .listRecorded].contains(options.mix)
                    ? ("compare --by variant --event touchUpInside",
                       ComparisonSelection(by: "variant", event: "touchUpInside"), "A", "B")
                    : ("compare --by via --event began", ComparisonSelection(by: "via", event: "began"), "observer",
                       "target-action"),
                // A latency is one event's: a pan's began, a tap's touchDown.
                [.pan, .panRecorded].contains(options.mix)
                    ? ("compare --by variant --event began", ComparisonSelection(by: "variant", event: "began"), "A", "B")
                    : [.deliveries, .controls, .controlsRecorded, .list, .listRecorded].contains(options.mix)
                    ? ("compare --by variant --event touchDown", ComparisonSelection(by: "variant", event: "touchDown"),
                       "A", "B")
                    : ("compare --by deferred_edges --event touchDown",
                       ComparisonSelection(by: "deferred_edges", event: "touchDown"), "none", "bottom+right"),
            ] + ([.simulated, .unordered].contains(options.mix) ? [
                // The most sessions of any group the simulator makes: a bootstrap's cost grows with them.
                ("compare --experiment hit-area --by hit_area --event touchDown",
                 ComparisonSelection(by: "hit_area", event: "touchDown", experiment: "hit-area"), "44pt", "frame"),
            ] : [])
            // The session unit (the default: a two-stage bootstrap) and the touch unit.
            for (name, selection, a, b) in comparisons {
                // A small capture may hold no session of a group: say so rather than fail the whole run.
                let found = try selection.values(db)
                if let missing = [a, b].first(where: { !found.contains($0) }) {
                    measurements.append(Measurement(
                        step: name, count: nil, seconds: 0, target: "≤ 2 s", met: nil,
                        note: "not timed: no \(selection.rowNoun) with \(selection.by) = \(missing) in this capture ("
                            + (found.isEmpty ? "none with any \(selection.by)"
                                : "only \(selection.by) = \(found.joined(separator: ", "))")
                            + "); more records make it"))
                    continue
                }
                for unit in AnalysisUnit.allCases {
                    let step = unit == .session ? name : "\(name) --unit touch"
                    log(step)
                    let started = ContinuousClock.now
                    let run = try Comparer.run(.init(selection: selection, a: a, b: b, options: .init(unit: unit)), in: db)
                    let seconds = elapsed(since: started)
                    let values = run.comparisons.reduce(0) { $0 + $1.a.n + $1.b.n }
                    let sessions = run.comparisons.reduce(0) { $0 + $1.a.sessions + $1.b.sessions }
                    measurements.append(Measurement(step: step, count: nil, seconds: seconds,
                                                    target: "≤ 2 s", met: seconds <= 2,
                                                    note: "\(values.grouped) latencies in \(sessions.grouped) sessions compared"))
                }
            }
            if [.simulated, .unordered].contains(options.mix) {
                measurements += try falseStartComparisons(db, log: log)
            }
            for relation in ["touch_sample", "responses", "dispatches"] {
                log("export \(relation)")
                let started = ContinuousClock.now
                let rows = try Exporter.export(relation, catalog: catalog, in: db, to: sink)
                let seconds = elapsed(since: started)
                measurements.append(Measurement(step: "export \(relation) as CSV", count: rows, seconds: seconds,
                                                target: "≥ 1,000,000 rows/s", met: Double(rows) / seconds >= 1_000_000))
            }
        }
        return measurements
    }

    /// The whole store's HTML report: its time and size here, and the peak
    /// memory its child process had (run early, on the child import's store).
    private func report(_ database: GestureDatabase, childPeak: (kilobytes: Int, seconds: Double)?,
                        log: (String) -> Void) throws -> [Measurement] {
        log("report")
        let started = ContinuousClock.now
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: nil, options: .init(seed: options.seed))
        }
        try ReportFile.write(html, to: path("report.html"))
        let seconds = elapsed(since: started)
        let megabytes = Double(html.utf8.count) / 1_048_576
        let comparisons = html.components(separatedBy: "<section class=\"comparison\"").count - 1
        return [
            Measurement(step: "report of the whole store (HTML)", count: nil, seconds: seconds,
                        target: "≤ 5 s, ≤ 5 MB", met: seconds <= 5 && megabytes <= 5,
                        note: "\(comparisons) comparison\(comparisons == 1 ? "" : "s"), "
                            + String(format: "%.2f MB", megabytes)),
        ] + (childPeak.map {
            [Measurement(step: "report peak memory (child process)", count: nil, seconds: $0.seconds, target: "", met: nil,
                         note: String(format: "%.1f MB resident at peak", Double($0.kilobytes) / 1024))]
        } ?? [])
    }

    private func machine(database: String, captureBytes: Int) throws -> [String] {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        let version = try queue.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") } ?? "?"
        #if DEBUG
        let build = "debug build (use -c release for figures worth keeping)"
        #else
        let build = "release build"
        #endif
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return [
            "date: \(Date().formatted(.iso8601))",
            "machine: \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                + String(format: "%.0f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824),
            "SQLite: \(version)",
            "gesturelab: \(build)",
            "capture: \(options.records.grouped) records requested, \(captureBytes / 1_048_576) MB, seed \(options.seed)",
            "mix: \(options.mix.rawValue) (\(options.mix.summary)); order: \(options.order.rawValue) (\(options.order.summary))",
        ]
    }

    static let importRuns = 3

    /// Flushes a file just written, so the next timed step does not share
    /// the disk with its write-back.
    static func syncToDisk(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw WorkflowError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw WorkflowError("cannot sync \(path): \(String(cString: strerror(errno)))") }
    }

    func elapsed(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).seconds
    }

    /// This process's peak resident memory so far, in KB (`VmHWM`); nil
    /// where there is no `/proc`.
    /// Lowers this process's peak resident memory to what it holds now
    /// (Linux's `clear_refs`; elsewhere nothing happens).
    static func resetOwnPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        try? handle.write(contentsOf: Data("5".utf8))
        try? handle.close()
    }

    static func ownPeakKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
    }

    /// Runs a command and returns the peak resident memory of its process, in KB.
    ///
    /// Read from that one child with `wait4`: `getrusage(RUSAGE_CHILDREN)`
    /// reports the largest of all children ever waited for, which under
    /// `swift run` includes the compiler processes of the build before it.
    /// The figure is never below this process's own peak at the spawn (the
    /// child shares its memory until exec, and Linux keeps that mark): call
    /// it while this process is small.
    private func childPeakMemory(_ command: [String]) throws -> Int {
        #if canImport(Glibc)
        var fileActions = posix_spawn_file_actions_t()
        #else
        var fileActions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &fileActions, nil, &arguments, environ)
        guard spawned == 0 else {
            throw WorkflowError("cannot run \(command[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw WorkflowError("waiting for \(command[0]) failed: \(String(cString: strerror(errno)))") }
        }
        // Exited normally (low 7 bits 0) with status 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw WorkflowError("\(command.joined(separator: " ")) failed with wait status \(status)")
        }
        return Int(usage.ru_maxrss)
    }

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
