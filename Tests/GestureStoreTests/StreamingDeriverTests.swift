import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// The one-pass deriver in its own terms (session ordinals, lines, the
/// strings of its keys), and the import batch's mapping of those to rows.
@Suite struct StreamingDeriverTests {
    /// Writes what it is given as lines, strings spelled out.
    struct RecordingSink: DerivedLatencySink {
        var lines: [String] = []

        mutating func add(_ response: DerivedResponse) {
            let key = response.key
            lines.append("response \(key.session) \(key.touch) \(key.target.string) \(key.event.string) "
                + "\(key.via.string) \(response.timeNanos) \(response.downNanos) line \(response.line) "
                + "\(response.region?.rawValue ?? "-") \(response.mayBeStored ? "upsert" : "insert")")
        }

        mutating func add(_ recognition: DerivedRecognition) {
            let key = recognition.key
            lines.append("recognition \(key.session) \(key.touch) \(key.recognizer.string) "
                + "\(recognition.recognizerClass ?? "-") \(recognition.state.rawValue) \(recognition.timeNanos) "
                + "\(recognition.downNanos) line \(recognition.line) \(recognition.region?.rawValue ?? "-") "
                + (recognition.mayBeStored ? "upsert" : "insert"))
        }

        mutating func add(_ dispatch: DerivedDispatch) {
            lines.append("dispatch \(dispatch.session) \(dispatch.target) \(dispatch.event) \(dispatch.via) "
                + "\(dispatch.timeNanos) line \(dispatch.line) touch \(dispatch.touch.map(String.init) ?? "-") "
                + "\(dispatch.transitionNanos) \(dispatch.region?.rawValue ?? "-")")
        }

        mutating func addOrphans(session: Int, deliveries: Int, transitions: Int) {
            lines.append("orphans \(session) \(deliveries) \(transitions)")
        }
    }

    /// Worked by hand. Line 8 is associated by time with touch 2 (down at
    /// 1300, the latest at or before 1500). Line 6 names touch 2 before its
    /// `began`: it waits for the end, and then, earlier than line 8 for the
    /// same key, it is a second candidate the filter knows may be stored.
    @Test func settlesInItsOwnTerms() {
        var deriver = StreamingDeriver()
        var sink = RecordingSink()
        let via = "target-action"
        deriver.addSession(into: &sink)
        deriver.touchBegan(session: 0, touch: 1, downNanos: 1_000, region: .center, line: 3, x: 200, y: 400, hit: nil,
                           into: &sink)
        deriver.transition(TransitionRecord(session: "s", recognizer: "pan", to: .began, timeNanos: 1_100,
                                            recognizerClass: "UIPanGestureRecognizer"),
                           session: 0, line: 4, into: &sink)
        deriver.delivery(DeliveryRecord(session: "s", target: "pan", event: "began", via: via, timeNanos: 1_200),
                         session: 0, line: 5, into: &sink)
        deriver.delivery(DeliveryRecord(session: "s", target: "pan", event: "began", via: via, timeNanos: 1_400,
                                        touch: 2),
                         session: 0, line: 6, into: &sink)
        deriver.touchBegan(session: 0, touch: 2, downNanos: 1_300, region: .bottom, line: 7, x: 200, y: 840, hit: nil,
                           into: &sink)
        deriver.delivery(DeliveryRecord(session: "s", target: "pan", event: "began", via: via, timeNanos: 1_500),
                         session: 0, line: 8, into: &sink)
        deriver.finish(into: &sink)

        #expect(deriver.isExact)
        #expect(sink.lines == [
            "recognition 0 1 pan UIPanGestureRecognizer began 1100 1000 line 4 center insert",
            "dispatch 0 pan began target-action 1200 line 5 touch 1 1100 center",
            "response 0 1 pan began target-action 1200 1000 line 5 center insert",
            "dispatch 0 pan began target-action 1500 line 8 touch 2 1100 bottom",
            "response 0 2 pan began target-action 1500 1300 line 8 bottom insert",
            "dispatch 0 pan began target-action 1400 line 6 touch 2 1100 bottom",
            "response 0 2 pan began target-action 1400 1300 line 6 bottom upsert",
            "orphans 0 0 0",
        ])
    }

    /// A record settled as it is read shares its row's text; one settled in
    /// a later batch (its row already sent) has its strings copied there.
    @Test func theBatchSharesOrCopiesTheText() throws {
        let folder = try ScratchFolder()
        let records = [
            StreamingDerivationTests.touch(1, at: "1.0"),
            StreamingDerivationTests.delivery("btn", "touchDown", at: "2.1", touch: 2),
            StreamingDerivationTests.touch(2, at: "2.0"),
            StreamingDerivationTests.delivery("btn", "touchUp", at: "2.2"),
        ]
        let text = ([StreamingDerivationTests.header, StreamingDerivationTests.session] + records)
            .joined(separator: "\n") + "\n"
        var reader = try TraceReader(path: try folder.write("batches.jsonl", text))
        // No reorder window: each record reaches the deriver as it is read,
        // so line 6 is settled while it is its batch's last delivery.
        var builder = BatchBuilder(limits: StreamingDeriver.Limits(reorder: 0))
        var first = ImportBatch()
        var second = ImportBatch()
        while let item = try reader.next() {
            if case .record(_, let line) = item, line > 4 {
                builder.add(item, session: reader.sessionOfLastItem, to: &second)
            } else {
                builder.add(item, session: reader.sessionOfLastItem, to: &first)
            }
        }
        builder.finish(into: &second)

        func spelled(_ range: TextRange, in batch: ImportBatch) -> String {
            String(decoding: batch.text[range.offset..<range.offset + range.count], as: UTF8.self)
        }
        #expect(builder.deriver.isExact)
        #expect(first.deliveries.map(\.line) == [4])
        #expect(first.responses.isEmpty && first.upsertedResponses.isEmpty)
        #expect(second.responses.map { "\(spelled($0.target, in: second)) \(spelled($0.event, in: second)) "
            + "\(spelled($0.via, in: second)) \($0.line)" } == ["btn touchUp v 6", "btn touchDown v 4"])
        // Line 6 is the batch's own delivery: the same bytes, not a copy.
        let shared = try #require(second.responses.first)
        let stored = try #require(second.deliveries.first)
        #expect((shared.event.offset, shared.event.count) == (stored.event.offset, stored.event.count))
        // Line 4's row went out with the first batch: copied after it.
        let copied = try #require(second.responses.last)
        #expect(copied.event.offset > stored.event.offset)
    }
}
