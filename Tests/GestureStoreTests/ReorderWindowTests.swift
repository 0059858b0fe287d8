import GestureTrace
import Testing
@testable import GestureStore

struct ReorderWindowTests {
    /// What the window should hand out, written the plain way: each record
    /// appended and moved back one step at a time past the held records
    /// that go after it (later time, or the same time and a later kind).
    private struct Model {
        var capacity: Int
        var held: [Int: [(nanos: Int64, rank: UInt8, line: Int)]] = [:]

        mutating func add(nanos: Int64, rank: UInt8, line: Int, session: Int) -> Int? {
            var entries = held[session, default: []]
            entries.append((nanos, rank, line))
            var index = entries.count - 1
            while index > 0 {
                let before = entries[index - 1]
                let goesAfter = before.nanos != nanos ? before.nanos > nanos : before.rank > rank
                guard goesAfter else { break }
                entries.swapAt(index, index - 1)
                index -= 1
            }
            var out: Int?
            if entries.count > capacity { out = entries.removeFirst().line }
            held[session] = entries
            return out
        }
    }

    private static func record(rank: UInt8, line: Int) -> ReorderWindow.Entry.Record {
        switch rank {
        case 0:
            .touchDown(touch: Int64(line), region: nil, x: 1, y: 2, hit: line % 3 == 0 ? "hit-\(line)" : nil)
        case 1:
            .transition(TransitionRecord(session: "s", recognizer: "pan-\(line % 5)", to: .changed,
                                         timeNanos: 0, touch: Int64(line)))
        default:
            .delivery(DeliveryRecord(session: "s", target: "target-\(line % 7)", event: "touchDown",
                                     via: "control-event", timeNanos: 0, touch: Int64(line)))
        }
    }

    /// Random times (with many ties), kinds and sessions: the window hands
    /// out the same lines in the same order as the model, and drains the
    /// rest in order, each entry with its own record.
    @Test(arguments: [(1, UInt64(1)), (4, 2), (16, 3), (256, 4)])
    func placesEveryEntryAsTheModelDoes(capacity: Int, seed: UInt64) {
        var generator = SplitMix(seed: seed)
        var window = ReorderWindow(capacity: capacity)
        var model = Model(capacity: capacity)
        var handedOut: [Int] = []
        var expected: [Int] = []
        var recordsByLine: [Int: ReorderWindow.Entry.Record] = [:]
        for line in 1...3_000 {
            let session = Int(generator.next() % 3)
            // Mostly rising times, some far back, many equal.
            let nanos = Int64(line / 4) - Int64(generator.next() % 8 == 0 ? generator.next() % 400 : 0)
            let rank = UInt8(generator.next() % 3)
            let record = Self.record(rank: rank, line: line)
            recordsByLine[line] = record
            let entry = ReorderWindow.Entry(nanos: nanos, line: line, record: record)
            #expect(entry.rank == rank)
            if let out = window.add(entry, session: session) {
                handedOut.append(out.line)
                #expect(Self.same(out.record, recordsByLine[out.line]!))
            }
            if let out = model.add(nanos: nanos, rank: rank, line: line, session: session) { expected.append(out) }
        }
        #expect(handedOut == expected)
        let drained = window.drain()
        let expectedRest = model.held.keys.sorted().flatMap { session in model.held[session]!.map(\.line) }
        #expect(drained.map(\.entry.line) == expectedRest)
        #expect(drained.allSatisfy { Self.same($0.entry.record, recordsByLine[$0.entry.line]!) })
    }

    private static func same(_ left: ReorderWindow.Entry.Record, _ right: ReorderWindow.Entry.Record) -> Bool {
        switch (left, right) {
        case (.touchDown(let leftTouch, _, _, _, let leftHit), .touchDown(let rightTouch, _, _, _, let rightHit)):
            leftTouch == rightTouch && leftHit == rightHit
        case (.transition(let leftRecord), .transition(let rightRecord)):
            leftRecord == rightRecord
        case (.delivery(let leftRecord), .delivery(let rightRecord)):
            leftRecord == rightRecord
        default:
            false
        }
    }
}

/// A small seeded generator, so every run places the same entries.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
