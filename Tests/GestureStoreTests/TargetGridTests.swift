import Foundation
import GRDB
import GestureTrace
import SeededRandom
import Testing
@testable import GestureStore
import SetWiseReference
import TestScratch

/// The grid's nearest target against a pass over every target, on frames
/// chosen to catch an unsafe stop: duplicates (ties), frames on cell
/// edges, wide rows, frames too large or too far for the grid, targets
/// that move;
/// and a capture with many targets imported both ways.
@Suite struct TargetGridTests {
    /// The same frames on every platform.
    struct Generator {
        var random: SeededGenerator
        init(state seed: UInt64) { random = SeededGenerator(seed: seed) }
        mutating func next() -> UInt64 { random.next() }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        /// A coordinate: on a cell edge, a whole point, or anywhere.
        mutating func coordinate(_ span: Double) -> Double {
            switch below(3) {
            case 0: Double(below(Int(span / 32))) * 32 - 64
            case 1: Double(below(Int(span))) - 20
            default: Double(next() % 1_000_000) / 1_000_000 * span - 20
            }
        }
    }

    static func frame(_ generator: inout Generator) -> TargetRect {
        switch generator.below(20) {
        case 0: TargetRect(x: -5, y: -5, width: 2_000, height: 3_000)            // wider than the grid keeps
        case 1: TargetRect(x: 2.0e7, y: 10, width: 44, height: 44)             // beyond the coordinate limit
        case 2, 3: TargetRect(x: 0, y: generator.coordinate(860), width: 390, height: 44)  // a list's row
        default: TargetRect(x: generator.coordinate(400), y: generator.coordinate(860),
                            width: Double(1 + generator.below(3) * 31), height: Double(1 + generator.below(3) * 31))
        }
    }

    /// The pass the grid must equal: every target, ties to the lowest index.
    static func scan(_ frames: [TargetRect], _ px: Double, _ py: Double) -> (index: Int, squared: Double, tied: Bool)? {
        var nearest = -1, nearestSquared = 0.0, tied = false
        for (index, frame) in frames.enumerated() {
            let squared = TargetGrid.squaredDistance(from: frame, px, py)
            if nearest < 0 || squared < nearestSquared {
                (nearest, nearestSquared, tied) = (index, squared, false)
            } else if squared == nearestSquared {
                tied = true
            }
        }
        return nearest < 0 ? nil : (nearest, nearestSquared, tied)
    }

    @Test(arguments: 1...8)
    func theGridFindsWhatAPassOverEveryTargetFinds(seed: UInt64) {
        var generator = Generator(state: seed)
        let grid = TargetGrid()
        var frames: [TargetRect] = []
        var ties = 0, compared = 0
        for step in 0..<600 {
            if frames.count < 150 || generator.below(4) > 0 {
                // A copy of an existing frame now and then: a tie.
                let frame = !frames.isEmpty && generator.below(6) == 0 ? frames[generator.below(frames.count)]
                    : Self.frame(&generator)
                grid.add(frames.count, frame: frame)
                frames.append(frame)
            } else {
                let index = generator.below(frames.count)
                frames[index] = Self.frame(&generator)
                grid.move(index, to: frames[index])
            }
            guard step % 3 == 0 else { continue }
            for _ in 0..<4 {
                let far = generator.below(40) == 0
                let px = far ? 1.5e7 : generator.coordinate(460), py = generator.coordinate(920)
                let found = grid.nearest(px, py) { $0 < $1 }
                let expected = Self.scan(frames, px, py)
                #expect(found?.index == expected?.index && found?.squared == expected?.squared
                        && found?.tied == expected?.tied,
                        "seed \(seed) step \(step) at (\(px), \(py)): grid \(String(describing: found)), pass \(String(describing: expected))")
                compared += 1
                if expected?.tied == true { ties += 1 }
            }
        }
        // The frames make ties and the comparisons are many: the test can
        // see a search that stops one ring early.
        #expect(compared == 800)
        #expect(ties > 20, "only \(ties) ties")
    }

    /// A down beyond the grid's reach measures every target; with none,
    /// there is no nearest.
    @Test func aDownBeyondTheCoordinateLimitMeasuresEveryTarget() {
        let grid = TargetGrid()
        #expect(grid.nearest(5, 5) { $0 < $1 } == nil)
        grid.add(0, frame: TargetRect(x: 0, y: 0, width: 10, height: 10))
        grid.add(1, frame: TargetRect(x: 100, y: 0, width: 10, height: 10))
        let far = grid.nearest(3.0e7, 5) { $0 < $1 }
        #expect(far?.index == 1 && far?.squared == (3.0e7 - 110) * (3.0e7 - 110) && far?.tied == false)
        #expect(grid.nearest(5, 5) { $0 < $1 }?.index == 0)
    }

    /// A session with more targets than a pass serves well, moving between
    /// downs and tied by duplicate frames: the reading pass (through the
    /// grid) stores the rows the SQL reference's
    /// join of every down with every target gives.
    @Test func manyTargetsImportAsAJoinOfEveryDownWithEveryTargetGives() throws {
        var generator = Generator(state: 99)
        var records: [String] = []
        var time = 1.0
        for touch in 1...300 {
            for _ in 0..<(touch < 10 ? 20 : generator.below(3)) {
                let id = "t\(generator.below(touch < 10 ? 1_000 : 160))"
                let x = generator.below(3) == 0 ? 64 : generator.below(380), y = generator.below(820)
                records.append(#"{"type":"target","session":"s","target":"\#(id)","t":\#(time),"x":\#(x),"y":\#(y),"w":\#(1 + generator.below(60)),"h":44}"#)
            }
            time += 0.01
            let x = generator.below(2) == 0 ? 64 + generator.below(2) * 30 : generator.below(400)
            records.append(#"{"type":"touch","session":"s","touch":\#(touch),"phase":"began","t":\#(time),"x":\#(x),"y":\#(generator.below(860))}"#)
            time += 0.01
        }
        let header = #"{"type":"header","format":"gesture-trace","version":1}"#
        let session = #"{"type":"session","session":"s","experiment":"e","variant":"v","device":{"screen_w":390,"screen_h":844}}"#
        let text = ([header, session] + records).joined(separator: "\n") + "\n"
        var results: [[String]] = []
        for derivation in Deriver.allCases {
            let folder = try ScratchFolder()
            let database = try GestureDatabase(path: folder.path("store.sqlite"))
            let summary = try CaptureImporter(database: database).importCapture(path: try folder.write("targets.jsonl", text))
            #expect(summary.derivation == .whileReading)
            try derivation.derive(database)
            try database.connection.read { db in
                results.append(try String.fetchAll(db, sql: """
                    SELECT touch || ' ' || target || ' ' || quote(distance_pt) || ' ' || inside_frame || ' '
                           || inside_hit_area || ' ' || reached || ' ' || target_line
                    FROM outcomes ORDER BY touch
                    """))
            }
        }
        #expect(results[0].count == 300)
        #expect(results[0] == results[1])
    }
}
