import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import SetWiseReference
import TestScratch

/// Touch outcomes and false starts (docs/latencies.md) on a hand-made
/// capture, Tests/Fixtures/outcomes.jsonl. Two sessions of 10 × 10 pt dots:
/// `plain` (frames only) and `enlarged` (32 × 32 pt hit areas).
///
/// plain: dotA at x 100–110, dotB at 130–140 (y 100–110), declared at 0.5 s
/// in that order; dotB moves to x 200–210 at 4.5 s.
///  touch 1 (0.2 s) comes before any target: no outcome.
///  touch 2 (105,105): inside dotA → 0 pt, reached.
///  touch 3 (115,105): 5 pt right of dotA, 15 pt left of dotB → dotA, 5 pt, not reached.
///  touch 4 (120,105): 10 pt from both → dotA, declared first.
///  touch 5 (125,105), hit "dotA": dotB is nearer (5 pt); the hit-test chose dotA → not reached.
///  touch 7 (4.5 s, the time dotB moved) and touch 6 (5.0 s), (125,105): dotB is
///  now 75 pt away → dotA, 15 pt.
/// enlarged: the same dots, hit areas x 89–121 and 119–151, y 89–121.
///  touch 1 (115,105): dotA 5 pt, outside its frame, inside its hit area → reached.
///  touch 2 (115,125): dotA, √(5² + 15²) = 15.811… pt, outside both.
///  touch 3 (125,105), hit "": dotB 5 pt, inside its hit area, but the hit-test chose none → not reached.
///  touch 4 (125,105), hit "dotB": reached.
///
/// Starts (per touch and target), all in plain but two:
///  plain 1 dotA: touchDown 0.3, touchCancel 0.4 → false start (100 ms, after 100 ms).
///  plain 2 dotA: touchesBegan 1.01, touchesEnded 1.1 → a start, no false start.
///  plain 2 lp (by time): began 1.5, cancelled 1.6 → false start (a long press's highlight).
///  plain 3 dotA: touchesBegan and touchDown at 2.01, touchesCancelled and touchCancel at 2.2 →
///   false start; at equal times the name decides: touchDown, touchCancel.
///  plain 4 dotB: began 3.05, ended 3.1, began 3.2, cancelled 3.3 → false start from 3.2.
///  plain 5 lp: began 4.1, cancelled and ended at 4.2 → an end at the cancel's time: no false start.
///  plain 7 lp: failed without a start → no row.
///  plain 6 dotA: touchesCancelled and touchesBegan at 5.1 → false start, cancelled after 0 ms.
///  plain 6 pan: cancelled 5.05 before its began 5.2 → no false start. tap: recognized only → no row.
///  enlarged 1 dotA: touchesBegan, touchesEnded; enlarged 4 dotB: touchDown, touchUpInside.
///
/// `python3 Tests/Reference/outcomes.py Tests/Fixtures/outcomes.jsonl` prints the same rows and
/// rates (an independent implementation of the rules).
@Suite struct OutcomeTests {
    static let capture = try! String(contentsOfFile: fixturePath("outcomes.jsonl"), encoding: .utf8)

    static let expectedOutcomes = [
        "enlarged 1 dotA 5.0 0 1 1 NULL",
        "enlarged 2 dotA 15.811388300841896 0 0 0 NULL",
        "enlarged 3 dotB 5.0 0 1 0 ",
        "enlarged 4 dotB 5.0 0 1 1 dotB",
        "plain 2 dotA 0.0 1 1 1 NULL",
        "plain 3 dotA 5.0 0 0 0 NULL",
        "plain 4 dotA 10.0 0 0 0 NULL",
        "plain 5 dotB 5.0 0 0 0 dotA",
        "plain 6 dotA 15.0 0 0 0 NULL",
        "plain 7 dotA 15.0 0 0 0 NULL",
    ]

    static let expectedFalseStarts = [
        "plain 1 dotA touchDown touchCancel 100.0 100.0",
        "plain 2 lp began cancelled 500.0 100.0",
        "plain 3 dotA touchDown touchCancel 10.0 190.0",
        "plain 4 dotB touchesBegan touchesCancelled 200.0 100.0",
        "plain 6 dotA touchesBegan touchesCancelled 100.0 0.0",
    ]

    @Test func outcomesAreTheHandWorkedRows() throws {
        let database = try imported(Self.capture)
        #expect(try strings(database, """
            SELECT session, touch, target, distance_pt, inside_frame, inside_hit_area, reached, hit
            FROM outcomes ORDER BY session, touch
            """) == Self.expectedOutcomes)
        #expect(try strings(database, "SELECT session, target, t_ns, x, w, hit_w, class FROM targets ORDER BY session, line") == [
            "enlarged dotA 500000000 100.0 10.0 32.0 DotView",
            "enlarged dotB 500000000 130.0 10.0 32.0 DotView",
            "plain dotA 500000000 100.0 10.0 NULL DotView",
            "plain dotB 4500000000 200.0 10.0 NULL DotView",
            "plain dotB 500000000 130.0 10.0 NULL DotView",
        ])
    }

    @Test func falseStartsAreTheHandWorkedRows() throws {
        let database = try imported(Self.capture)
        #expect(try strings(database, """
            SELECT session, touch, target, start_event, cancel_event, start_ms, cancelled_after_ms
            FROM false_starts ORDER BY session, touch, target
            """) == Self.expectedFalseStarts)
        #expect(try strings(database, "SELECT session, touch, target, start_event, start_ms, false_start FROM starts WHERE false_start = 0 ORDER BY 1, 2, 3") == [
            "enlarged 1 dotA touchesBegan 20.0 0",
            "enlarged 4 dotB touchDown 10.0 0",
            "plain 2 dotA touchesBegan 10.0 0",
            "plain 5 lp began 100.0 0",
            "plain 6 pan began 200.0 0",
        ])
    }

    /// The rates the reference prints: reached 2/4 and 1/6, false starts 0/2 and 5/8.
    @Test func ratesMatchTheReference() throws {
        let database = try imported(Self.capture)
        #expect(try strings(database, "SELECT variant, sum(reached), count(*) FROM outcomes GROUP BY variant ORDER BY variant")
            == ["enlarged 2 4", "plain 1 6"])
        #expect(try strings(database, "SELECT variant, sum(false_start), count(*) FROM starts GROUP BY variant ORDER BY variant")
            == ["enlarged 0 2", "plain 5 8"])
    }

    enum Arrangement: String, CaseIterable, Sendable {
        case asWritten, setWise, shuffled, shuffledSetWise, startsSettledEarly, shuffledStartsSetAside
    }

    /// The reading pass, the SQL reference, the records shuffled (after the
    /// header, the sessions and the first frame of each target, which
    /// decides ties) and so read back from the store, a reading pass made
    /// to settle touches early, and a replay made to set them aside: every
    /// derived row the same.
    @Test(arguments: Arrangement.allCases)
    func everyPathGivesTheSameRows(_ arrangement: Arrangement) throws {
        var text = Self.capture
        if [.shuffled, .shuffledSetWise, .shuffledStartsSetAside].contains(arrangement) {
            text = Self.shuffled(text)
        }
        var limits = StreamingDeriver.Limits()
        if arrangement == .startsSettledEarly || arrangement == .shuffledStartsSetAside { limits.startPairs = 1 }
        let setWise = arrangement == .setWise || arrangement == .shuffledSetWise
        let database = try imported(text, derivation: setWise ? .setWise : .importer, limits: limits)
        #expect(try dump(database) == (try dump(imported(Self.capture))))
        #expect(try strings(database, "SELECT session, touch, target, start_event, cancel_event, start_ms, cancelled_after_ms FROM false_starts ORDER BY 1, 2, 3")
            == Self.expectedFalseStarts)
    }

    /// Settling early is exact while no event of a settled touch comes
    /// later; the capture's touches do not overlap, so with room for two
    /// pairs the reading pass settles everything itself.
    @Test func settlingTouchesEarlyKeepsTheReadingPassExact() throws {
        var deriver = StreamingDeriver(limits: StreamingDeriver.Limits(startPairs: 2))
        var builder = BatchBuilder(limits: StreamingDeriver.Limits(startPairs: 2))
        let folder = try ScratchFolder()
        var reader = try TraceReader(path: try folder.write("c.jsonl", Self.capture))
        var batch = ImportBatch()
        while let item = try reader.next() { builder.add(item, session: reader.sessionOfLastItem, to: &batch) }
        builder.finish(into: &batch)
        deriver = builder.deriver
        #expect(deriver.incompleteReason == nil)
        #expect(batch.touchStarts.count == 10)
        #expect(batch.heldStarts.isEmpty)
    }

    /// Two fingers: touch 1's cancel comes after touch 2's start. With room
    /// for one pair, touch 2's start settles touch 1 while reading, so its
    /// cancel sends the capture to be read back from the store. There the
    /// pair that makes room is set aside with its cancel and settled after
    /// the last record: the false start is found, by the same rule.
    @Test func anEventOfASettledTouchIsSetAsideFromTheStoredRecords() throws {
        let lines = [
            #"{"type":"header","format":"gesture-trace","version":1}"#,
            #"{"type":"session","session":"s","experiment":"e","variant":"v"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"a","event":"touchesBegan","via":"touches","t":1.1,"touch":1}"#,
            #"{"type":"touch","session":"s","touch":2,"phase":"began","t":1.2,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"b","event":"touchesBegan","via":"touches","t":1.3,"touch":2}"#,
            #"{"type":"delivery","session":"s","target":"a","event":"touchesCancelled","via":"touches","t":1.4,"touch":1}"#,
        ]
        let text = lines.joined(separator: "\n") + "\n"
        let folder = try ScratchFolder()
        var builder = BatchBuilder(limits: StreamingDeriver.Limits(startPairs: 1))
        var reader = try TraceReader(path: try folder.write("two.jsonl", text))
        var batch = ImportBatch()
        while let item = try reader.next() { builder.add(item, session: reader.sessionOfLastItem, to: &batch) }
        builder.finish(into: &batch)
        let reason = "the record at line 7 is of a touch whose starts were settled to keep memory flat"
        #expect(builder.deriver.incompleteReason == reason)

        // Made to set pairs aside, the deriver hands touch 1's events on
        // instead, the later cancel too, and stays whole.
        var settingAside = BatchBuilder(limits: StreamingDeriver.Limits(startPairs: 1), startsOverflow: .setAside)
        var again = try TraceReader(path: try folder.write("two-again.jsonl", text))
        var heldBatch = ImportBatch()
        while let item = try again.next() { settingAside.add(item, session: again.sessionOfLastItem, to: &heldBatch) }
        settingAside.finish(into: &heldBatch)
        #expect(settingAside.deriver.incompleteReason == nil)
        #expect(heldBatch.heldStarts.map { "\($0.touch) \($0.line)" } == ["1 4", "1 7"])
        #expect(heldBatch.touchStarts.map(\.touch) == [2])

        let store = try ScratchFolder()
        let database = try GestureDatabase(path: store.path("lab.sqlite"))
        var importer = CaptureImporter(database: database)
        importer.streamingLimits = StreamingDeriver.Limits(startPairs: 1)
        let summary = try importer.importCapture(path: try store.write("two-fingers.jsonl", text))
        #expect(summary.derivation == .replayedInTimeOrder(reason: reason))
        #expect(try strings(database, "SELECT touch, target, start_event, false_start, cancel_event FROM starts")
            == ["1 a touchesBegan 1 touchesCancelled", "2 b touchesBegan 0 NULL"])
        #expect(try dump(database) == (try dump(imported(text, derivation: .setWise))))
        #expect(try strings(database, "SELECT count(*) FROM sqlite_temp_master") == ["0"])
    }

    /// A finger held down (touch 1 on `hold`) through taps that each start
    /// and end on `row`, cancelled at the very end. With room for four
    /// pairs, the taps' closed pairs are settled and the held one kept, so
    /// its late cancel is still the reading pass's to settle; settled by
    /// recency alone, touch 1 went first and its cancel sent the capture
    /// to be derived again. The rows are the SQL reference's either way.
    @Test func aFingerHeldThroughManyTapsIsSettledWhileReading() throws {
        var lines = [
            #"{"type":"header","format":"gesture-trace","version":1}"#,
            #"{"type":"session","session":"s","experiment":"e","variant":"v"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s","target":"hold","event":"touchDown","via":"control-event","t":1.01,"touch":1}"#,
        ]
        for tap in 2...21 {
            let t = Double(tap)
            lines += [
                #"{"type":"touch","session":"s","touch":\#(tap),"phase":"began","t":\#(t),"x":5,"y":5}"#,
                #"{"type":"delivery","session":"s","target":"row","event":"touchesBegan","via":"touches","t":\#(t + 0.01),"touch":\#(tap)}"#,
                #"{"type":"delivery","session":"s","target":"row","event":"touchesEnded","via":"touches","t":\#(t + 0.05),"touch":\#(tap)}"#,
            ]
        }
        lines.append(#"{"type":"delivery","session":"s","target":"hold","event":"touchCancel","via":"control-event","t":30,"touch":1}"#)
        let text = lines.joined(separator: "\n") + "\n"
        let limits = StreamingDeriver.Limits(startPairs: 4)
        let folder = try ScratchFolder()
        var builder = BatchBuilder(limits: limits)
        var reader = try TraceReader(path: try folder.write("held.jsonl", text))
        var batch = ImportBatch()
        while let item = try reader.next() { builder.add(item, session: reader.sessionOfLastItem, to: &batch) }
        builder.finish(into: &batch)
        #expect(builder.deriver.incompleteReason == nil)
        #expect(batch.touchStarts.count == 21)

        let database = try imported(text, limits: limits)
        #expect(try strings(database, "SELECT touch, target, start_event, cancel_event FROM false_starts")
            == ["1 hold touchDown touchCancel"])
        #expect(try strings(database, "SELECT count(*), sum(false_start) FROM starts") == ["21 1"])
        #expect(try dump(database) == (try dump(imported(text, derivation: .setWise))))
    }

    /// A capture without target records imports as before: no outcomes,
    /// no target counts in the summary.
    @Test func aCaptureWithoutTargetsHasNoOutcomes() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let summary = try CaptureImporter(database: database)
            .importCapture(path: try folder.write("d.jsonl", DerivedLatencyTests.capture))
        #expect(!summary.summaryLine.contains("target"))
        #expect(try strings(database, "SELECT (SELECT count(*) FROM outcomes), (SELECT count(*) FROM targets), (SELECT target_count FROM capture)") == ["0 0 0"])
    }

    @Test func aRefusedCaptureStoresNoTargetsOrDerivedRows() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let bad = Self.capture + #"{"type":"target","session":"plain","target":"x","t":9,"x":0,"y":0,"w":0,"h":1}"# + "\n"
        #expect(throws: TraceError.self) {
            try CaptureImporter(database: database).importCapture(path: try folder.write("bad.jsonl", bad))
        }
        #expect(try strings(database, "SELECT (SELECT count(*) FROM targets), (SELECT count(*) FROM outcomes), (SELECT count(*) FROM starts)") == ["0 0 0"])
    }

    // MARK: Helpers

    /// Header, sessions and each target's first record (all at 0.5 s, in
    /// file order: declaration order breaks ties) first, every other line
    /// in a seeded random order (a Fisher–Yates shuffle with an LCG).
    static func shuffled(_ text: String) -> String {
        var leading: [Substring] = []
        var rest: [Substring] = []
        for line in text.split(separator: "\n") {
            let declares = line.contains(#""type":"target""#) && line.contains(#""t":0.5,"#)
            if line.contains(#""type":"header""#) || line.contains(#""type":"session""#) || declares {
                leading.append(line)
            } else {
                rest.append(line)
            }
        }
        var state: UInt64 = 23
        for index in stride(from: rest.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            rest.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
        }
        return (leading + rest).joined(separator: "\n") + "\n"
    }

    private func imported(_ text: String, derivation: Deriver = .importer,
                          limits: StreamingDeriver.Limits = .init()) throws -> GestureDatabase {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        var importer = CaptureImporter(database: database)
        importer.streamingLimits = limits
        _ = try importer.importCapture(path: try folder.write("outcomes.jsonl", text))
        try derivation.derive(database)
        return database
    }

    private func dump(_ database: GestureDatabase) throws -> [String] {
        try strings(database, """
            SELECT 'outcome', session.session, touch, target, distance_pt, inside_frame, inside_hit_area, reached
            FROM outcomes JOIN session ON session.id = session_id
            """)
            + strings(database, """
                SELECT 'start', session.session, touch, target, start_event, start_ns, cancel_event, cancel_ns
                FROM starts JOIN session ON session.id = session_id
                """)
    }

    private func strings(_ database: GestureDatabase, _ sql: String) throws -> [String] {
        try database.connection.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                (0..<row.count).map { index in
                    let value: DatabaseValue = row[index]
                    switch value.storage {
                    case .null: return "NULL"
                    case .int64(let integer): return "\(integer)"
                    case .double(let double): return "\(double)"
                    case .string(let string): return string
                    case .blob(let data): return "\(data)"
                    }
                }.joined(separator: " ")
            }.sorted()
        }
    }
}
