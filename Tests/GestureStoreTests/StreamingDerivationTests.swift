import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import SetWiseReference
import TestScratch

/// The importer's derivation against the set-wise SQL reference: every
/// capture gives the same derived rows both ways, and the reading pass hands
/// over to the stored records exactly when the capture's order defeats it.
@Suite struct StreamingDerivationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var records: [String]
        /// Whether the reading pass can derive this capture itself.
        var streams: Bool
        var testDescription: String { name }
    }

    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#
    static let session = #"{"type":"session","session":"s","experiment":"e","variant":"v","device":{"screen_w":390,"screen_h":844}}"#

    /// Touch 1 lands top-left, touch 2 at the bottom, the others in the
    /// center, so each derived row shows whose region it carries.
    static func touch(_ id: Int, at t: String) -> String {
        let position = switch id {
        case 1: #""x":1,"y":1"#
        case 2: #""x":200,"y":840"#
        default: #""x":200,"y":400"#
        }
        return #"{"type":"touch","session":"s","touch":\#(id),"phase":"began","t":\#(t),\#(position)}"#
    }

    static func delivery(_ target: String, _ event: String, at t: String, touch: Int? = nil) -> String {
        let named = touch.map { #","touch":\#($0)"# } ?? ""
        return #"{"type":"delivery","session":"s","target":"\#(target)","event":"\#(event)","via":"v","t":\#(t)\#(named)}"#
    }

    static func transition(_ recognizer: String, to state: String, at t: String, touch: Int? = nil) -> String {
        let named = touch.map { #","touch":\#($0)"# } ?? ""
        return #"{"type":"transition","session":"s","recognizer":"\#(recognizer)","to":"\#(state)","t":\#(t)\#(named)}"#
    }

    static let cases: [Case] = [
        Case(name: "in time order, with two deliveries of one key at one time", records: [
            touch(1, at: "1.0"),
            transition("pan", to: "began", at: "1.1"),
            delivery("pan", "began", at: "1.2"),
            delivery("pan", "began", at: "1.2"),
            transition("pan", to: "recognized", at: "1.3"),
            touch(2, at: "2.0"),
            delivery("pan", "began", at: "2.5"),
        ], streams: true),
        Case(name: "a record naming a touch before its touch-down line", records: [
            touch(1, at: "1.0"),
            delivery("btn", "touchDown", at: "2.1", touch: 2),
            transition("tap", to: "recognized", at: "2.2", touch: 2),
            touch(2, at: "2.0"),
            delivery("btn", "touchDown", at: "2.3"),
        ], streams: true),
        Case(name: "records naming a touch the capture lacks", records: [
            touch(1, at: "1.0"),
            delivery("btn", "touchDown", at: "1.1", touch: 9),
            transition("tap", to: "began", at: "1.2", touch: 9),
            delivery("btn", "touchDown", at: "0.5"),
        ], streams: true),
        Case(name: "a touch-down at the time of a record read before it", records: [
            touch(1, at: "1.0"),
            delivery("btn", "touchDown", at: "2.0"),
            touch(2, at: "2.0"),
        ], streams: false),
        Case(name: "a transition at the time of a delivery read before it", records: [
            touch(1, at: "1.0"),
            delivery("pan", "began", at: "1.5"),
            transition("pan", to: "began", at: "1.5"),
        ], streams: false),
        Case(name: "a delivery earlier than a transition read before it", records: [
            touch(1, at: "1.0"),
            transition("pan", to: "began", at: "1.1"),
            transition("pan", to: "began", at: "1.3"),
            delivery("pan", "began", at: "1.2"),
        ], streams: false),
        // SQLite keeps canonically equivalent spellings apart; so must the
        // reading pass's keys (Swift's String == would not).
        Case(name: "two spellings of é that Swift calls equal", records: [
            touch(1, at: "1.0"),
            transition("caf\u{E9}", to: "began", at: "1.1"),
            delivery("caf\u{E9}", "began", at: "1.2"),
            delivery("cafe\u{301}", "began", at: "1.3"),
            transition("cafe\u{301}", to: "began", at: "1.4"),
        ], streams: true),
        Case(name: "a touch-down earlier than touches read before it", records: [
            touch(2, at: "2.0"),
            touch(1, at: "1.0"),
            delivery("btn", "touchDown", at: "1.5"),
            delivery("btn", "touchDown", at: "2.5"),
        ], streams: true),
    ]

    /// With the usual cache, and with caches of one entry, where a key met
    /// again after another one is derived again and goes in as an upsert.
    /// Without a reorder window, so that each case reaches the deriver in
    /// file order and `streams` says what one pass makes of that order.
    @Test(arguments: cases, [4_096, 1])
    func bothDerivationsAgree(_ testCase: Case, cache: Int) throws {
        let text = ([Self.header, Self.session] + testCase.records).joined(separator: "\n") + "\n"
        let limits = StreamingDeriver.Limits(cache: cache, reorder: 0)
        let (streamed, streamedSummary) = try derivedRows(text, derivation: .importer, limits: limits)
        let (setWise, _) = try derivedRows(text, derivation: .setWise)
        #expect(streamed == setWise)
        // A case the reading pass gives up on is read back from the store in
        // time order, where every one of them is answered.
        #expect(streamedSummary.derivationNote.hasPrefix(testCase.streams ? "derived while reading"
            : "derived from the stored records in time order: "))
        #expect(streamedSummary.summaryLine.contains("; derived from the stored records in time order, as ")
            == !testCase.streams)
    }

    /// With the reorder window every case is put back in time order before
    /// the deriver reads it (a few records late at most), so every one of
    /// them is derived while reading, with the rows the SQL reference gives. A
    /// window of one record repairs nothing more than one record late.
    @Test(arguments: cases, [1_024, 1])
    func theReorderWindowDerivesEveryCaseWhileReading(_ testCase: Case, window: Int) throws {
        let text = ([Self.header, Self.session] + testCase.records).joined(separator: "\n") + "\n"
        let (streamed, summary) = try derivedRows(text, derivation: .importer,
                                                  limits: StreamingDeriver.Limits(reorder: window))
        let (setWise, _) = try derivedRows(text, derivation: .setWise)
        #expect(streamed == setWise)
        // Every case's records that are out of order are at most two lines late.
        #expect(summary.derivationNote == "derived while reading")
    }

    /// More records late than the window holds: the deriver still sees the
    /// order it cannot answer, and the stored records are read back in time
    /// order instead. The rows are the same.
    @Test func recordsLaterThanTheWindowHandOverToTheStoredRecords() throws {
        let records = [
            Self.touch(1, at: "1.0"),
            Self.delivery("btn", "touchDown", at: "2.5"),
            Self.delivery("btn", "touchDown", at: "2.6"),
            Self.delivery("btn", "touchDown", at: "2.7"),
            Self.touch(2, at: "2.0"),
        ]
        let text = ([Self.header, Self.session] + records).joined(separator: "\n") + "\n"
        let (setWise, _) = try derivedRows(text, derivation: .setWise)
        for (window, streams) in [(3, true), (2, false)] {
            let (streamed, summary) = try derivedRows(text, derivation: .importer,
                                                      limits: StreamingDeriver.Limits(reorder: window))
            #expect(streamed == setWise)
            #expect(summary.derivationNote == (streams ? "derived while reading"
                : "derived from the stored records in time order: "
                    + "a touch-down at line 7 is at or before a record already associated by time"))
        }
        #expect(setWise.contains("response 2 btn touchDown v 2500000000 500000000 4 bottom"))
    }

    /// Worked by hand: the first of two equal deliveries (line 5) answers,
    /// touch 2 is named before its line, and the 0.5 s delivery has no touch.
    @Test func theReadingPassGivesTheHandWorkedRows() throws {
        let text = ([Self.header, Self.session] + Self.cases[0].records + [Self.delivery("x", "y", at: "0.5")])
            .joined(separator: "\n") + "\n"
        let (rows, _) = try derivedRows(text, derivation: .importer)
        #expect(rows == [
            "response 1 pan began v 1200000000 200000000 5 top-left",
            "response 2 pan began v 2500000000 500000000 9 bottom",
            "recognition 1 pan began 1100000000 100000000 4 top-left",
            "dispatch 1200000000 5 pan began 1 100000000 top-left",
            "dispatch 1200000000 6 pan began 1 100000000 top-left",
            "dispatch 2500000000 9 pan began 2 1400000000 bottom",
            "orphans 1 0",
        ])
    }

    /// A plain insert for a key met the first time, an upsert for a key met
    /// again with an earlier delivery or recognition (named touches may go
    /// back in time), after the plain ones of its batch.
    @Test func onlyKeysThatMayBeStoredAreMerged() throws {
        let folder = try ScratchFolder()
        let records = [
            Self.touch(1, at: "1.0"),
            Self.transition("pan", to: "recognized", at: "1.4", touch: 1),
            Self.delivery("btn", "touchDown", at: "1.5", touch: 1),
            Self.delivery("btn", "touchUp", at: "1.6", touch: 1),
            Self.delivery("btn", "touchDown", at: "1.2", touch: 1),
            Self.transition("pan", to: "began", at: "1.3", touch: 1),
        ]
        let path = try folder.write("merge.jsonl", ([Self.header, Self.session] + records).joined(separator: "\n") + "\n")
        var reader = try TraceReader(path: path)
        // No reorder window: the records reach the deriver in file order,
        // so the later, earlier-timed ones are met again.
        var builder = BatchBuilder(limits: StreamingDeriver.Limits(reorder: 0))
        var batch = ImportBatch()
        while let item = try reader.next() { builder.add(item, session: reader.sessionOfLastItem, to: &batch) }
        builder.finish(into: &batch)
        #expect(builder.deriver.isExact)
        let text = batch.text
        func spelled(_ range: TextRange) -> String {
            String(decoding: text[range.offset..<range.offset + range.count], as: UTF8.self)
        }
        #expect(batch.responses.map { "\(spelled($0.event)) \($0.line)" } == ["touchDown 5", "touchUp 6"])
        #expect(batch.upsertedResponses.map { "\(spelled($0.event)) \($0.line)" } == ["touchDown 7"])
        #expect(batch.recognitions.map(\.line) == [4])
        #expect(batch.upsertedRecognitions.map(\.line) == [8])

        // Stored, the earlier ones win.
        let (rows, summary) = try derivedRows(([Self.header, Self.session] + records).joined(separator: "\n") + "\n",
                                              derivation: .importer)
        #expect(summary.derivationNote == "derived while reading")
        #expect(rows.prefix(3) == ["response 1 btn touchDown v 1200000000 200000000 7 top-left",
                                   "response 1 btn touchUp v 1600000000 600000000 6 top-left",
                                   "recognition 1 pan began 1300000000 300000000 8 top-left"])
    }

    /// Caches of one entry and one deferred record: the upserts still keep
    /// the earliest, and a second early-named record hands over to the
    /// stored records.
    @Test func boundedMemoryGivesTheSameRows() throws {
        let capture = try ScratchFolder()
        let records = [
            Self.touch(1, at: "1.0"),
            Self.delivery("btn", "touchDown", at: "1.1"),
            Self.delivery("btn", "touchUp", at: "1.25"),
            // Each evicts the other from a one-entry cache: stored again,
            // the upsert must keep 1.1 and the line of the first 1.25.
            Self.delivery("btn", "touchDown", at: "1.3"),
            Self.delivery("btn", "touchUp", at: "1.25"),
            Self.delivery("btn", "touchDown", at: "2.1", touch: 2),
            Self.delivery("btn", "touchUp", at: "2.2", touch: 2),
            Self.touch(2, at: "2.0"),
        ]
        let text = ([Self.header, Self.session] + records).joined(separator: "\n") + "\n"
        let path = try capture.write("bounded.jsonl", text)
        let (reference, _) = try derivedRows(text, derivation: .setWise)

        var importer = CaptureImporter(database: try GestureDatabase(path: capture.path("cache.sqlite")))
        // No reorder window: records naming touch 2 come before its line.
        importer.streamingLimits = StreamingDeriver.Limits(cache: 1, deferred: 2, reorder: 0)
        let streamed = try importer.importCapture(path: path)
        #expect(streamed.derivationNote == "derived while reading")
        #expect(try dump(importer.database) == reference)
        #expect(reference.prefix(2) == ["response 1 btn touchDown v 1100000000 100000000 4 top-left",
                                        "response 1 btn touchUp v 1250000000 250000000 5 top-left"])

        importer = CaptureImporter(database: try GestureDatabase(path: capture.path("deferred.sqlite")))
        importer.streamingLimits = StreamingDeriver.Limits(cache: 1, deferred: 1, reorder: 0)
        let handedOver = try importer.importCapture(path: path)
        // In time order touch 2's down comes before the records naming it.
        #expect(handedOver.derivationNote.hasPrefix("derived from the stored records in time order: more than 1 records"))
        #expect(try dump(importer.database) == reference)
    }

    /// Records naming a touch before its down, by time, beyond what the
    /// reading pass may hold (none at all here): read back from the store
    /// in time order, each looks its down up instead of waiting for it, so
    /// the replay answers the capture however many there are (it used to
    /// give up too, and hand the capture to a second set of rules in SQL).
    @Test(arguments: [0, 1])
    func recordsNamingALaterDownNeverDefeatTheReplay(deferred: Int) throws {
        let records = [
            Self.touch(1, at: "1.0"),
            Self.delivery("btn", "touchUp", at: "2.5"),
            // At or before the delivery above, read before it: the reading pass gives up.
            Self.touch(2, at: "2.0"),
            // In time order, read before touch 2's down.
            Self.delivery("btn", "touchDown", at: "1.5", touch: 2),
        ]
        let text = ([Self.header, Self.session] + records).joined(separator: "\n") + "\n"
        let (reference, _) = try derivedRows(text, derivation: .setWise)
        let (rows, summary) = try derivedRows(text, derivation: .importer,
                                              limits: StreamingDeriver.Limits(deferred: deferred, reorder: 0))
        #expect(rows == reference)
        let reason = "a touch-down at line 5 is at or before a record already associated by time"
        #expect(summary.derivation == .replayedInTimeOrder(reason: reason))
        #expect(reference.contains("response 2 btn touchDown v 1500000000 -500000000 6 bottom"))
        #expect(reference.contains("response 2 btn touchUp v 2500000000 500000000 4 bottom"))
    }

    /// With the importer's own limits: 70,000 deliveries name touch 2 before
    /// its down, by time and by line, more than the reading pass holds
    /// (65,536). It gives up, and the stored records read back in time
    /// order settle every one of them against the down they name: each
    /// delivery's latency is negative, its key's earliest stands, and no
    /// record of the capture is an orphan.
    @Test func moreRecordsNamingALaterDownThanTheReadingPassHoldsImport() throws {
        let named = 70_000
        var records = [Self.touch(1, at: "1.0")]
        for index in 0..<named {
            records.append(Self.delivery("b\(index % 7)", "touchDown", at: "1.\(String(format: "%06d", index + 1))",
                                         touch: 2))
        }
        records.append(Self.touch(2, at: "2.0"))
        let text = ([Self.header, Self.session] + records).joined(separator: "\n") + "\n"
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        let summary = try CaptureImporter(database: database).importCapture(path: try folder.write("many.jsonl", text))
        #expect(summary.derivation == .replayedInTimeOrder(reason: "more than 65536 records name a touch before its touch-down"))
        let rows = try database.connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT touch, target, latency_ns, line FROM responses ORDER BY target
                """).map { "\($0[0] as Int64) \($0[1] as String) \($0[2] as Int64) \($0[3] as Int64)" }
        }
        // b0's first delivery is at 1.000001 s on line 4, b6's at 1.000007 s on line 10.
        #expect(rows == (0..<7).map { "2 b\($0) \(-999_999_000 + 1_000 * $0) \(4 + $0)" })
        let orphans = try database.connection.read { try Int.fetchOne($0, sql: "SELECT orphan_deliveries FROM session_orphans") }
        #expect(orphans == 0)
    }

    /// With one live session, sessions written one after another still stream
    /// (a retired session settles its early-named records); a capture that
    /// goes back to a retired session hands over to the stored records.
    /// Same rows each way.
    @Test(arguments: [true, false])
    func retiredSessions(sequential: Bool) throws {
        let other = #"{"type":"session","session":"t","experiment":"e","variant":"w"}"#
        let first = [Self.touch(1, at: "1.0"), Self.delivery("btn", "touchDown", at: "1.2", touch: 2),
                     Self.touch(2, at: "1.1")]
        let second = [Self.touch(1, at: "5.0"), Self.delivery("btn", "touchDown", at: "5.5")]
            .map { $0.replacingOccurrences(of: #""session":"s""#, with: #""session":"t""#) }
        let records = sequential
            ? [Self.session] + first + [other] + second
            : [Self.session, other] + second + first
        let text = ([Self.header] + records).joined(separator: "\n") + "\n"
        let folder = try ScratchFolder()
        let path = try folder.write("sessions.jsonl", text)
        var importer = CaptureImporter(database: try GestureDatabase(path: folder.path("store.sqlite")))
        importer.streamingLimits = StreamingDeriver.Limits(liveSessions: 1)
        let summary = try importer.importCapture(path: path)
        #expect(summary.derivationNote == (sequential
            ? "derived while reading"
            : "derived from the stored records in time order: the record at line 6 resumes a session after 1 others had started"))
        #expect(try dump(importer.database) == (try derivedRows(text, derivation: .setWise)).0)
        let deliveryLine = sequential ? 4 : 7
        #expect(try dump(importer.database).contains("response 2 btn touchDown v 1200000000 100000000 \(deliveryLine) bottom"))
    }

    /// A retired session's orphans (records before any touch of it) are
    /// stored as it retires, the live ones' at the end: the counts by hand,
    /// and the SQL reference's.
    @Test func retiredSessionsKeepTheirOrphans() throws {
        func inSession(_ line: String, _ id: String) -> String {
            line.replacingOccurrences(of: #""session":"s""#, with: #""session":"\#(id)""#)
        }
        let sessions: [(id: String, orphanDeliveries: Int, orphanTransitions: Int)] = [("a", 1, 0), ("b", 2, 1), ("c", 0, 1)]
        var records = [Self.header]
        for (index, session) in sessions.enumerated() {
            let start = 10 * (index + 1)
            records.append(inSession(Self.session, session.id))
            for orphan in 0..<session.orphanDeliveries {
                records.append(inSession(Self.delivery("btn", "touchDown", at: "\(start).\(orphan + 1)"), session.id))
            }
            for _ in 0..<session.orphanTransitions {
                records.append(inSession(Self.transition("pan", to: "began", at: "\(start).5"), session.id))
            }
            records.append(inSession(Self.touch(1, at: "\(start + 1)"), session.id))
            records.append(inSession(Self.delivery("btn", "touchDown", at: "\(start + 1).2", touch: 1), session.id))
        }
        let text = records.joined(separator: "\n") + "\n"
        let folder = try ScratchFolder()
        let path = try folder.write("orphans.jsonl", text)
        var importer = CaptureImporter(database: try GestureDatabase(path: folder.path("store.sqlite")))
        importer.streamingLimits = StreamingDeriver.Limits(liveSessions: 1)
        #expect(try importer.importCapture(path: path).derivationNote == "derived while reading")
        let stored = try importer.database.connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT session.session, orphan_deliveries, orphan_transitions
                FROM session_orphans JOIN session ON session.id = session_orphans.session_id ORDER BY 1
                """).map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int)" }
        }
        #expect(stored == sessions.map { "\($0.id) \($0.orphanDeliveries) \($0.orphanTransitions)" })
        #expect(try dump(importer.database) == (try derivedRows(text, derivation: .setWise)).0)
    }

    /// Each touch-down's region is decided on its own session's screen:
    /// sessions of the same size share what is kept of it, others do not.
    @Test func regionsAreOfEachSessionsScreen() throws {
        let screens: [(id: String, device: String, region: String)] = [
            ("a", #","device":{"screen_w":390,"screen_h":844}"#, "right"),   // 380 is within 20 of 390
            ("b", #","device":{"screen_w":430,"screen_h":932}"#, "center"),
            ("c", #","device":{"screen_w":390,"screen_h":844}"#, "right"),
            ("d", "", "NULL"),                                             // no screen: unknown
            ("e", #","device":{"screen_w":400.5,"screen_h":844}"#, "center"),  // 380 is 0.5 short of its margin
        ]
        var records = [Self.header]
        for (index, screen) in screens.enumerated() {
            records.append(#"{"type":"session","session":"\#(screen.id)","experiment":"e","variant":"v"\#(screen.device)}"#)
            records.append(#"{"type":"touch","session":"\#(screen.id)","touch":1,"phase":"began","t":\#(index + 1),"x":380,"y":400}"#)
        }
        let folder = try ScratchFolder()
        let path = try folder.write("screens.jsonl", records.joined(separator: "\n") + "\n")
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        _ = try CaptureImporter(database: database).importCapture(path: path)
        let regions = try database.connection.read { db in
            try String?.fetchAll(db, sql: """
                SELECT touch.region FROM touches AS touch JOIN session ON session.id = touch.session_id ORDER BY session.session
                """).map { $0 ?? "NULL" }
        }
        #expect(regions == screens.map(\.region))
    }

    /// Times ±9e9 s apart would give a latency beyond 64-bit nanoseconds:
    /// the reader refuses such times, with their line, before any SQL runs.
    @Test func anOverflowingLatencyIsRefusedWhileReading() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("overflow.jsonl", ([Self.header, Self.session, Self.touch(1, at: "-9000000000"),
                                                        Self.delivery("b", "touchDown", at: "9000000000")])
            .joined(separator: "\n") + "\n")
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        let error = #expect(throws: TraceError.self) {
            try CaptureImporter(database: database).importCapture(path: path)
        }
        #expect(error?.line == 3)
        #expect(error?.field == "t")
        #expect(error?.description.hasPrefix("\(path):3: field 't': found -9000000000, out of range; expected seconds between -4611686018.427387903 and 4611686018.427387903") == true)
        #expect(try rowCounts(database).values.allSatisfy { $0 == 0 })
    }

    @Test func storedSpellingsAreTheRawValues() {
        for phase in TouchPhase.allCases { #expect("\(phase.text)" == phase.rawValue) }
        for kind in TouchKind.allCases { #expect("\(kind.text)" == kind.rawValue) }
        for state in RecognizerState.allCases { #expect("\(state.text)" == state.rawValue) }
    }

    private func derivedRows(_ text: String, derivation: Deriver,
                             limits: StreamingDeriver.Limits = .init()) throws -> ([String], ImportSummary) {
        let folder = try ScratchFolder()
        let path = try folder.write("capture.jsonl", text)
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        var importer = CaptureImporter(database: database)
        importer.streamingLimits = limits
        let summary = try importer.importCapture(path: path)
        try derivation.derive(database)
        return (try dump(database), summary)
    }

    private func dump(_ database: GestureDatabase) throws -> [String] {
        try database.connection.read { db in
            let queries = [
                "SELECT 'response', touch, target, event, via, t_ns, latency_ns, line, region FROM responses ORDER BY 2, 3, 4, 5",
                "SELECT 'recognition', touch, recognizer, event AS state, t_ns, latency_ns, line, region FROM recognitions ORDER BY 2, 3",
                "SELECT 'dispatch', t_ns, line, target, event, touch, latency_ns, region FROM dispatches ORDER BY 2, 3",
                "SELECT 'orphans', orphan_deliveries, orphan_transitions FROM session_orphans",
            ]
            return try queries.flatMap { sql in
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
                }
            }
        }
    }
}
