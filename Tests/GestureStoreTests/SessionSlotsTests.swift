import SeededRandom
import Testing
@testable import GestureStore

/// ``SessionSlots`` answers as an array of per-session values would, while
/// retired sessions give their places to new ones.
@Suite struct SessionSlotsTests {
    enum Reference: Equatable {
        case live([Int])
        case retired(Int)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func answersAsAnArrayOfStates(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var slots = SessionSlots<[Int], Int>(fresh: [])
        var reference: [Reference] = []
        for step in 0..<2_000 {
            let live = reference.indices.filter { if case .live = reference[$0] { true } else { false } }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                slots.append([step])
                reference.append(.live([step]))
            case 3..<7 where !live.isEmpty:
                let session = live.randomElement(using: &random)!
                slots[session].append(step)
                if case .live(let values) = reference[session] { reference[session] = .live(values + [step]) }
            case 7 where !live.isEmpty:
                let session = live.randomElement(using: &random)!
                slots.retire(session, keeping: slots[session].count)
                if case .live(let values) = reference[session] { reference[session] = .retired(values.count) }
            case 8 where reference.contains(where: { if case .retired = $0 { true } else { false } }):
                let retired = reference.indices.filter { if case .retired = reference[$0] { true } else { false } }
                let session = retired.randomElement(using: &random)!
                slots[retired: session] += 1000
                if case .retired(let count) = reference[session] { reference[session] = .retired(count + 1000) }
            default:
                break
            }
        }
        #expect(slots.count == reference.count)
        // Sessions were retired, and their places given to later ones.
        #expect(reference.filter { if case .retired = $0 { true } else { false } }.count > 20)
        for (session, expected) in reference.enumerated() {
            switch expected {
            case .live(let values):
                #expect(!slots.isRetired(session))
                #expect(slots[session] == values, "session \(session)")
            case .retired(let count):
                #expect(slots.isRetired(session))
                #expect(slots[retired: session] == count, "session \(session)")
            }
        }
    }

    /// A new session takes the place a retired one freed, starting from its own state.
    @Test func aRetiredSessionsPlaceIsGivenToTheNextOneFresh() {
        var slots = SessionSlots<[Int], String>(fresh: [])
        slots.append([1, 2, 3])
        slots.append([4])
        slots.retire(0, keeping: "first")
        slots.append([5])
        #expect(slots[2] == [5])
        #expect(slots[1] == [4])
        #expect(slots[retired: 0] == "first")
        #expect(slots.count == 3)
    }
}
