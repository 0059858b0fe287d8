import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import SetWiseReference
import TestScratch

/// Touch outcomes derived in the reading pass (`OutcomeTracker`) against
/// rows worked out by hand and against the SQL reference, on the orders that
/// make one pass hard: ties, target records at a down's time on a later
/// line, targets moving or appearing between downs, hit areas and `hit`,
/// sessions interleaved, records out of time order.
///
/// Each row reads: session, touch, nearest target, distance in points,
/// inside its frame, inside its hit area, reached, the line of the target
/// record whose frame was used. Targets are 10 × 10 pt unless a case says
/// otherwise; lines count from the header (1) and the session (2).
@Suite struct OutcomeDerivationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var records: [String]
        var rows: [String]
        /// Whether one pass settles every outcome with records in file
        /// order (no reorder window), and with the usual window.
        var streamsInFileOrder = true
        var streamsThroughWindow = true
        /// Why the pass hands the capture to the replay, when it does: in file order,
        /// and through the window.
        var fileOrderReason: String?
        var windowReason: String?
        var testDescription: String { name }
    }

    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#

    static func session(_ id: String) -> String {
        #"{"type":"session","session":"\#(id)","experiment":"e","variant":"v","device":{"screen_w":390,"screen_h":844}}"#
    }

    static func target(_ id: String, at t: String, x: Int, y: Int = 0, w: Int = 10, h: Int = 10,
                       hitArea: (x: Int, y: Int, w: Int, h: Int)? = nil, session: String = "s") -> String {
        let area = hitArea.map { #","hit_x":\#($0.x),"hit_y":\#($0.y),"hit_w":\#($0.w),"hit_h":\#($0.h)"# } ?? ""
        return #"{"type":"target","session":"\#(session)","target":"\#(id)","t":\#(t),"x":\#(x),"y":\#(y),"w":\#(w),"h":\#(h)\#(area)}"#
    }

    static func down(_ touch: Int, at t: String, x: Int, y: Int, hit: String? = nil, session: String = "s") -> String {
        let named = hit.map { #","hit":"\#($0)""# } ?? ""
        return #"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(t),"x":\#(x),"y":\#(y)\#(named)}"#
    }

    /// A delivery naming no touch: the session's time moves on to `t`.
    static func tick(at t: String, session: String = "s") -> String {
        #"{"type":"delivery","session":"\#(session)","target":"view","event":"touchesMoved","via":"touches","t":\#(t)}"#
    }

    static let cases: [Case] = [
        // Exactly, b's squared distance is 9 − 6·10⁻¹⁷, a's is 9; in binary64
        // both are 9.0, a tie (docs/latencies.md: the arithmetic is binary64).
        Case(name: "distances equal in binary64 are a tie, however they differ exactly", records: [
            #"{"type":"target","session":"s","target":"a","t":1,"x":3,"y":-1,"w":1,"h":2}"#,
            #"{"type":"target","session":"s","target":"b","t":1,"x":2.9999999999999996,"y":5.1e-8,"w":1,"h":1}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":2,"x":0,"y":0}"#,
        ], rows: ["s 1 a 3.0 0 0 0 3"]),
        // The far edge is x + w rounded: 0.1 + 0.2 is the point's own
        // 0.30000000000000004, though exactly the point lies 2.8·10⁻¹⁷ beyond it.
        Case(name: "the far edge is x + w rounded to binary64", records: [
            #"{"type":"target","session":"s","target":"a","t":1,"x":0.1,"y":0,"w":0.2,"h":1}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":2,"x":0.30000000000000004,"y":0.5}"#,
        ], rows: ["s 1 a 0.0 1 1 1 3"]),
        // The square of 10^200 is past the largest double: the distance is
        // measured without it (it had been stored as inf, and every query
        // taking a percentile of distances failed on the whole store).
        Case(name: "a distance whose square is past binary64 is still exact", records: [
            #"{"type":"target","session":"s","target":"a","t":1,"x":1e200,"y":0,"w":10,"h":10}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":2,"x":0,"y":5}"#,
        ], rows: ["s 1 a 1e+200 0 0 0 3"]),
        // 2·10^308 points apart: the largest finite double stands for it.
        Case(name: "a distance past binary64 is the largest finite double", records: [
            #"{"type":"target","session":"s","target":"a","t":1,"x":1e308,"y":0,"w":1,"h":10}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":2,"x":-1e308,"y":5}"#,
        ], rows: ["s 1 a 1.7976931348623157e+308 0 0 0 3"]),
        Case(name: "a tie in distance goes to the target declared first", records: [
            target("b", at: "1", x: 20),
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 15, y: 5),
        ], rows: ["s 1 b 5.0 0 0 0 3"]),
        Case(name: "declared first is by line, not by time", records: [
            target("a", at: "2", x: 0),
            target("b", at: "1", x: 20),
            down(1, at: "3", x: 15, y: 5),
        ], rows: ["s 1 a 5.0 0 0 0 3"]),
        Case(name: "a target record at the down's time on a later line counts", records: [
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 50, y: 5),
            target("b", at: "2", x: 45),
            tick(at: "3"),
        ], rows: ["s 1 b 0.0 1 1 1 5"]),
        Case(name: "a target moving between downs; of two records at one time the later line", records: [
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 15, y: 5),
            target("a", at: "3", x: 100),
            down(2, at: "4", x: 15, y: 5),
            target("a", at: "5", x: 200),
            target("a", at: "5", x: 300),
            down(3, at: "6", x: 295, y: 5),
        ], rows: ["s 1 a 5.0 0 0 0 3", "s 2 a 85.0 0 0 0 5", "s 3 a 5.0 0 0 0 8"]),
        // b's hit area is its frame: (113, 24) is 3 right and 4 below it.
        Case(name: "hit areas, and the frame when none is given", records: [
            target("a", at: "1", x: 10, y: 10, hitArea: (0, 0, 30, 30)),
            down(1, at: "2", x: 25, y: 15),
            down(2, at: "3", x: 35, y: 15),
            down(3, at: "4", x: 15, y: 15),
            target("b", at: "5", x: 100, y: 10),
            down(4, at: "6", x: 103, y: 13),
            down(5, at: "7", x: 113, y: 24),
        ], rows: ["s 1 a 5.0 0 1 1 3", "s 2 a 15.0 0 0 0 3", "s 3 a 0.0 1 1 1 3", "s 4 b 0.0 1 1 1 7",
                  "s 5 b 5.0 0 0 0 7"]),
        Case(name: "a hit naming another target, or none, is not reached", records: [
            target("a", at: "1", x: 0),
            target("b", at: "1", x: 100),
            down(1, at: "2", x: 5, y: 5, hit: "b"),
            down(2, at: "3", x: 5, y: 5, hit: "a"),
            down(3, at: "4", x: 5, y: 5, hit: ""),
        ], rows: ["s 1 a 0.0 1 1 0 3", "s 2 a 0.0 1 1 1 3", "s 3 a 0.0 1 1 0 3"]),
        Case(name: "a touch before any target has no outcome", records: [
            down(1, at: "1", x: 5, y: 5),
            tick(at: "1.5"),
            target("a", at: "2", x: 0),
            down(2, at: "3", x: 5, y: 5),
        ], rows: ["s 2 a 0.0 1 1 1 5"]),
        Case(name: "a target whose first record is later than the down is not on screen for it", records: [
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 50, y: 5),
            target("b", at: "3", x: 45),
            down(2, at: "4", x: 50, y: 5),
        ], rows: ["s 1 a 40.0 0 0 0 3", "s 2 b 0.0 1 1 1 5"]),
        // The reader holds a `began` until its `hit` target is declared:
        // the down reaches the pass after target records later than it.
        Case(name: "a down held for its hit target, declared later than the down", records: [
            down(1, at: "2", x: 50, y: 5, hit: "b"),
            target("a", at: "1", x: 0),
            target("b", at: "3", x: 45),
            tick(at: "4"),
        ], rows: ["s 1 a 40.0 0 0 0 4"]),
        Case(name: "a down held for its hit target, declared at the down's time", records: [
            down(1, at: "2", x: 50, y: 5, hit: "b"),
            target("a", at: "1", x: 0),
            target("b", at: "2", x: 45),
            tick(at: "3"),
        ], rows: ["s 1 b 0.0 1 1 1 5"]),
        Case(name: "two sessions interleaved, each on its own clock", records: [
            target("a", at: "100", x: 0),
            target("a", at: "1", x: 100, session: "u"),
            down(1, at: "101", x: 15, y: 5),
            down(1, at: "2", x: 95, y: 5, session: "u"),
            target("a", at: "102", x: 200),
            target("a", at: "2", x: 90, session: "u"),
            down(2, at: "103", x: 15, y: 5),
            tick(at: "3", session: "u"),
        ], rows: ["s 1 a 5.0 0 0 0 4", "s 2 a 185.0 0 0 0 8", "u 1 a 0.0 1 1 1 9"]),
        Case(name: "a target record earlier than a down read before it, nothing settled yet", records: [
            target("a", at: "1", x: 0),
            down(1, at: "3", x: 50, y: 5),
            target("b", at: "2", x: 45),
            tick(at: "4"),
        ], rows: ["s 1 b 0.0 1 1 1 5"]),
        Case(name: "a target record at or before a down already settled", records: [
            target("a", at: "1", x: 0),
            down(1, at: "3", x: 50, y: 5),
            tick(at: "4"),
            target("a", at: "2", x: 45),
        ], rows: ["s 1 a 0.0 1 1 1 6"], streamsInFileOrder: false,
             fileOrderReason: "the target record at line 6 is at or before a touch-down already settled"),
        Case(name: "a down earlier than a frame its target has already replaced", records: [
            target("a", at: "1", x: 0),
            target("a", at: "3", x: 100),
            down(1, at: "2", x: 5, y: 5),
            tick(at: "4"),
        ], rows: ["s 1 a 0.0 1 1 1 3"], streamsInFileOrder: false,
             fileOrderReason: "the touch-down at line 5 is earlier than a frame read before it replaced"),
        // Through the window a's line-5 record comes first and line 3 last,
        // after the down was settled with a declared on line 5.
        Case(name: "a target's first line read after downs were settled", records: [
            target("a", at: "5", x: 0),
            target("b", at: "1", x: 20),
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 15, y: 5),
            tick(at: "3"),
        ], rows: ["s 1 a 5.0 0 0 0 5"], streamsInFileOrder: false, streamsThroughWindow: false,
             fileOrderReason: "the touch-down at line 6 is earlier than a frame read before it replaced",
             windowReason: "the target record at line 3 declares its target earlier than the line touch-downs settled since knew"),
        // The same order, the down nearer a (2 pt) than b (8 pt): no tie, so
        // the order of declaration decided nothing and the window's pass
        // keeps going when a's line 3 comes last.
        Case(name: "a target's first line read after a down settled without a tie", records: [
            target("a", at: "5", x: 0),
            target("b", at: "1", x: 20),
            target("a", at: "1", x: 0),
            down(1, at: "2", x: 12, y: 5),
            tick(at: "3"),
        ], rows: ["s 1 a 2.0 0 0 0 5"], streamsInFileOrder: false,
             fileOrderReason: "the touch-down at line 6 is earlier than a frame read before it replaced"),
    ]

    /// Without a reorder window (records reach the pass in file order) and
    /// with the usual one: the rows worked out by hand either way, derived
    /// while reading or from the stored records as the case says.
    @Test(arguments: cases, [0, 256])
    func theReadingPassGivesTheHandWorkedRows(_ testCase: Case, window: Int) throws {
        let (rows, summary) = try outcomes(of: testCase, derivation: .importer,
                                           limits: StreamingDeriver.Limits(reorder: window))
        #expect(rows == testCase.rows)
        let streams = window == 0 ? testCase.streamsInFileOrder : testCase.streamsThroughWindow
        let note = summary.derivationNote
        #expect(note.hasPrefix(streams ? "derived while reading" : "derived from the stored records in time order: "),
                "\(note)")
        if let reason = window == 0 ? testCase.fileOrderReason : testCase.windowReason {
            #expect(summary.derivation == .replayedInTimeOrder(reason: reason))
            #expect(summary.summaryLine.hasSuffix("; derived from the stored records in time order, as \(reason)"))
        }
        #expect(summary.summaryLine.contains("derived from the stored records") == !streams)
    }

    /// The reference the reading pass is held to gives the same rows.
    @Test(arguments: cases)
    func theSetWiseSQLGivesTheHandWorkedRows(_ testCase: Case) throws {
        let (rows, _) = try outcomes(of: testCase, derivation: .setWise)
        #expect(rows == testCase.rows)
    }

    /// With room for one held down, two downs at one time are settled
    /// early; a target at their time then has the capture read back from
    /// the store (where a time's targets come first), with the rows the
    /// usual limits derive while reading.
    @Test func downsSettledEarlyHandOverWhenATargetComesAtTheirTime() throws {
        let testCase = Case(name: "two downs at one time", records: [
            Self.target("a", at: "1", x: 0),
            Self.down(1, at: "2", x: 15, y: 5),
            Self.down(2, at: "2", x: 50, y: 5),
            Self.target("b", at: "2", x: 45),
            Self.tick(at: "3"),
        ], rows: ["s 1 a 5.0 0 0 0 3", "s 2 b 0.0 1 1 1 6"])
        let (early, earlySummary) = try outcomes(of: testCase, derivation: .importer,
                                                 limits: StreamingDeriver.Limits(heldDowns: 1))
        #expect(early == testCase.rows)
        #expect(earlySummary.derivation
            == .replayedInTimeOrder(reason: "the target record at line 6 is at or before a touch-down already settled"))
        let (usual, usualSummary) = try outcomes(of: testCase, derivation: .importer)
        #expect(usual == testCase.rows)
        #expect(usualSummary.derivation == .whileReading)
    }

    /// With one live session, sessions written one after another stream; a
    /// target record of a retired session has the capture read back from
    /// the store.
    @Test(arguments: [true, false])
    func retiredSessions(targetResumesTheFirst: Bool) throws {
        var records = [
            Self.target("a", at: "1", x: 0),
            Self.down(1, at: "2", x: 15, y: 5),
            Self.session("u"),
            Self.target("a", at: "1", x: 100, session: "u"),
            Self.down(1, at: "2", x: 95, y: 5, session: "u"),
        ]
        if targetResumesTheFirst { records.append(Self.target("b", at: "1", x: 10)) }
        // b, declared late on line 8 but at 1 s, holds s's down at (15, 5).
        let testCase = Case(name: "retired", records: records,
                            rows: [targetResumesTheFirst ? "s 1 b 0.0 1 1 1 8" : "s 1 a 5.0 0 0 0 3",
                                   "u 1 a 5.0 0 0 0 6"])
        let (rows, summary) = try outcomes(of: testCase, derivation: .importer,
                                           limits: StreamingDeriver.Limits(liveSessions: 1))
        #expect(rows == testCase.rows)
        #expect(summary.derivation == (targetResumesTheFirst
            ? .replayedInTimeOrder(reason: "the target record at line 8 resumes a session retired to keep memory flat")
            : .whileReading))
    }

    /// Past `liveTargets` targets over the live sessions, the least recently
    /// active session but the one at hand is retired, its downs settled:
    /// sessions one after another still stream; a later record of the
    /// retired one has the capture read back from the store, saying why.
    @Test(arguments: [false, true])
    func sessionsRetiredForTheirTargets(resumesTheFirst: Bool) throws {
        var records = [
            Self.target("a", at: "1", x: 0),
            Self.target("b", at: "1", x: 40),
            Self.down(1, at: "2", x: 15, y: 5),
            Self.session("u"),
            Self.target("a", at: "1", x: 100, session: "u"),
            Self.down(1, at: "2", x: 95, y: 5, session: "u"),
        ]
        if resumesTheFirst { records.append(Self.tick(at: "3")) }
        let testCase = Case(name: "retired for targets", records: records,
                            rows: ["s 1 a 5.0 0 0 0 3", "u 1 a 5.0 0 0 0 7"])
        // Read in file order (no reorder window), so that the first
        // session's last record comes after the second's target.
        let (rows, summary) = try outcomes(of: testCase, derivation: .importer,
                                           limits: StreamingDeriver.Limits(reorder: 0, liveTargets: 2))
        #expect(rows == testCase.rows)
        let reason = "the record at line 9 resumes a session retired when the sessions read held more than 2 targets"
        // Read back from the store in time order, one session after another.
        #expect(summary.derivation == (resumesTheFirst ? .replayedInTimeOrder(reason: reason) : .whileReading))
        // With room for every target, nothing is retired.
        let (roomy, roomySummary) = try outcomes(of: testCase, derivation: .importer,
                                                 limits: StreamingDeriver.Limits(reorder: 0, liveTargets: 3))
        #expect(roomy == testCase.rows)
        #expect(roomySummary.derivation == .whileReading)
    }

    /// Read back from the store by time, a target's first record by time
    /// may sit on a later line than another of its records. The replay
    /// knows each target's first line before it starts, so a tie in
    /// distance goes to the target declared first by line. The first
    /// session resumed after the second retired it sends the capture to the
    /// replay.
    @Test func theReplayKnowsWhichTargetWasDeclaredFirst() throws {
        let testCase = Case(name: "declared first, read back by time", records: [
            Self.target("a", at: "5", x: 0),
            Self.target("b", at: "1", x: 20),
            Self.target("a", at: "1", x: 0),
            Self.down(1, at: "2", x: 15, y: 5),
            Self.session("u"),
            Self.tick(at: "1", session: "u"),
            Self.tick(at: "3"),
        ], rows: ["s 1 a 5.0 0 0 0 5"])
        let (rows, summary) = try outcomes(of: testCase, derivation: .importer,
                                           limits: StreamingDeriver.Limits(liveSessions: 1, reorder: 0))
        #expect(rows == testCase.rows)
        guard case .replayedInTimeOrder = summary.derivation else {
            Issue.record("the latencies were not read back from the store: \(summary.derivation)")
            return
        }
    }

    /// A capture without targets derives no outcomes.
    @Test func noTargetsNoOutcomeDerivation() throws {
        let testCase = Case(name: "no targets", records: [Self.down(1, at: "1", x: 5, y: 5), Self.tick(at: "2")],
                            rows: [])
        let (rows, summary) = try outcomes(of: testCase, derivation: .importer)
        #expect(rows.isEmpty)
        #expect(summary.derivation == .whileReading)
    }

    private func outcomes(of testCase: Case, derivation: Deriver,
                          limits: StreamingDeriver.Limits = .init()) throws -> ([String], ImportSummary) {
        let sessions = testCase.records.contains { $0.contains(#""session":"u""#) && !$0.contains(#""type":"session""#) }
            && !testCase.records.contains(Self.session("u"))
            ? [Self.session("s"), Self.session("u")] : [Self.session("s")]
        let text = ([Self.header] + sessions + testCase.records).joined(separator: "\n") + "\n"
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        var importer = CaptureImporter(database: database)
        importer.streamingLimits = limits
        let summary = try importer.importCapture(path: try folder.write("outcomes.jsonl", text))
        try derivation.derive(database)
        let rows = try database.connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT session.session, touch, target, distance_pt, inside_frame, inside_hit_area, reached, target_line
                FROM outcomes AS outcome JOIN session ON session.id = outcome.session_id
                """).map { row in
                (0..<row.count).map { index in
                    let value: DatabaseValue = row[index]
                    switch value.storage {
                    case .double(let double): return "\(double)"
                    case .int64(let integer): return "\(integer)"
                    case .string(let string): return string
                    default: return "?"
                    }
                }.joined(separator: " ")
            }.sorted()
        }
        return (rows, summary)
    }
}
