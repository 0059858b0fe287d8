import Testing
import GestureTrace
@testable import GestureSimulation

@Suite struct RecordQueueTests {
    @Test func takesOutByTimeThenByInsertionOrder() {
        var queue = RecordQueue()
        let times: [Int64] = [50, 10, 30, 10, 40, 30, 20, 10]
        for (index, time) in times.enumerated() {
            queue.add(.frame(FrameRecord(session: "s\(index)", timeNanos: time)), at: time)
        }
        #expect(queue.count == times.count && queue.earliestTime == 10)
        var order: [String] = []
        while case .frame(let frame)? = queue.removeEarliest() { order.append(frame.session) }
        #expect(order == ["s1", "s3", "s7", "s6", "s2", "s5", "s4", "s0"])
        #expect(queue.isEmpty)
    }
}
