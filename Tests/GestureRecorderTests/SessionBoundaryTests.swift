import Foundation
import Testing
@testable import GestureRecorder

/// What a client of the public API sees at the edges of sessions and
/// recordings: `dropped` only when the buffer was full, everything else
/// that cannot be written ignored and counted, and refused calls leaving
/// nothing behind.
struct SessionBoundaryTests {
    static func session(_ id: String) -> RecordingSession {
        RecordingSession(id: id, experiment: "e", variant: id, startedAt: "x")
    }

    /// The lines of a capture by type.
    static func records(_ url: URL) throws -> [TraceRecord] {
        var reader = try TraceReader(path: url.path)
        var records: [TraceRecord] = []
        while let item = try reader.next() {
            if case .record(let record, _) = item { records.append(record) }
        }
        return records
    }

    @Test func aFingerDownAcrossBeginSessionIsIgnoredInTheNextSessionNotDropped() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let url = try recorder.start(Self.session("a"), in: folder.url)
        recorder.touch(1, .began, at: RecorderTime(seconds: 1), x: 10, y: 10)
        recorder.touch(1, .moved, at: RecorderTime(seconds: 1.1), x: 10, y: 20)
        try recorder.beginSession(Self.session("b"))  // the finger is still down
        recorder.touch(1, .moved, at: RecorderTime(seconds: 1.2), x: 10, y: 30)
        recorder.touch(1, .ended, at: RecorderTime(seconds: 1.3), x: 10, y: 40)
        recorder.touch(2, .began, at: RecorderTime(seconds: 2), x: 50, y: 50)
        recorder.touch(2, .ended, at: RecorderTime(seconds: 2.1), x: 50, y: 50)
        let summary = try recorder.finish()
        #expect(summary.droppedEvents == 0)
        #expect(summary.ignoredEvents == 2)
        let records = try Self.records(url)  // imports strictly: no touch without its began
        #expect(!records.contains { if case .dropped = $0 { true } else { false } })
        let touches = records.compactMap { record -> String? in
            guard case .touch(let touch) = record else { return nil }
            return "\(touch.session) \(touch.touch) \(touch.phase)"
        }
        #expect(touches == ["a 1 began", "a 1 moved", "b 2 began", "b 2 ended"])
        #expect(summary.recordsWritten == 2 + touches.count)
    }

    @Test func aTouchThatBeganBeforeStartIsIgnoredAndEveryEventBeforeStartCounted() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        recorder.touch(1, .began, at: RecorderTime(seconds: 1), x: 10, y: 10)  // no recording yet
        recorder.frame(at: RecorderTime(seconds: 1.01))
        let url = try recorder.start(Self.session("a"), in: folder.url)
        #expect(recorder.statistics.ignoredEvents == 2)
        recorder.touch(1, .moved, at: RecorderTime(seconds: 1.1), x: 10, y: 20)
        recorder.touch(1, .ended, at: RecorderTime(seconds: 1.2), x: 10, y: 30)
        let summary = try recorder.finish()
        #expect(summary.droppedEvents == 0)
        #expect(summary.ignoredEvents == 4)
        #expect(try Self.records(url).count == 1)  // the session alone

        // What the next recording counts: only what came after this one.
        recorder.frame(at: RecorderTime(seconds: 3))
        try recorder.start(Self.session("b"), in: folder.url)
        #expect(try recorder.finish().ignoredEvents == 1)
    }

    @Test func aStartRefusedBecauseARecordingRunsLeavesNoFile() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let running = try recorder.start(Self.session("a"), in: folder.url)
        let refused = #expect(throws: RecorderError.self) { try recorder.start(Self.session("b"), in: folder.url) }
        #expect(refused?.reason == .alreadyRecording)
        #expect(try folder.captures() == [running])
        #expect(recorder.url == running)
        #expect(throws: RecorderError.self) {
            try recorder.start(writingTo: try TraceWriter(path: folder.url.appendingPathComponent("other.jsonl").path,
                                                          header: TraceHeader()))
        }
        _ = try recorder.finish()
        #expect(try folder.captures().count == 2)  // the caller's own writer made the other file
    }

    /// Several threads each drive touches while the main one changes
    /// sessions under their fingers: with room in the buffer nothing is
    /// dropped, everything is written or ignored, and the capture imports
    /// strictly. With a small buffer, drops appear, and still every event
    /// is written, dropped or ignored exactly once.
    @Test(arguments: [(capacity: 1 << 16, mayDrop: false), (capacity: 64, mayDrop: true)])
    func threadsAndSessionChangesWithFingersDown(_ setup: (capacity: Int, mayDrop: Bool)) throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder(options: .init(capacity: setup.capacity))
        let url = try recorder.start(Self.session("s0"), in: folder.url)
        let threads = 4, touchesPerThread = 400
        let handedOver = Counter()
        let done = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: done) {
                var events = 0
                for index in 0..<touchesPerThread {
                    let id = Int64(thread * touchesPerThread + index + 1)
                    recorder.touch(id, .began, at: RecorderTime(nanoseconds: id * 10), x: 1, y: 1)
                    usleep(20)  // the finger stays down a while, so sessions change under it
                    for step in 1...3 {
                        recorder.touch(id, .moved, at: RecorderTime(nanoseconds: id * 10 + Int64(step)), x: 1, y: 2)
                    }
                    recorder.touch(id, .ended, at: RecorderTime(nanoseconds: id * 10 + 5), x: 1, y: 3)
                    events += 5
                }
                handedOver.add(events)
            }
        }
        var sessions = 1
        repeat {
            try recorder.beginSession(Self.session("s\(sessions)"))
            sessions += 1
        } while done.wait(timeout: .now() + .microseconds(200)) == .timedOut
        let summary = try recorder.finish()
        let records = try Self.records(url)  // strict: every touch record follows its began
        let eventRecords = records.filter { if case .touch = $0 { true } else { false } }.count
        let dropped = records.reduce(Int64(0)) { if case .dropped(let drop) = $1 { $0 + drop.count } else { $0 } }
        #expect(eventRecords + Int(dropped) + summary.ignoredEvents == handedOver.value)
        #expect(Int(dropped) == summary.droppedEvents)
        #expect(summary.ignoredEvents > 0, "sessions changed under fingers: \(sessions) sessions")
        if !setup.mayDrop { #expect(summary.droppedEvents == 0) }
    }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    func add(_ count: Int) {
        lock.lock()
        total += count
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
