import Foundation
import GRDB
import GestureSimulation
import GestureTrace
import SeededRandom
import TestScratch
import Testing
@testable import GestureStore

/// A capture out of order goes in sorted runs: the batches of a run merged
/// with every string still its own, the rows in key order, and the store
/// holding what it held whatever the runs' size.
@Suite struct SortedRecordRunTests {
    private static func spelled(_ range: TextRange, in batch: ImportBatch) -> String {
        String(decoding: batch.text[range.offset..<range.offset + range.count], as: UTF8.self)
    }

    private static func batch(session: Int, deliveries: [(target: String, t: Int64, line: Int)],
                              transition: (recognizer: String, t: Int64, line: Int),
                              target: (name: String, t: Int64, line: Int), hit: String) -> ImportBatch {
        var batch = ImportBatch()
        // Text before the rows' own, so that every range has an offset to move.
        _ = batch.text("padding \(session)")
        for delivery in deliveries {
            let record = DeliveryRecord(session: "s", target: delivery.target, event: "touchDown", via: "control-event",
                                        timeNanos: delivery.t, touch: 1)
            batch.deliveries.append(batch.row(for: record, session: session, line: delivery.line))
        }
        let record = TransitionRecord(session: "s", recognizer: transition.recognizer, to: .began,
                                      timeNanos: transition.t, recognizerClass: "Pan" + transition.recognizer)
        batch.transitions.append(batch.row(for: record, session: session, line: transition.line))
        let frame = TargetRect(x: 0, y: 0, width: 10, height: 10)
        batch.targets.append(TargetRow(session: session, target: batch.text(target.name), timeNanos: target.t,
                                       frame: frame, hitArea: nil, targetClass: batch.text("UIButton"),
                                       line: target.line))
        let sample = TouchSampleRow(session: session, touch: 1, timeNanos: 5, phase: .began, x: 1, y: 2,
                                    radius: nil, force: nil, kind: nil, line: 1)
        batch.touchDowns.append(TouchDownRow(sample: sample, region: nil, hit: batch.text(hit)))
        batch.itemCount = deliveries.count + 3
        return batch
    }

    @Test func batchesMergeWithTheirOwnStringsInKeyOrder() {
        var run = SortedRecordRun(recordsPerRun: 100)
        run.add(Self.batch(session: 1, deliveries: [("late", 90, 40), ("early", 10, 41)],
                           transition: ("B", 70, 42), target: ("second", 60, 43), hit: "second"))
        #expect(!run.isFull)
        run.add(Self.batch(session: 0, deliveries: [("zero", 50, 7), ("tie-b", 10, 9), ("tie-a", 10, 8)],
                           transition: ("A", 30, 10), target: ("first", 20, 11), hit: "first"))
        #expect(!run.isEmpty)
        let merged = run.take()
        #expect(run.isEmpty)

        // By session, then time, then line; each row's strings its own.
        #expect(merged.deliveries.map { "\($0.session) \($0.timeNanos) \($0.line) \(Self.spelled($0.target, in: merged))"
            + " \(Self.spelled($0.event, in: merged)) \(Self.spelled($0.via, in: merged))" } == [
            "0 10 8 tie-a touchDown control-event", "0 10 9 tie-b touchDown control-event",
            "0 50 7 zero touchDown control-event",
            "1 10 41 early touchDown control-event", "1 90 40 late touchDown control-event",
        ])
        #expect(merged.transitions.map { "\($0.session) \(Self.spelled($0.recognizer, in: merged)) "
            + (($0.recognizerClass).map { Self.spelled($0, in: merged) } ?? "nil") } == ["0 A PanA", "1 B PanB"])
        #expect(merged.targets.map { "\($0.session) \(Self.spelled($0.target, in: merged)) "
            + ($0.targetClass.map { Self.spelled($0, in: merged) } ?? "nil") } == ["0 first UIButton", "1 second UIButton"])
        #expect(merged.touchDowns.map { "\($0.sample.session) " + ($0.hit.map { Self.spelled($0, in: merged) } ?? "nil") }
            == ["0 first", "1 second"])
        #expect(merged.itemCount == 11)
    }

    @Test func aRunIsFullAtItsRecords() {
        var run = SortedRecordRun(recordsPerRun: 8)
        run.add(Self.batch(session: 0, deliveries: [("a", 1, 1), ("b", 2, 2)], transition: ("A", 3, 3),
                           target: ("t", 4, 4), hit: "t"))
        #expect(!run.isFull)
        run.add(Self.batch(session: 0, deliveries: [("c", 5, 5)], transition: ("A", 6, 6),
                           target: ("t", 7, 7), hit: "t"))
        #expect(run.isFull)
    }

    /// A shuffled capture of three batches (4,096 records each): every
    /// relation the same in runs of two batches, in one run, batch by
    /// batch, and with the importer's usual limits.
    @Test func runsOfAnySizeStoreTheSameRelations() throws {
        let folder = try ScratchFolder()
        let simulator = Simulator(options: SimulationOptions(seed: 5, sessionsPerVariant: 2, touchesPerSession: 400))
        let source = try simulator.writeCaptures(to: folder.path("captures"))[3]
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n")
        let declarations = lines.filter { $0.contains(#""type":"header""#) || $0.contains(#""type":"session""#) }
        var records = lines.filter { !$0.contains(#""type":"header""#) && !$0.contains(#""type":"session""#) }
        var generator = SeededGenerator(seed: 11)
        records.shuffle(using: &generator)
        let path = try folder.write("shuffled.jsonl", (declarations + records).joined(separator: "\n") + "\n")
        #expect(records.count > 2 * 4_096)

        var dumps: [[String: [String]]] = []
        for recordsPerRun in [5_000, Int.max, 0] {
            // Given up on within the first records (no record may wait or
            // be put back in order), so that nearly every record goes in a run.
            var importer = CaptureImporter(database: try GestureDatabase(path: folder.path("runs-\(recordsPerRun).sqlite")))
            importer.recordsPerSortedRun = recordsPerRun
            importer.streamingLimits = StreamingDeriver.Limits(deferred: 0, reorder: 0)
            let summary = try importer.importCapture(path: path)
            #expect(summary.derivationNote.hasPrefix("derived from the stored records in time order"))
            // The counts hold the sessions too; the header is not a record.
            #expect(summary.recordCounts.values.reduce(0, +) == records.count + declarations.count - 1)
            dumps.append(try Self.relations(importer.database))
        }
        #expect(dumps[0]["touch_sample"]?.count ?? 0 > 3_000)
        #expect(dumps[0]["targets"]?.count ?? 0 > 0)
        #expect(dumps[0]["responses"]?.count ?? 0 > 0)
        let streamed = CaptureImporter(database: try GestureDatabase(path: folder.path("streamed.sqlite")))
        // The reading pass would derive its latencies (its shuffled touches
        // name their touch), not its outcomes: a frame comes after a down it
        // counts for, so it is read back too.
        let note = try streamed.importCapture(path: path).derivationNote
        #expect(note == "derived from the stored records in time order: "
            + "the target record at line 3692 is at or before a touch-down already settled")
        dumps.append(try Self.relations(streamed.database))
        for (index, dump) in dumps.enumerated().dropFirst() {
            #expect(dump.keys.sorted() == dumps[0].keys.sorted())
            for (relation, rows) in dumps[0] {
                // A Bool, so that a failure names the relation without printing thousands of rows.
                let same = dump[relation] == rows
                #expect(same, "import \(index) differs from the runs of 5,000 in \(relation)")
            }
        }
    }

    /// Every view's rows, by text (names' keys depend on the order they were met).
    private static func relations(_ database: GestureDatabase) throws -> [String: [String]] {
        try database.connection.read { db in
            var relations: [String: [String]] = [:]
            for view in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'view'") {
                relations[view] = try Row.fetchAll(db, sql: "SELECT * FROM \(view)").map(\.description).sorted()
            }
            return relations
        }
    }
}
