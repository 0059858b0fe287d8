import Foundation
import Testing
@testable import GestureTrace

struct TraceWriterTests {
    static let fullSession = SessionRecord(
        id: "s1", experiment: "edge-gate", variant: "deferred",
        config: [("delivery", .string("target-action")), ("margin", .number(20)), ("ratio", .number(0.5)),
                 ("delays_content_touches", .bool(true)), ("verbose", .bool(false))],
        device: DeviceInfo(model: "iPad13,4", os: "iOS 17.4", screenWidth: 1024, screenHeight: 1366.5, scale: 2),
        startedAt: "2024-05-01T10:00:00Z")

    /// Every record type, once with every optional field set and once with none.
    static let everyRecord: [TraceRecord] = [
        .session(fullSession),
        .session(SessionRecord(id: "s2", experiment: "e", variant: "v")),
        .session(SessionRecord(id: "s3", experiment: "e", variant: "v", device: DeviceInfo())),
        .touch(TouchRecord(session: "s1", touch: 1, phase: .began, timeNanos: 12_000_000_001, x: 10.5, y: 1350,
                           radius: 20.25, force: 0.3333333333333333, kind: .pencil)),
        .touch(TouchRecord(session: "s1", touch: 1, phase: .moved, timeNanos: 12_016_000_000, x: -0.5, y: 1e-7)),
        .touch(TouchRecord(session: "s1", touch: 2, phase: .began, timeNanos: -5, x: 0, y: 0)),
        .transition(TransitionRecord(session: "s1", recognizer: "pan#1", to: .began, timeNanos: 12_100_000_000,
                                     from: .possible, recognizerClass: "UIPanGestureRecognizer", touch: 1)),
        .transition(TransitionRecord(session: "s2", recognizer: "tap", to: .recognized, timeNanos: 1)),
        .delivery(DeliveryRecord(session: "s1", target: "pan#1", event: "began", via: "target-action",
                                 timeNanos: 12_850_000_000, touch: 1)),
        .delivery(DeliveryRecord(session: "s2", target: "button", event: "touchDown", via: "control-event",
                                 timeNanos: TraceTime.range.upperBound)),
        .frame(FrameRecord(session: "s1", timeNanos: TraceTime.range.lowerBound)),
    ]

    @Test(arguments: [
        (12_000_000_001, "12.000000001"), (5_000_000_000, "5"), (0, "0"), (1, "0.000000001"),
        (-1_500_000_000, "-1.5"), (1_234_567_123_456_789, "1234567.123456789"), (100_000, "0.0001"),
        (Int64.max, "9223372036.854775807"), (Int64.min, "-9223372036.854775808"),
    ] as [(Int64, String)])
    func timesAreWrittenAsExactDecimalSeconds(nanos: Int64, text: String) {
        #expect(TraceTime.secondsText(nanos) == text)
        let line = TraceWriter.line(for: .frame(FrameRecord(session: "s", timeNanos: nanos)))
        #expect(line == #"{"type":"frame","session":"s","t":"# + text + "}")
    }

    @Test func headerLineHasTheFormatAndOptionalRecorder() {
        #expect(TraceWriter.headerLine(TraceHeader()) == #"{"type":"header","format":"gesture-trace","version":1}"#)
        #expect(TraceWriter.headerLine(TraceHeader(recorder: "MyApp 2.3"))
            == #"{"type":"header","format":"gesture-trace","version":1,"recorder":"MyApp 2.3"}"#)
    }

    @Test func eachRecordTypeIsOneJSONLineWithNilOptionalsOmitted() {
        let lines = Self.everyRecord.map(TraceWriter.line(for:))
        #expect(lines == [
            #"{"type":"session","session":"s1","experiment":"edge-gate","variant":"deferred","config":{"delivery":"target-action","margin":20,"ratio":0.5,"delays_content_touches":true,"verbose":false},"device":{"model":"iPad13,4","os":"iOS 17.4","screen_w":1024,"screen_h":1366.5,"scale":2},"started_at":"2024-05-01T10:00:00Z"}"#,
            #"{"type":"session","session":"s2","experiment":"e","variant":"v"}"#,
            #"{"type":"session","session":"s3","experiment":"e","variant":"v","device":{}}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":12.000000001,"x":10.5,"y":1350,"radius":20.25,"force":0.3333333333333333,"kind":"pencil"}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":12.016,"x":-0.5,"y":1e-07}"#,
            #"{"type":"touch","session":"s1","touch":2,"phase":"began","t":-0.000000005,"x":0,"y":0}"#,
            #"{"type":"transition","session":"s1","recognizer":"pan#1","to":"began","t":12.1,"from":"possible","class":"UIPanGestureRecognizer","touch":1}"#,
            #"{"type":"transition","session":"s2","recognizer":"tap","to":"recognized","t":0.000000001}"#,
            #"{"type":"delivery","session":"s1","target":"pan#1","event":"began","via":"target-action","t":12.85,"touch":1}"#,
            #"{"type":"delivery","session":"s2","target":"button","event":"touchDown","via":"control-event","t":4611686018.427387903}"#,
            #"{"type":"frame","session":"s1","t":-4611686018.427387903}"#,
        ])
    }

    @Test func stringsAreEscapedPerJSON() {
        let record = TraceRecord.delivery(DeliveryRecord(session: "q\"b\\s/", target: "tab\there\nnew\u{1}\u{1F}",
                                                         event: "é😀", via: "\u{7F}", timeNanos: 0))
        #expect(TraceWriter.line(for: record)
            == #"{"type":"delivery","session":"q\"b\\s/","target":"tab\u0009here\u000anew\u0001\u001f","event":"é😀","via":""# + "\u{7F}" + #"","t":0}"#)
    }

    @Test(arguments: [(390.0, "390"), (0.1, "0.1"), (-2.5, "-2.5"), (1e-5, "1e-05"), (1e300, "1e+300"),
                      (-0.0, "-0"), (123456789.125, "123456789.125"), (1e15, "1000000000000000"), (1e16, "1e+16"), (0.30000000000000004, "0.30000000000000004")])
    func numbersUseShortestRoundTripForm(value: Double, text: String) {
        var bytes: [UInt8] = []
        TraceLineEncoder.appendNumber(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }

    @Test func writtenCaptureReadsBackEqualRecords() throws {
        let directory = try TemporaryCapture(bytes: [])
        let path = directory.directory.appendingPathComponent("written.jsonl").path
        var writer = try TraceWriter(path: path, header: TraceHeader(recorder: "tests"))
        for record in Self.everyRecord {
            try writer.write(record)
        }
        try writer.close()

        var reader = try TraceReader(path: path)
        var records: [TraceRecord] = []
        while let item = try reader.next() {
            records.append(try #require(item.record))
        }
        #expect(reader.header == TraceHeader(recorder: "tests"))
        #expect(records == Self.everyRecord)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == TraceWriter.capture(header: TraceHeader(recorder: "tests"), records: Self.everyRecord))
    }

    @Test func escapedStringsReadBackEqual() throws {
        // Everything but NUL, which the reader refuses.
        let odd = "q\"b\\s/ tab\t nl\n cr\r soh\u{1} esc\u{1B} é 😀 \u{2028}"
        let records: [TraceRecord] = [
            .session(SessionRecord(id: odd, experiment: odd, variant: odd, config: [(odd, .string(odd))],
                                   device: DeviceInfo(model: odd, os: odd), startedAt: odd)),
            .delivery(DeliveryRecord(session: odd, target: odd, event: odd, via: odd, timeNanos: 3)),
        ]
        let capture = try TemporaryCapture(TraceWriter.capture(header: TraceHeader(recorder: odd), records: records))
        #expect(try capture.records().map(\.record) == records)
        var reader = try capture.reader()
        #expect(try reader.readHeader() == TraceHeader(recorder: odd))
    }

    @Test func fileHandleWriterFlushesWithoutClosingTheHandle() throws {
        let capture = try TemporaryCapture(bytes: [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: capture.path))
        var writer = TraceWriter(fileHandle: handle, header: TraceHeader())
        try writer.write(.session(SessionRecord(id: "s", experiment: "e", variant: "v")))
        try writer.close()
        try handle.write(contentsOf: Array("\n".utf8))  // still open
        try handle.close()
        let text = try String(contentsOfFile: capture.path, encoding: .utf8)
        #expect(text == TraceWriter.headerLine(TraceHeader()) + "\n"
            + #"{"type":"session","session":"s","experiment":"e","variant":"v"}"# + "\n\n")
    }

    @Test func largeOutputIsWrittenCompletely() throws {
        let capture = try TemporaryCapture(bytes: [])
        var writer = try TraceWriter(path: capture.path, header: TraceHeader())
        try writer.write(.session(SessionRecord(id: "s", experiment: "e", variant: "v")))
        let count = 40_000  // several 1 MiB blocks
        for index in 0..<count {
            try writer.write(.frame(FrameRecord(session: "s", timeNanos: Int64(index) * 16_666_667)))
        }
        try writer.close()
        let records = try capture.records()
        #expect(records.count == count + 1)
        #expect(records.last?.record == .frame(FrameRecord(session: "s", timeNanos: Int64(count - 1) * 16_666_667)))
    }

    @Test(arguments: [
        (TraceRecord.touch(TouchRecord(session: "s", touch: 1, phase: .began, timeNanos: 0, x: .nan, y: 0)), "'x' is nan"),
        (.touch(TouchRecord(session: "s", touch: 1, phase: .began, timeNanos: 0, x: 0, y: 0, radius: .infinity)), "'radius' is inf"),
        (.session(SessionRecord(id: "s", experiment: "e", variant: "v", config: [("k", .number(-.infinity))])), "'config.k' is -inf"),
        (.session(SessionRecord(id: "s", experiment: "e", variant: "v", device: DeviceInfo(scale: .nan))), "'device.scale' is nan"),
        (.session(SessionRecord(id: "", experiment: "e", variant: "v")), "'session' is empty"),
        (.delivery(DeliveryRecord(session: "s", target: "t", event: "e", via: "", timeNanos: 0)), "'via' is empty"),
        (.transition(TransitionRecord(session: "s", recognizer: "", to: .began, timeNanos: 0)), "'recognizer' is empty"),
        // What the reader refuses, the writer refuses first.
        (.session(SessionRecord(id: "a\u{0}b", experiment: "e", variant: "v")), "'session' contains a NUL character"),
        (.session(SessionRecord(id: "s", experiment: "e", variant: "v", config: [("k", .string("x\u{0}"))])),
         "'config.k' contains a NUL character"),
        (.session(SessionRecord(id: "s", experiment: "e", variant: "v", device: DeviceInfo(model: "i\u{0}"))),
         "'device.model' contains a NUL character"),
        (.delivery(DeliveryRecord(session: "s", target: "t", event: "e\u{0}", via: "observer", timeNanos: 0)),
         "'event' contains a NUL character"),
        (.frame(FrameRecord(session: "s", timeNanos: 1 << 62)), "'t' is 4611686018427387904 ns"),
        (.touch(TouchRecord(session: "s", touch: 1, phase: .began, timeNanos: Int64.min, x: 0, y: 0)), "'t' is -9223372036854775808 ns"),
    ])
    func recordsTheFormatCannotHoldAreRefused(record: TraceRecord, phrase: String) throws {
        let capture = try TemporaryCapture(bytes: [])
        var writer = try TraceWriter(path: capture.path, header: TraceHeader())
        let error = #expect(throws: TraceWriterError.self) { try writer.write(record) }
        #expect(error?.message.contains(phrase) == true, "\(String(describing: error))")
    }
}
