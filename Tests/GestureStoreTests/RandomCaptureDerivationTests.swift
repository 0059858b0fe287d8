import Foundation
import GRDB
import SeededRandom
import SetWiseReference
import TestScratch
import Testing
@testable import GestureStore

/// Small random captures, in random line orders, through an importer with
/// the tightest limits (one live session, no reorder window, no record may
/// wait for its touch, one open false-start pair, one held touch-down, one
/// live target): whatever the reading pass gives up on, the stored records
/// read back in time order never do, and every derived relation is the SQL
/// reference's, row for row.
@Suite struct RandomCaptureDerivationTests {
    static let tightest = StreamingDeriver.Limits(cache: 1, liveSessions: 1, deferred: 0, startPairs: 1, reorder: 0,
                                                   heldDowns: 1, liveTargets: 1)

    /// Each capture goes into one store as the importer derives it and into
    /// another whose rows the reference then derives again; one store each
    /// way, so the migrations run once.
    @Test(arguments: [StreamingDeriver.Limits(), tightest])
    func everyRandomCaptureDerivesAsTheReference(limits: StreamingDeriver.Limits) throws {
        var generator = SeededGenerator(seed: 2_026)
        let folder = try ScratchFolder()
        let imported = try GestureDatabase(path: folder.path("importer.sqlite"))
        let reference = try GestureDatabase(path: folder.path("reference.sqlite"))
        var replayed = 0
        let captures = 150
        for index in 0..<captures {
            let path = try folder.write("random-\(index).jsonl", Self.randomCapture(&generator))
            for database in [imported, reference] {
                var importer = CaptureImporter(database: database)
                importer.streamingLimits = limits
                let summary = try importer.importCapture(path: path)
                if database === imported, case .replayedInTimeOrder = summary.derivation { replayed += 1 }
            }
        }
        try Deriver.setWise.derive(reference)
        let expected = try Self.derivedRows(reference)
        #expect(expected.count > 1_000)
        let actual = try Self.derivedRows(imported)
        // A Bool, and then the rows apart, so that a failure shows only those.
        #expect(actual == expected)
        if actual != expected {
            #expect(Array(Set(actual).subtracting(expected)).sorted() == Array(Set(expected).subtracting(actual)).sorted())
        }
        // The tightest limits send most captures to the stored records.
        #expect(limits.liveSessions == 1 ? replayed > captures / 2 : replayed < captures)
    }

    /// One to three sessions of a few touches, deliveries and transitions
    /// (named or not, of start, end, cancel and other roles), and targets,
    /// at times drawn from a few values so that ties are common; the
    /// sessions' lines shuffled together after the header and sessions.
    static func randomCapture(_ generator: inout SeededGenerator) -> String {
        let sessions = ["s", "t", "u"].prefix(1 + Int(generator.next() % 3))
        var lines: [String] = []
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        for session in sessions {
            let touches = 1 + Int(generator.next() % 4)
            var downs: [Int: Int] = [:]
            for touch in 1...touches {
                let time = Int(generator.next() % 8)
                downs[touch] = time
                lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(time),"x":\#(pick([0, 15, 30, 60])),"y":5}"#)
                if generator.next() % 2 == 0 {
                    lines.append(#"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"ended","t":\#(time + Int(generator.next() % 3)),"x":1,"y":1}"#)
                }
            }
            for _ in 0..<Int(generator.next() % 12) {
                let time = Int(generator.next() % 10)
                let named = generator.next() % 3 == 0 ? "" : #","touch":\#(1 + Int(generator.next() % UInt64(touches + 1)))"#
                if generator.next() % 2 == 0 {
                    let event = pick(["touchDown", "touchesBegan", "touchUpInside", "touchesEnded", "touchCancel",
                                      "touchesCancelled", "began", "valueChanged"])
                    lines.append(#"{"type":"delivery","session":"\#(session)","target":"\#(pick(["a", "b", "pan"]))","event":"\#(event)","via":"\#(pick(["kvo", "target-action"]))","t":\#(time)\#(named)}"#)
                } else {
                    let state = pick(["began", "changed", "ended", "cancelled", "failed", "recognized"])
                    lines.append(#"{"type":"transition","session":"\#(session)","recognizer":"\#(pick(["pan", "a"]))","to":"\#(state)","t":\#(time)\#(named)}"#)
                }
            }
            for _ in 0..<Int(generator.next() % 4) {
                lines.append(#"{"type":"target","session":"\#(session)","target":"\#(pick(["a", "b"]))","t":\#(generator.next() % 8),"x":\#(pick([0, 20, 40])),"y":0,"w":10,"h":10}"#)
            }
        }
        for index in stride(from: lines.count - 1, to: 0, by: -1) {
            lines.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
        let header = #"{"type":"header","format":"gesture-trace","version":1}"#
        let declarations = sessions.map { #"{"type":"session","session":"\#($0)","experiment":"e","variant":"v","device":{"screen_w":390,"screen_h":844}}"# }
        return ([header] + declarations + lines).joined(separator: "\n") + "\n"
    }

    /// Every derived relation, each row as text, sorted.
    static func derivedRows(_ database: GestureDatabase) throws -> [String] {
        try DerivedRows.of(database).sorted { $0.key < $1.key }.flatMap { relation, rows in
            rows.map { "\(relation) \($0)" }
        }
    }
}
