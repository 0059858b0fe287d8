import Foundation
import GestureRecorder

/// What targets cost the calling thread, each call timed (timer included)
/// in one run beside a began touch without a hit, the baseline:
/// a began touch with a hit; `updateTarget` with an unchanged frame (what
/// most `layoutChanged()` calls find) and with a changed one (a kept
/// record: written, never dropped, so the buffer is drained as it goes).
struct TargetCostBenchmark {
    let calls: Int

    func run() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recorder-bench-targets-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let recorder = GestureRecorder()
        let play = try recorder.declareTarget("play", frame: TargetRect(x: 20, y: 780, width: 44, height: 44),
                                              hitArea: TargetRect(x: 10, y: 770, width: 64, height: 64))
        try recorder.start(Workload.session, in: folder)
        var clock: Int64 = 1_000_000_000_000
        func timed(_ body: (Int) throws -> Void) rethrows -> [Int64] {
            var times = [Int64](repeating: 0, count: calls)
            for index in 0..<calls {
                let start = RecorderTime.now.nanoseconds
                try body(index)
                times[index] = RecorderTime.now.nanoseconds - start
                // An app's pace: the buffer is not simply full.
                if index % 64 == 63 { usleep(50) }
            }
            return times
        }
        let plain = timed { index in
            clock += 1_000_000
            recorder.touch(Int64(index), .began, at: RecorderTime(nanoseconds: clock), x: 30, y: 790)
        }
        let withHit = timed { index in
            clock += 1_000_000
            recorder.touch(Int64(calls + index), .began, at: RecorderTime(nanoseconds: clock), x: 30, y: 790,
                           hit: .target(play))
        }
        let unchanged = try timed { _ in
            try recorder.updateTarget(play, frame: TargetRect(x: 20, y: 780, width: 44, height: 44),
                                      hitArea: TargetRect(x: 10, y: 770, width: 64, height: 64))
        }
        let moved = try timed { index in
            let y = index & 1 == 0 ? 500.0 : 780.0
            try recorder.updateTarget(play, frame: TargetRect(x: 20, y: y, width: 44, height: 44),
                                      hitArea: TargetRect(x: 10, y: y - 10, width: 64, height: 64))
        }
        let summary = try recorder.finish()

        func percentile(_ values: [Int64], _ p: Double) -> Int64 {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p / 100).rounded()))]
        }
        func line(_ name: String, _ times: [Int64]) -> String {
            "\(name): median \(percentile(times, 50)), p99 \(percentile(times, 99))"
        }
        print("calls per case: \(calls); ns per call, timer included")
        print(line("began touch, no hit (baseline)", plain))
        print(line("began touch with a hit", withHit))
        print(line("updateTarget, unchanged", unchanged))
        print(line("updateTarget, moved (a kept record)", moved))
        print("records written \(summary.recordsWritten), events dropped \(summary.droppedEvents)")
    }
}
