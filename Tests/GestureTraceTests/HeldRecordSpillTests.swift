import Foundation
import Testing
@testable import GestureTrace

/// Held touch records that go to the spill file (`HeldRecordSpill`) come
/// back exactly as those kept in memory do: a tiny in-memory budget must
/// give the same items, in the same order, with the same refusals, as the
/// default one, strictly and with `skipInvalid`.
struct HeldRecordSpillTests {
    /// What one read gave, and the most records that were in the spill file at once.
    struct Outcome: Equatable {
        var items: [TraceReader.Item] = []
        var error: TraceError?
        var mostSpilled = 0
    }

    /// Reads `capture` with `budget` held records in memory (nil: the default).
    static func read(_ capture: TemporaryCapture, skipInvalid: Bool, budget: Int?) throws -> Outcome {
        var reader = try capture.reader(.init(skipInvalid: skipInvalid))
        if let budget { reader.touches = TouchOrderTracker(inMemoryBudget: budget) }
        var outcome = Outcome()
        do {
            while let item = try reader.next() {
                outcome.items.append(item)
                outcome.mostSpilled = max(outcome.mostSpilled, reader.touches.spilledCount)
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// A capture of `touches` touches over two sessions, each a `began`,
    /// a few moves (with and without radius, force and kind) and an end,
    /// its record lines shuffled. Session 1 declares a target that some
    /// touch-downs hit, so those wait for it too. `edit` may change or drop
    /// (return nil) a touch's line, given the touch and the line's place in it.
    static func shuffled(touches: Int, seed: UInt64,
                         edit: (_ touch: Int, _ index: Int, _ line: String) -> String? = { $2 }) -> [String] {
        var body = [#"{"type":"target","session":"s1","target":"dot","t":1,"x":0,"y":0,"w":10,"h":10}"#]
        for touch in 1...touches {
            let session = touch % 2 == 0 ? "s1" : "s2"
            let start = touch * 10
            let hit = session == "s1" && touch % 3 == 0 ? #","hit":"dot""# : ""
            var lines = [#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(start),"x":1,"y":2\#(hit)}"#]
            for step in 1...(2 + touch % 4) {
                let extra = switch (touch + step) % 4 {
                case 0: #","radius":\#(step).5,"force":0.25,"kind":"pencil""#
                case 1: #","force":\#(step)"#
                case 2: #","radius":3,"kind":"indirect""#
                default: ""
                }
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"moved","t":\#(start + step),"x":\#(step).25,"y":-\#(touch)\#(extra)}"#)
            }
            lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"ended","t":\#(start + 9),"x":0,"y":0}"#)
            body += lines.enumerated().compactMap { edit(touch, $0.offset, $0.element) }
        }
        var random = SplitMix64(seed: seed)
        for index in body.indices.reversed() where index > 0 {
            body.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let secondSession = #"{"type":"session","session":"s2","experiment":"exp","variant":"b"}"#
        return [TemporaryCapture.header, TemporaryCapture.session, secondSession] + body
    }

    /// Reads `lines` with the default budget and with tiny ones, in both
    /// modes, expecting the same outcome, and that the tiny ones spilled.
    static func expectSameWithSpill(_ lines: [String]) throws {
        let capture = try TemporaryCapture(lines: lines)
        for skipInvalid in [false, true] {
            let inMemory = try read(capture, skipInvalid: skipInvalid, budget: nil)
            #expect(inMemory.mostSpilled == 0)
            for budget in [0, 1, 7] {
                let spilled = try read(capture, skipInvalid: skipInvalid, budget: budget)
                #expect(spilled.mostSpilled > 0, "budget \(budget) spilled nothing")
                #expect(spilled.items == inMemory.items, "budget \(budget), skipInvalid \(skipInvalid)")
                #expect(spilled.error == inMemory.error, "budget \(budget), skipInvalid \(skipInvalid)")
            }
        }
    }

    @Test func aShuffledCaptureReadsTheSameWhenHeldRecordsSpill() throws {
        let lines = Self.shuffled(touches: 60, seed: 1)
        try Self.expectSameWithSpill(lines)
        // All accepted, in both modes: the comparison above is of records.
        let capture = try TemporaryCapture(lines: lines)
        let outcome = try Self.read(capture, skipInvalid: false, budget: 0)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == lines.count - 1)
    }

    @Test func touchesWithoutABeganAreRefusedAlikeFromTheSpill() throws {
        // Every fifth touch loses its began: its records are drained at the end.
        let lines = Self.shuffled(touches: 60, seed: 2) { touch, index, line in
            touch % 5 == 0 && index == 0 ? nil : line
        }
        try Self.expectSameWithSpill(lines)
        let capture = try TemporaryCapture(lines: lines)
        let outcome = try Self.read(capture, skipInvalid: true, budget: 0)
        let refused = outcome.items.compactMap(\.rejection)
        #expect(refused.count == (1...60).filter { $0 % 5 == 0 }.map { 3 + $0 % 4 }.reduce(0, +))
        #expect(refused.allSatisfy { $0.error.field == "touch" && $0.error.message.hasSuffix("has no began record; expected one began per touch") })
        #expect(refused.map(\.error.line) == refused.map(\.error.line).sorted())
        #expect(refused.allSatisfy { String(decoding: $0.text, as: UTF8.self) == lines[$0.error.line - 1] })
    }

    @Test func aTooEarlyRecordReleasedFromTheSpillIsRefusedAlike() throws {
        // The second move of every fourth touch is earlier than its began.
        let lines = Self.shuffled(touches: 60, seed: 3) { touch, index, line in
            guard touch % 4 == 0 && index == 2 else { return line }
            return line.replacingOccurrences(of: #""t":\#(touch * 10 + 2),"#, with: #""t":\#(touch * 10 - 1),"#)
        }
        try Self.expectSameWithSpill(lines)
        let capture = try TemporaryCapture(lines: lines)
        let outcome = try Self.read(capture, skipInvalid: true, budget: 0)
        let refused = outcome.items.compactMap(\.rejection)
        #expect(refused.count == 15 && refused.allSatisfy { $0.error.field == "t" })
        // At least one came before its began in the file: it was held, then released.
        let beganLines = Dictionary(uniqueKeysWithValues: outcome.items.compactMap { item -> (Int64, Int)? in
            guard case .touch(let touch)? = item.record, touch.phase == .began else { return nil }
            return (touch.touch, item.line)
        })
        let heldThenRefused = refused.filter { rejection in
            let text = String(decoding: rejection.text, as: UTF8.self)
            return beganLines.contains { text.contains(#""touch":\#($0.key),"#) && rejection.error.line < $0.value }
        }
        #expect(!heldThenRefused.isEmpty)
        #expect(try Self.read(capture, skipInvalid: false, budget: 0).error?.field == "t")
    }

    /// Each field survives the binary form, with and without the raw line,
    /// chained back from the last record, from the write buffer and the file.
    @Test func recordsComeBackAsStoredInFileOrder() throws {
        let spill = try HeldRecordSpill()
        var expected: [TouchOrderTracker.Held] = []
        var last: Int64?
        // Past the write buffer, so that the chain crosses from the file into it.
        for index in 0..<3_000 {
            let record = TouchRecord(session: "s", touch: Int64.min + Int64(index), phase: TouchPhase.allCases[index % 5],
                                     timeNanos: Int64(index) * 1_000 - 7, x: Double(index) / 3, y: -0.0,
                                     radius: index % 2 == 0 ? nil : 1.5, force: index % 3 == 0 ? nil : .infinity,
                                     kind: index % 4 == 0 ? nil : TouchKind.allCases[index % 3])
            let text = index % 7 == 0 ? [] : Array(repeating: UInt8(index % 251), count: index % 300)
            last = try spill.append(record, line: index + 2, text: text, previous: last)
            expected.append(TouchOrderTracker.Held(record: record, line: index + 2, text: text))
        }
        let back = try spill.chain(endingAt: last!, session: "s")
        #expect(back.map(\.record) == expected.map(\.record))
        #expect(back.map(\.line) == expected.map(\.line))
        #expect(back.map(\.text) == expected.map(\.text))
        try spill.removeAll()
        let offset = try spill.append(expected[1].record, line: 9, text: [1, 2], previous: nil)
        #expect(offset == 0)
        #expect(try spill.chain(endingAt: offset, session: "s").map(\.line) == [9])
    }
}
