import Foundation
import GestureRecorder
import GestureTrace

/// Generates realistic `gesture-trace` captures of the seed experiments,
/// deterministically for a seed, streamed to disk in constant memory.
///
/// Each experiment has two variants (see ``SimulatedExperiment/variantNames``)
/// and reproduces its seed's effect: edge-deferral's gated touch-down at
/// the bottom edge, delivery-channel's late target-action, content-touches'
/// held `touchesBegan`; hit-area's taps that an enlarged hit area lets
/// reach small icons; touch-delay's false starts against its 150 ms. Every
/// number behind them is in `SimulationParameters` with its source.
///
/// ```swift
/// let simulator = Simulator(options: SimulationOptions(seed: 42, sessionsPerVariant: 6))
/// // One file per experiment: edge-deferral.jsonl, delivery-channel.jsonl, content-touches.jsonl, hit-area.jsonl, touch-delay.jsonl
/// let paths = try simulator.writeCaptures(to: "captures")
/// // About a million records of one experiment, for a benchmark
/// try simulator.writeCapture(path: "big.jsonl", experiment: .deliveryChannel, approximateRecords: 1_000_000)
/// ```
package struct Simulator: Sendable {
    package var options: SimulationOptions

    /// How often the progress callbacks are called, in records.
    package static let progressInterval = 1 << 16

    package init(options: SimulationOptions = SimulationOptions()) {
        self.options = options
    }

    /// The header of every capture: the recorder names the simulator and the seed.
    package var header: TraceHeader {
        TraceHeader(recorder: "gesturelab simulate (seed \(options.seed))")
    }

    /// Every record of one experiment's capture, generated lazily.
    ///
    /// - Parameter approximateRecords: when given, sessions of
    ///   `options.touchesPerSession` touches keep coming, variants
    ///   alternating, until about this many records (at most one
    ///   interaction more); otherwise `options.sessionsPerVariant` sessions per variant.
    package func records(for experiment: SimulatedExperiment, approximateRecords: Int? = nil) -> SimulatedCapture {
        SimulatedCapture(options: options, experiments: [experiment], approximateRecords: approximateRecords)
    }

    /// Every record of a capture holding all of `options.experiments`, one
    /// after the other, as one lab day of runs (a record budget is split evenly).
    package func records(approximateRecords: Int? = nil) -> SimulatedCapture {
        SimulatedCapture(options: options, experiments: options.experiments, approximateRecords: approximateRecords)
    }

    /// Writes `capture` to the file at `path` whole or not at all: into a
    /// temporary file beside it, renamed onto `path` at the end
    /// (`TraceWriter(replacing:)`). A failure (a full disk) or a signal
    /// leaves the earlier file at `path` as it was, and no partial capture.
    ///
    /// - Parameter progress: called with the records written so far, every
    ///   ``progressInterval`` records and once at the end.
    /// - Returns: the number of records written, the header not counted.
    @discardableResult
    package func write(_ capture: SimulatedCapture, path: String, progress: ((Int) -> Void)? = nil) throws -> Int {
        var writer = try TraceWriter(replacing: path, header: header)
        do {
            let count = try write(capture, with: writer, progress: progress)
            try writer.commit()
            return count
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Writes `capture` to an open handle such as standard output, which stays open.
    @discardableResult
    package func write(_ capture: SimulatedCapture, to handle: FileHandle, progress: ((Int) -> Void)? = nil) throws -> Int {
        try write(capture, with: TraceWriter(fileHandle: handle, header: header), progress: progress)
    }

    /// Writes one experiment's capture to `path`; with `approximateRecords`,
    /// about that many records (see ``records(for:approximateRecords:)``).
    @discardableResult
    package func writeCapture(path: String, experiment: SimulatedExperiment, approximateRecords: Int? = nil,
                             progress: ((Int) -> Void)? = nil) throws -> Int {
        try write(records(for: experiment, approximateRecords: approximateRecords), path: path, progress: progress)
    }

    /// Writes one capture per experiment of `options.experiments` into
    /// `directory` (created if missing), named `<experiment>.jsonl`.
    ///
    /// - Parameter progress: called with the experiment and its records written so far.
    /// - Returns: the paths written, in the order of `options.experiments`.
    @discardableResult
    package func writeCaptures(to directory: String,
                              progress: ((SimulatedExperiment, Int) -> Void)? = nil) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try options.experiments.map { experiment in
            let path = URL(fileURLWithPath: directory).appendingPathComponent("\(experiment.rawValue).jsonl").path
            try writeCapture(path: path, experiment: experiment, progress: progress.map { report in
                { count in report(experiment, count) }
            })
            return path
        }
    }

    /// A capture as text, for small captures held in memory (tests, examples).
    package func text(of capture: SimulatedCapture) -> String {
        TraceWriter.capture(header: header, records: Array(capture))
    }

    /// Writes through the recorder an app uses (GestureRecorder), so the
    /// demo and the benchmark exercise its path; it waits rather than drops
    /// when its buffer is full, so every record arrives.
    private func write(_ capture: SimulatedCapture, with writer: TraceWriter,
                       progress: ((Int) -> Void)?) throws -> Int {
        let recorder = GestureRecorder(options: .init(capacity: 1 << 14, whenFull: .wait, recorderName: nil))
        try recorder.start(writingTo: writer)
        var replayer = RecordReplayer(recorder: recorder)
        var count = 0
        let summary: RecordingSummary
        do {
            do {
                for record in capture {
                    try replayer.replay(record)
                    count += 1
                    if count % Self.progressInterval == 0 { progress?(count) }
                }
            } catch {
                _ = try? recorder.finish()
                throw error
            }
            summary = try recorder.finish()
        } catch let error as RecorderError {
            // A full disk or a closed pipe: say what the file system said,
            // as writing the capture directly would.
            throw error.underlyingError ?? error
        }
        precondition(summary.droppedEvents == 0 && summary.ignoredEvents == 0, "a waiting recorder dropped events")
        progress?(count)
        return count
    }
}
