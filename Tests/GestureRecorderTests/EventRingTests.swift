import Foundation
import Testing
@testable import GestureRecorder
import TestScratch

/// The buffer on its own, with no writer running, so what is dropped is exact.
struct EventRingTests {
    static let session = SessionRecord(id: "s", experiment: "e", variant: "v")

    @Test func aFullBufferDropsAndCountsByTypeWithoutWaiting() throws {
        let ring = EventRing(capacity: 4, waitsWhenFull: false)
        try ring.open()
        try ring.beginSession(Self.session)  // takes one of the four slots
        for index in 0..<3 { ring.push(RecorderEvent(kind: .frame, timeNanos: Int64(index))) }
        // Full now: these six are dropped.
        ring.push(RecorderEvent(kind: .touch, code: 0, touch: 1, timeNanos: 50, x: 1, y: 1))
        ring.push(RecorderEvent(kind: .touch, code: 3, touch: 1, timeNanos: 70, x: 1, y: 1))
        for time in [60, 10, 20] as [Int64] { ring.push(RecorderEvent(kind: .frame, timeNanos: time)) }
        ring.push(RecorderEvent(kind: .delivery, name: 0, secondName: 0, via: 0, timeNanos: 65))
        var events: [RecorderEvent] = []
        let batch = ring.take(into: &events, waitingUpTo: 0)
        #expect(events.map(\.kind) == [.sessionStart, .frame, .frame, .frame])
        #expect(batch.drops.count == 1)
        let drop = try #require(batch.drops.first)
        #expect(drop.count == 6 && drop.latestNanos == 70 && drop.session == 0)
        #expect(drop.kinds.map(\.type) == ["touch", "delivery", "frame"])
        #expect(drop.kinds.map(\.count) == [2, 1, 3])
        // Room again: the next event is kept, and the tally starts afresh.
        ring.push(RecorderEvent(kind: .frame, timeNanos: 80))
        #expect(ring.take(into: &events, waitingUpTo: 0).drops.isEmpty)
        #expect(events.map(\.timeNanos) == [80])
        #expect(ring.droppedCount == 6)
    }

    @Test func dropsStayWithTheirSessionWhenTheNextOneStarts() throws {
        let ring = EventRing(capacity: 2, waitsWhenFull: false)
        try ring.open()
        try ring.beginSession(Self.session)
        ring.push(RecorderEvent(kind: .frame, timeNanos: 1))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 2))  // dropped, session 0
        var events: [RecorderEvent] = []
        _ = ring.take(into: &events, waitingUpTo: 0)  // writes the drop of session 0
        ring.push(RecorderEvent(kind: .frame, timeNanos: 3))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 4))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 5))  // dropped, session 0
        ring.endSession()
        // The session record must wait for room, so the writer makes some first.
        _ = ring.take(into: &events, waitingUpTo: 0)
        try ring.beginSession(SessionRecord(id: "t", experiment: "e", variant: "v"))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 6))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 7))  // dropped, session 1
        let batch = ring.take(into: &events, waitingUpTo: 0)
        #expect(events.map(\.session) == [1, 1])
        #expect(batch.drops.map(\.session) == [1])
        #expect(batch.drops.map(\.latestNanos) == [7])
    }

    @Test func theDroppedRecordNamesItsSessionCountAndKinds() {
        var tally = DropTally(session: 0)
        tally.add(RecorderEvent(kind: .touch, timeNanos: 5))
        tally.add(RecorderEvent(kind: .frame, timeNanos: 9))
        #expect(tally.kinds.map(\.type) == ["touch", "frame"])
        #expect(TraceWriter.line(for: .dropped(DroppedRecord(session: "s", count: tally.count, timeNanos: tally.latestNanos,
                                                           kinds: tally.kinds)))
            == #"{"type":"dropped","session":"s","count":2,"t":0.000000009,"kinds":{"touch":1,"frame":1}}"#)
    }
}

/// Under contention, every event handed over is either written or counted
/// in a `dropped` record: none is lost and none counted twice.
struct RecorderAccountingTests {
    @Test func writtenPlusDroppedIsEverythingHandedOverFromSeveralThreads() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(capacity: 64))
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v"), in: folder.url)
        let threads = 4, perThread = 50_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                recorder.frame(at: RecorderTime(nanoseconds: Int64(thread * perThread + index)))
            }
        }
        let summary = try recorder.finish()
        var reader = try TraceReader(path: url.path)
        var frames = 0
        var dropped: Int64 = 0
        var droppedFrames: Int64 = 0
        while let item = try reader.next() {
            guard case .record(let record, _) = item else { continue }
            switch record {
            case .frame: frames += 1
            case .dropped(let drop):
                dropped += drop.count
                droppedFrames += drop.kinds.first { $0.type == "frame" }?.count ?? 0
            default: break
            }
        }
        #expect(Int64(frames) + dropped == Int64(threads * perThread))
        #expect(droppedFrames == dropped)
        #expect(Int(dropped) == summary.droppedEvents)
    }
}
