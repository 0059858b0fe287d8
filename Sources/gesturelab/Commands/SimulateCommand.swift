import ArgumentParser
import Foundation
import GestureSimulation
import GestureStore
import GestureTrace

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a realistic simulated capture of the seed experiments.",
        discussion: """
            Plays the sessions an experimenter would record, variants alternating, and
            writes them as one gesture-trace capture (JSON Lines) to --out FILE or to
            standard output. The same --seed gives the same bytes.

            Experiments (variants: what they show; sources in docs/sources.md):
              edge-deferral      deferral-off, deferral-on: the gesture gate at the edges
              delivery-channel   iphone, ipad: target-action behind the gate, KVO at once
              content-touches    delays-on, delays-off: delaysContentTouches (scroll view)
              hit-area           visible-frame, enlarged-44pt: taps that reach small icons
              touch-delay        delay-off, delay-on: false starts vs a 150 ms touch delay

            Without --experiment the capture holds all five, one after the other.
            --records N writes about N records (sessions keep coming until then)
            instead of --sessions per variant, for benchmarks. Progress goes to
            standard error when it is a terminal. --out FILE is written whole or not
            at all: a full disk, Ctrl-C, SIGTERM or SIGHUP leaves the old file as it
            was and no partial capture.

            Examples:
              gesturelab simulate --out lab.jsonl
              gesturelab import lab.jsonl
              gesturelab simulate --experiment edge-deferral --seed 7 > edge.jsonl
              gesturelab simulate --experiment delivery-channel --records 1000000 \\
                  --out big.jsonl
            """)

    @Option(parsing: .unconditional, help: "Seed of every random choice; the same seed gives the same capture.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Sessions per variant of each experiment. (default: \(SimulationOptions().sessionsPerVariant))",
                               valueName: "n"))
    var sessions: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Touches in each session.", valueName: "n"))
    var touches: Int = SimulationOptions().touchesPerSession

    @Option(name: .customLong("experiment"),
            help: ArgumentHelp("Only this experiment; repeat for several. Default: all.", valueName: "name"))
    var experiments: [SimulatedExperiment] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "About this many records, split evenly between the experiments, instead of --sessions.",
        valueName: "n"))
    var records: Int?

    @Option(help: ArgumentHelp("The capture file to write; - or none: standard output.", valueName: "file"))
    var out: String?

    func validate() throws {
        if let sessions, sessions < 1 { throw ValidationError("--sessions must be at least 1.") }
        if sessions != nil, records != nil {
            throw ValidationError("--sessions and --records both set the capture's size; give one of them.")
        }
        if touches < 1 { throw ValidationError("--touches must be at least 1.") }
        if let records, records < 1 { throw ValidationError("--records must be at least 1.") }
    }

    func run() throws {
        let options = SimulationOptions(
            seed: seed, sessionsPerVariant: sessions ?? SimulationOptions().sessionsPerVariant, touchesPerSession: touches,
            experiments: experiments.isEmpty ? SimulatedExperiment.allCases : experiments)
        let simulator = Simulator(options: options)
        let capture = simulator.records(approximateRecords: records)
        let progress = ProgressLine()
        let report = { (count: Int) in progress.update("simulating: \(count.grouped) records") }
        let written: Int
        do {
            if let out, out != "-" {
                written = try simulator.write(capture, path: out, progress: report)
            } else {
                written = try simulator.write(capture, to: .standardOutput, progress: report)
            }
        } catch {
            progress.clear()
            // `simulate | head`: the reader has what it wanted.
            if FileErrorText.isBrokenPipe(error) { return }
            let target = out.flatMap { $0 == "-" ? nil : $0 } ?? "standard output"
            StandardErrorWriter.line(error is TraceWriterError ? "\(error)" : FileErrorText.line(error, writing: target))
            throw ExitCode.failure
        }
        progress.clear()
        if let out, out != "-" {
            StandardErrorWriter.line("wrote \(out): \(written.grouped) records of "
                + capture.experiments.map(\.rawValue).joined(separator: ", ") + " (seed \(seed))")
        }
    }
}

extension SimulatedExperiment: ExpressibleByArgument {}
