import Foundation
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// The pipeline hands over every batch however its two threads interleave.
@Suite struct RecordPipelineTests {
    /// The importing thread's idle work (hashing) lets go of the queue's
    /// lock. A reader that queues its last batch and the end meanwhile
    /// announces them while no one waits: the importer must still take
    /// them rather than wait for an announcement that never comes (an
    /// import once hung so, the reader gone).
    @Test func batchesQueuedDuringIdleWorkAreTaken() throws {
        let capture = """
            {"type":"header","format":"gesture-trace","version":1}
            {"type":"session","session":"a","experiment":"e","variant":"v"}
            {"type":"frame","session":"a","t":0.001}
            {"type":"frame","session":"a","t":0.002}

            """
        // Read from a pipe that the first idle work fills: the reader can
        // queue nothing before the importer is in its idle work, which then
        // outlasts the reading of the whole capture.
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let reader = TraceReader(fileDescriptor: readEnd, name: "pipe")
        let firstIdle = OneShot()
        let pipeline = RecordPipeline(reader: reader, limits: .init(), idleWork: {
            guard firstIdle.take() else { return false }
            _ = capture.utf8CString.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count - 1) }
            close(writeEnd)
            Thread.sleep(forTimeInterval: 0.3)
            return false
        })
        pipeline.start()
        defer {
            pipeline.stop()
            close(readEnd)
        }
        #expect(Self.takeAll(from: pipeline).wait(seconds: 20) == 3, "the session and both frames, then the end")
    }

    /// The reader's idle work, while the queue is full, lets go of the lock
    /// as well: the room the importer makes meanwhile must not go unseen.
    @Test func roomMadeDuringTheReadersIdleWorkIsUsed() throws {
        let folder = try ScratchFolder()
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#,
                     #"{"type":"session","session":"a","experiment":"e","variant":"v"}"#]
        for index in 0..<60_000 {
            lines.append(#"{"type":"frame","session":"a","t":"# + "\(index / 1000)." + String(format: "%03d", index % 1000) + "}")
        }
        let reader = try TraceReader(path: try folder.write("large.jsonl", lines.joined(separator: "\n") + "\n"))
        // Nothing is taken before the first idle work, so it is the reader's,
        // with the queue full; the importer empties the queue meanwhile.
        let queueFull = DispatchSemaphore(value: 0)
        let firstIdle = OneShot()
        let pipeline = RecordPipeline(reader: reader, limits: .init(), idleWork: {
            guard firstIdle.take() else { return false }
            queueFull.signal()
            Thread.sleep(forTimeInterval: 0.3)
            return false
        })
        pipeline.start()
        defer { pipeline.stop() }
        try #require(queueFull.wait(timeout: .now() + .seconds(20)) == .success)
        #expect(Self.takeAll(from: pipeline).wait(seconds: 20) == 60_001, "the session and every frame")
    }

    /// Takes every batch on a thread of its own, so that a hang fails the
    /// test (that thread is then left waiting) instead of stalling the suite.
    private static func takeAll(from pipeline: RecordPipeline) -> Taken {
        let taken = Taken()
        Thread {
            var records = 0
            loop: while true {
                switch pipeline.next() {
                case .batch(let batch): records += batch.itemCount
                case .failed: break loop
                case .finished: break loop
                }
            }
            taken.finish(records: records)
        }.start()
        return taken
    }
}

/// The records a thread took, once it has taken them all.
private final class Taken: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var records = 0

    func finish(records: Int) {
        self.records = records
        done.signal()
    }

    /// The records taken; nil when the thread has not finished in time.
    func wait(seconds: Int) -> Int? {
        done.wait(timeout: .now() + .seconds(seconds)) == .success ? records : nil
    }
}

/// True the first time it is taken, from any thread.
private final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false

    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if taken { return false }
        taken = true
        return true
    }
}
