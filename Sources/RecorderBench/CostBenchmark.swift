import Foundation
import GestureRecorder

/// Times each call on the calling thread (the timer's own cost included,
/// and the same for the array append it is compared with), then how fast
/// the writer turns events into a file when nothing is dropped.
struct CostBenchmark {
    let events: Int

    func run() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recorder-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // A plain array append of the same 72-byte value, timed the same way.
        var appendTimes = [Int64](repeating: 0, count: events)
        var array: [(Int64, Int64, Double, Double, Double, Double, Int64, Int64, Int64)] = []
        array.reserveCapacity(events)
        for index in 0..<events {
            let start = RecorderTime.now.nanoseconds
            array.append((Int64(index), 1, 380, 840, 20, 0.5, 3, 4, 5))
            appendTimes[index] = RecorderTime.now.nanoseconds - start
        }
        precondition(array.count == events)

        // The recorder at an app's pace (paused every 64 events, as in a busy
        // moment), so the buffer is not simply full.
        let recorder = GestureRecorder()
        try recorder.start(Workload.session, in: folder)
        var workload = Workload(recorder: recorder)
        var recordTimes = [Int64](repeating: 0, count: events)
        for index in 0..<events {
            let start = RecorderTime.now.nanoseconds
            workload.record(index)
            recordTimes[index] = RecorderTime.now.nanoseconds - start
            if index % 64 == 63 { usleep(50) }
        }
        let paced = try recorder.finish()

        // The writer flat out: the caller waits instead of dropping.
        let flatOut = GestureRecorder(options: .init(capacity: 1 << 16, whenFull: .wait))
        let started = RecorderTime.now.nanoseconds
        try flatOut.start(Workload.session, in: folder)
        var flatWorkload = Workload(recorder: flatOut)
        for index in 0..<events { flatWorkload.record(index) }
        let written = try flatOut.finish()
        let seconds = Double(RecorderTime.now.nanoseconds - started) / 1e9
        let bytes = (try? FileManager.default.attributesOfItem(atPath: written.url!.path)[.size] as? Int) ?? 0

        // The same records encoded by GestureTrace's writer directly, on
        // one thread: the floor the recorder's writer stands on.
        var reader = try TraceReader(path: written.url!.path)
        var records: [TraceRecord] = []
        while let item = try reader.next() {
            if case .record(let record, _) = item { records.append(record) }
        }
        let directStarted = RecorderTime.now.nanoseconds
        var direct = try TraceWriter(path: folder.appendingPathComponent("direct.jsonl").path, header: TraceHeader())
        for record in records { try direct.write(record) }
        try direct.close()
        let directSeconds = Double(RecorderTime.now.nanoseconds - directStarted) / 1e9

        func percentile(_ values: [Int64], _ p: Double) -> Int64 {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p / 100).rounded()))]
        }
        print("events: \(events)")
        print("calling thread, ns per call (timer included): recorder median \(percentile(recordTimes, 50)), p99 \(percentile(recordTimes, 99)); array append median \(percentile(appendTimes, 50)), p99 \(percentile(appendTimes, 99))")
        print("paced run: \(paced.recordsWritten) records written, \(paced.droppedEvents) events dropped")
        print(String(format: "writer flat out: %d records in %.3f s, %.2f M events/s, %.1f MB/s (%d dropped)",
                     written.recordsWritten, seconds, Double(written.recordsWritten) / seconds / 1e6,
                     Double(bytes) / seconds / 1e6, written.droppedEvents))
        print(String(format: "TraceWriter alone, same records, one thread: %.3f s, %.2f M records/s; recorder / direct time %.2f",
                     directSeconds, Double(records.count) / directSeconds / 1e6, seconds / directSeconds))
    }
}
