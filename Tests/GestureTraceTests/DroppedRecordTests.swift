import Testing
@testable import GestureTrace

/// The `dropped` record: written, read back, counted, and refused when wrong.
struct DroppedRecordTests {
    static let full = DroppedRecord(session: "s1", count: 3, timeNanos: 12_500_000_000,
                                    kinds: [("touch", 2), ("frame", 1)])

    @Test func writesCountTimeAndKindsInOrder() {
        #expect(TraceWriter.line(for: .dropped(Self.full))
            == #"{"type":"dropped","session":"s1","count":3,"t":12.5,"kinds":{"touch":2,"frame":1}}"#)
        #expect(TraceWriter.line(for: .dropped(DroppedRecord(session: "s1", count: 1, timeNanos: 1)))
            == #"{"type":"dropped","session":"s1","count":1,"t":0.000000001}"#)
    }

    @Test func roundTripsThroughTheReaderAndIsCounted() throws {
        let bare = DroppedRecord(session: "s1", count: 7, timeNanos: 13_000_000_000)
        let text = TraceWriter.capture(header: TraceHeader(), records: [
            .session(SessionRecord(id: "s1", experiment: "e", variant: "v")), .dropped(Self.full), .dropped(bare),
        ])
        let capture = try TemporaryCapture(text)
        var reader = try capture.reader()
        var records: [TraceRecord] = []
        while let item = try reader.next() { records.append(item.record!) }
        #expect(records.dropFirst() == [.dropped(Self.full), .dropped(bare)])
        #expect(reader.recordCounts == ["session": 1, "dropped": 2])
    }

    @Test func theWriterRefusesWhatTheReaderWould() {
        var writer = TraceWriter(fileHandle: .nullDevice, header: TraceHeader())
        #expect(throws: TraceWriterError.self) {
            try writer.write(.dropped(DroppedRecord(session: "s1", count: 0, timeNanos: 1)))
        }
        #expect(throws: TraceWriterError.self) {
            try writer.write(.dropped(DroppedRecord(session: "", count: 1, timeNanos: 1)))
        }
        #expect(throws: TraceWriterError.self) {
            try writer.write(.dropped(DroppedRecord(session: "s1", count: 1, timeNanos: 1, kinds: [("touch", -1)])))
        }
    }

    static let refusals: [Refusal] = [
        .record("count missing", #"{"type":"dropped","session":"s1","t":1}"#, field: "count", "missing; expected an integer ≥ 1"),
        .record("count zero", #"{"type":"dropped","session":"s1","count":0,"t":1}"#, field: "count", "found 0, expected an integer ≥ 1"),
        .record("count fractional", #"{"type":"dropped","session":"s1","count":1.5,"t":1}"#, field: "count", "found 1.5, expected an integer ≥ 1"),
        .record("count a string", #"{"type":"dropped","session":"s1","count":"2","t":1}"#, field: "count", "expected an integer ≥ 1"),
        .record("t missing", #"{"type":"dropped","session":"s1","count":2}"#, field: "t", "missing"),
        .record("unknown session", #"{"type":"dropped","session":"zz","count":2,"t":1}"#, field: "session", "unknown session \"zz\""),
        .record("kinds not an object", #"{"type":"dropped","session":"s1","count":2,"t":1,"kinds":[1]}"#, field: "kinds", "expected an object of record type → count"),
        .record("kind count negative", #"{"type":"dropped","session":"s1","count":2,"t":1,"kinds":{"touch":-1}}"#, field: "kinds.touch", "found -1, expected an integer ≥ 0"),
        .record("kind given twice", #"{"type":"dropped","session":"s1","count":2,"t":1,"kinds":{"touch":1,"touch":1}}"#, field: "kinds.touch", "appears more than once"),
        // The store keeps each session's sum: 2^63 − 1, then 1 more, passes Int64.
        .after("a session's dropped events past 64 bits", [
            #"{"type":"dropped","session":"s1","count":9223372036854775807,"t":1}"#,
            #"{"type":"dropped","session":"s1","count":1,"t":2}"#,
        ], line: 4, field: "count",
        "found 1, which takes the events this session dropped past 9223372036854775807; expected a count that keeps the session's total within 64 bits"),
    ]

    /// Two keys of `kinds` spelt alike but with other bytes (é; e + U+0301)
    /// are two keys, as JSON compares them; the sum that overflows is each
    /// session's own.
    @Test func kindsAreKeyedByBytesAndTotalsBySession() throws {
        let capture = try TemporaryCapture([
            TemporaryCapture.header, TemporaryCapture.session,
            #"{"type":"session","session":"s2","experiment":"e","variant":"v"}"#,
            #"{"type":"dropped","session":"s1","count":9223372036854775807,"t":1,"kinds":{"caf\u00e9":1,"cafe\u0301":1}}"#,
            #"{"type":"dropped","session":"s2","count":9223372036854775807,"t":1}"#,
            #"{"type":"dropped","session":"s1","count":1,"t":2}"#,
        ].joined(separator: "\n") + "\n")
        var reader = try capture.reader(.init(skipInvalid: true))
        var dropped = 0, refused: [Int] = []
        while let item = try reader.next() {
            switch item {
            case .record(.dropped, _): dropped += 1
            case .rejected(let rejection): refused.append(rejection.error.line)
            default: break
            }
        }
        #expect(dropped == 2)
        #expect(refused == [6])
    }

    @Test(arguments: refusals)
    func refusesABadDroppedRecord(_ refusal: Refusal) throws {
        let capture = try TemporaryCapture(bytes: refusal.bytes)
        let error = try #require(capture.strictError())
        #expect(error.line == refusal.line)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.phrase), "\(error.message)")
    }
}
