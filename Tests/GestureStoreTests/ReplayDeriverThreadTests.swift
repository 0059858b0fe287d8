import Foundation
import GestureTrace
import Testing
@testable import GestureStore

/// The replay's deriver on its own thread: it reads what it is sent in
/// order, asks the importing thread for later touch-downs, hands back what
/// it derives, and stops when the importing thread fails.
@Suite struct ReplayDeriverThreadTests {
    private static let via = "target-action"

    private static func delivery(at nanos: Int64, touch: Int64?, line: Int) -> ReplayDeriverThread.Item {
        .delivery(DeliveryRecord(session: "", target: "button", event: "touchDown", via: via, timeNanos: nanos,
                                 touch: touch),
                  session: 0, line: line)
    }

    /// Worked by hand. The delivery at line 4 names touch 7, whose down
    /// (at 1,000) is read later: the deriver asks, and its response is
    /// 1,500 − 1,000. The delivery at line 6 has no touch: it is associated
    /// by time with touch 8, down at 2,000, the latest at or before 2,600.
    @Test func derivesAsTheOneThreadReplayDid() throws {
        let inserted = Inserted()
        let thread = ReplayDeriverThread(deriver: StreamingDeriver(startsOverflow: .setAside)) { inserted.add($0) }
        let asked = Inserted()
        thread.start(lookUp: { session, touch in
            asked.ask(session: session, touch: touch)
            return touch == 7 ? StreamingDeriver.TouchDown(nanos: 1_000, touch: 7, region: .center) : nil
        })
        // More than a chunk, so that the deriver waits for the answer while
        // this thread is still sending.
        var items: [ReplayDeriverThread.Item] = [.session, Self.delivery(at: 1_500, touch: 7, line: 4),
            .touchDown(session: 0, touch: 8, nanos: 2_000, region: .bottom, line: 5, x: 10, y: 20, hit: nil),
            Self.delivery(at: 2_600, touch: nil, line: 6)]
        items += (0..<ReplayDeriverThread.itemsPerChunk).map { Self.delivery(at: 3_000 + Int64($0), touch: 8,
                                                                              line: 7 + $0) }
        for start in stride(from: 0, to: items.count, by: ReplayDeriverThread.itemsPerChunk) {
            for _ in 0..<3 { thread.answerPending() }
            try thread.send(Array(items[start..<min(start + ReplayDeriverThread.itemsPerChunk, items.count)]))
        }
        let deriver = try thread.finish().deriver

        #expect(deriver.isExact)
        #expect(asked.questions == ["0 7"])
        let responses = inserted.responses.sorted { $0.line < $1.line }
        #expect(responses.map { "\($0.touch) \($0.timeNanos - $0.downNanos) line \($0.line)" }
                == ["7 500 line 4", "8 600 line 6"], "the earliest of each key, later ones not stored")
        #expect(inserted.dispatches == 0, "no transitions: no dispatch latencies")
    }

    @Test func aFailedInsertStopsTheThread() throws {
        struct Refused: Error {}
        let thread = ReplayDeriverThread(deriver: StreamingDeriver()) { _ in throw Refused() }
        thread.start(lookUp: { _, _ in nil })
        try thread.send([.session, Self.delivery(at: 1_000, touch: nil, line: 3)])
        #expect(throws: Refused.self) { _ = try thread.finish() }
        thread.cancel()
        #expect(!thread.hasGivenUp)
    }

    @Test func aGivenUpReasonIsKeptAndLaterItemsAreIgnored() throws {
        let thread = ReplayDeriverThread(deriver: StreamingDeriver()) { _ in }
        thread.start(lookUp: { _, _ in nil })
        try thread.send([.session, .giveUp("first"), .giveUp("second"), Self.delivery(at: 1_000, touch: nil, line: 3)])
        let deriver = try thread.finish().deriver
        #expect(!deriver.isExact)
        #expect(deriver.incompleteReason == "first")
        #expect(thread.hasGivenUp)
    }
}

/// What the importing thread was handed and asked, kept across threads.
private final class Inserted: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [ImportBatch] = []
    private var asked: [String] = []

    func add(_ batch: ImportBatch) {
        lock.lock()
        batches.append(batch)
        lock.unlock()
    }

    func ask(session: Int, touch: Int64) {
        lock.lock()
        asked.append("\(session) \(touch)")
        lock.unlock()
    }

    var questions: [String] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }

    var responses: [ResponseRow] {
        lock.lock()
        defer { lock.unlock() }
        return batches.flatMap { $0.responses + $0.upsertedResponses }
    }

    var dispatches: Int {
        lock.lock()
        defer { lock.unlock() }
        return batches.reduce(0) { $0 + $1.dispatches.count }
    }
}
