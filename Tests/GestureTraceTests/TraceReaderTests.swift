import Foundation
import Testing
@testable import GestureTrace

struct TraceReaderTests {
    private let header = TemporaryCapture.header
    private let session = TemporaryCapture.session

    @Test func readsEveryRecordTypeWithItsLine() throws {
        let capture = try TemporaryCapture(lines: [
            #"{"type":"header","format":"gesture-trace","version":1,"recorder":"MyApp 2.3"}"#,
            #"{"type":"session","session":"s1","experiment":"edge","variant":"b","config":{"delivery":"observer","margin":20,"on":true},"device":{"model":"iPhone15,2","os":"iOS 17","screen_w":393,"screen_h":852,"scale":3},"started_at":"2024-05-01T10:00:00Z"}"#,
            #"{"type":"touch","session":"s1","touch":7,"phase":"began","t":100.25,"x":12.5,"y":840,"radius":21.5,"force":0,"kind":"direct"}"#,
            #"{"type":"transition","session":"s1","recognizer":"pan","to":"began","from":"possible","class":"UIPanGestureRecognizer","touch":7,"t":100.5}"#,
            #"{"type":"delivery","session":"s1","target":"pan","event":"began","via":"target-action","t":101,"touch":7}"#,
            #"{"type":"frame","session":"s1","t":101.016666667}"#,
            #"{"type":"touch","session":"s1","touch":7,"phase":"ended","t":101.5,"x":12.5,"y":700}"#,
        ])
        var reader = try capture.reader()
        var items: [(TraceRecord, Int)] = []
        while let item = try reader.next() {
            items.append((try #require(item.record), item.line))
        }
        #expect(reader.header == TraceHeader(recorder: "MyApp 2.3"))
        #expect(items.map(\.1) == [2, 3, 4, 5, 6, 7])
        #expect(items.map(\.0) == [
            .session(SessionRecord(id: "s1", experiment: "edge", variant: "b",
                                   config: [("delivery", .string("observer")), ("margin", .number(20)), ("on", .bool(true))],
                                   device: DeviceInfo(model: "iPhone15,2", os: "iOS 17", screenWidth: 393, screenHeight: 852, scale: 3),
                                   startedAt: "2024-05-01T10:00:00Z")),
            .touch(TouchRecord(session: "s1", touch: 7, phase: .began, timeNanos: 100_250_000_000, x: 12.5, y: 840,
                               radius: 21.5, force: 0, kind: .direct)),
            .transition(TransitionRecord(session: "s1", recognizer: "pan", to: .began, timeNanos: 100_500_000_000,
                                         from: .possible, recognizerClass: "UIPanGestureRecognizer", touch: 7)),
            .delivery(DeliveryRecord(session: "s1", target: "pan", event: "began", via: "target-action",
                                     timeNanos: 101_000_000_000, touch: 7)),
            .frame(FrameRecord(session: "s1", timeNanos: 101_016_666_667)),
            .touch(TouchRecord(session: "s1", touch: 7, phase: .ended, timeNanos: 101_500_000_000, x: 12.5, y: 700)),
        ])
        #expect(reader.recordCounts == ["session": 1, "touch": 2, "transition": 1, "delivery": 1, "frame": 1])
        #expect(reader.unknownTypeCounts == [:])
    }

    /// The decoder does not clear its index of known keys between lines:
    /// a key of one line must never be found in the next, which lacks it.
    @Test func aKeyOfThePreviousLineIsNotFoundInTheNext() throws {
        let capture = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"delivery","session":"s1","target":"pan","event":"began","via":"observer","t":1,"touch":7}"#,
            #"{"type":"delivery","session":"s1","target":"pan","event":"ended","via":"observer","t":2}"#,
            #"{"type":"transition","session":"s1","recognizer":"pan","to":"began","from":"possible","class":"P","t":3}"#,
            #"{"type":"transition","session":"s1","recognizer":"pan","to":"ended","t":4}"#,
        ])
        #expect(try capture.records().map(\.record) == [
            .session(SessionRecord(id: "s1", experiment: "exp", variant: "a")),
            .delivery(DeliveryRecord(session: "s1", target: "pan", event: "began", via: "observer",
                                     timeNanos: 1_000_000_000, touch: 7)),
            .delivery(DeliveryRecord(session: "s1", target: "pan", event: "ended", via: "observer",
                                     timeNanos: 2_000_000_000)),
            .transition(TransitionRecord(session: "s1", recognizer: "pan", to: .began, timeNanos: 3_000_000_000,
                                         from: .possible, recognizerClass: "P")),
            .transition(TransitionRecord(session: "s1", recognizer: "pan", to: .ended, timeNanos: 4_000_000_000)),
        ])
        let missing = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"delivery","session":"s1","target":"pan","event":"began","via":"observer","t":1}"#,
            #"{"type":"delivery","session":"s1","target":"pan","event":"began","t":2}"#,
        ])
        let error = try #require(missing.strictError())
        #expect(error.line == 4)
        #expect(error.field == "via")
        #expect(error.message == "missing; expected a non-empty string (the channel, e.g. target-action)")
    }

    @Test func crlfLineEndsBlankLinesAndByteOrderMarkAreAccepted() throws {
        let text = "\u{FEFF}" + header + "\r\n\r\n   \t\r\n" + session + "\r\n\n"
            + #"{"type":"frame","session":"s1","t":1}"# + "\r\n  \n"
            + #"{"type":"frame","session":"s1","t":2}"#  // no final line end
        let capture = try TemporaryCapture(text)
        let records = try capture.records()
        #expect(records.map(\.line) == [4, 6, 8])
        #expect(records.map(\.record) == [
            .session(SessionRecord(id: "s1", experiment: "exp", variant: "a")),
            .frame(FrameRecord(session: "s1", timeNanos: 1_000_000_000)),
            .frame(FrameRecord(session: "s1", timeNanos: 2_000_000_000)),
        ])
    }

    @Test func unknownFieldsAreIgnoredWhateverTheirShape() throws {
        let capture = try TemporaryCapture(lines: [
            header.dropLast() + #","future":{"a":[1,{"b":"}]"}],"c":null}}"#,
            #"{"extra":[[[]],{},"x",-1.5e-3,true,false,null],"type":"session","session":"s1","experiment":"e","variant":"v","device":{"model":"m","notch":{"h":30}},"config":{}}"#,
            #"{ "type" : "frame" , "session" : "s1" , "t" : 3 , "nested" : { "t" : "not this one" } }"#,
        ])
        #expect(try capture.records().map(\.record) == [
            .session(SessionRecord(id: "s1", experiment: "e", variant: "v", device: DeviceInfo(model: "m"))),
            .frame(FrameRecord(session: "s1", timeNanos: 3_000_000_000)),
        ])
    }

    @Test func linesOfUnknownTypeAreSkippedAndCounted() throws {
        let capture = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"hover","session":"nope","anything":[1,2]}"#,
            #"{"type":"hover"}"#,
            #"{"type":"memory-warning","level":2}"#,
            #"{"type":"frame","session":"s1","t":0}"#,
        ])
        var reader = try capture.reader()
        var lines: [Int] = []
        while let item = try reader.next() { lines.append(item.line) }
        #expect(lines == [2, 6])
        #expect(reader.unknownTypeCounts == ["hover": 2, "memory-warning": 1])
        #expect(reader.recordCounts == ["session": 1, "frame": 1])
    }

    /// The first 32 unknown types are counted by name, each by its first 60
    /// characters; lines of the others are counted together, so a capture
    /// of millions of made-up types keeps the counts small.
    @Test func unknownTypesAreNamedUpToALimit() throws {
        var lines = [header, session]
        for index in 0..<40 { lines.append(#"{"type":"t\#(index)"}"#) }
        lines.append(#"{"type":"t0"}"#)
        lines.append(#"{"type":"\#(String(repeating: "x", count: 100))"}"#)
        var reader = try TemporaryCapture(lines: lines).reader()
        while try reader.next() != nil {}
        #expect(reader.unknownTypeCounts.count == 32)
        #expect(reader.unknownTypeCounts["t0"] == 2 && reader.unknownTypeCounts["t31"] == 1)
        #expect(reader.unknownTypeCounts["t32"] == nil)
        #expect(reader.unknownTypeLinesNotNamed == 9)  // t32…t39 and the long one

        var long = try TemporaryCapture(lines: [header, session, #"{"type":"\#(String(repeating: "x", count: 100))"}"#])
            .reader()
        while try long.next() != nil {}
        #expect(long.unknownTypeCounts == [String(repeating: "x", count: 60) + "…": 1])
    }

    @Test(arguments: [
        ("0.000001", 1_000), ("1234567.123456789", 1_234_567_123_456_789), ("1e-3", 1_000_000),
        ("12.000000001", 12_000_000_001), ("-3", -3_000_000_000), ("0.0000000015", 2),
    ] as [(String, Int64)])
    func timesAreConvertedExactly(text: String, nanos: Int64) throws {
        let capture = try TemporaryCapture(lines: [header, session, #"{"type":"frame","session":"s1","t":"# + text + "}"])
        #expect(try capture.records().last?.record == .frame(FrameRecord(session: "s1", timeNanos: nanos)))
    }

    @Test func stringEscapesAndNonASCIIAreDecoded() throws {
        let capture = try TemporaryCapture(lines: [
            header,
            #"{"type":"session","session":"s\"1\\\/","experiment":"caf\u00e9 \ud83d\ude00 \b\f\n\r\t","variant":"日本語 é","config":{"k\u00e9y":"v\u0001"}}"#,
            #"{"\u0074ype":"frame","session":"s\u00221\\/","\u0074":1}"#,
        ])
        #expect(try capture.records().map(\.record) == [
            .session(SessionRecord(id: "s\"1\\/", experiment: "café 😀 \u{8}\u{C}\n\r\t", variant: "日本語 é",
                                   config: [("kéy", .string("v\u{1}"))])),
            .frame(FrameRecord(session: "s\"1\\/", timeNanos: 1_000_000_000)),
        ])
    }

    @Test func nullOptionalFieldsCountAsAbsent() throws {
        let capture = try TemporaryCapture(lines: [
            header.dropLast() + #","recorder":null}"#,
            #"{"type":"session","session":"s1","experiment":"e","variant":"v","config":null,"device":{"model":null,"scale":2},"started_at":null}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":0,"x":1,"y":2,"radius":null,"force":null,"kind":null}"#,
            #"{"type":"delivery","session":"s1","target":"v","event":"touchesBegan","via":"touches","t":0,"touch":null}"#,
        ])
        #expect(try capture.records().map(\.record) == [
            .session(SessionRecord(id: "s1", experiment: "e", variant: "v", device: DeviceInfo(scale: 2))),
            .touch(TouchRecord(session: "s1", touch: 1, phase: .began, timeNanos: 0, x: 1, y: 2)),
            .delivery(DeliveryRecord(session: "s1", target: "v", event: "touchesBegan", via: "touches", timeNanos: 0)),
        ])
    }

    @Test func touchRecordsBeforeTheirBeganAreHeldAndReleasedAfterIt() throws {
        let capture = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":2,"x":0,"y":0}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"ended","t":3,"x":0,"y":0}"#,
            #"{"type":"frame","session":"s1","t":1.5}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":2,"x":0,"y":0}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"cancelled","t":4,"x":0,"y":0}"#,
        ])
        let records = try capture.records()
        #expect(records.map(\.line) == [2, 5, 6, 3, 4, 7])
        #expect(records.compactMap { item -> TouchPhase? in
            if case .touch(let touch) = item.record { return touch.phase }
            return nil
        } == [.began, .moved, .ended, .cancelled])
    }

    /// Every item names its session by declaration order, released ones
    /// included: records held for their touch's began, a began held for the
    /// target its hit names, and a refusal (-1).
    @Test func eachItemNamesItsSessionInDeclarationOrder() throws {
        let capture = try TemporaryCapture(lines: [
            header,
            #"{"type":"session","session":"b","experiment":"exp","variant":"v"}"#,              // 2: session 0
            #"{"type":"session","session":"a","experiment":"exp","variant":"v"}"#,              // 3: session 1
            #"{"type":"touch","session":"a","touch":1,"phase":"moved","t":2,"x":0,"y":0}"#,   // 4: held
            #"{"type":"frame","session":"b","t":1}"#,                                             // 5
            #"{"type":"touch","session":"b","touch":1,"phase":"began","t":1,"x":0,"y":0,"hit":"dot"}"#,  // 6: held for dot
            #"{"type":"touch","session":"a","touch":1,"phase":"began","t":1,"x":0,"y":0}"#,   // 7: releases 4
            #"{"type":"target","session":"b","target":"dot","t":0.5,"x":0,"y":0,"w":10,"h":10}"#,  // 8: releases 6
            #"{"type":"frame","session":"nobody","t":1}"#,                                        // 9: refused
            #"{"type":"frame","session":"a","t":3}"#,                                             // 10
        ])
        var reader = try capture.reader(.init(skipInvalid: true))
        var seen: [String] = []
        while let item = try reader.next() {
            switch item {
            case .record(_, let line): seen.append("\(line):\(reader.sessionOfLastItem)")
            case .rejected(let rejection): seen.append("\(rejection.error.line):\(reader.sessionOfLastItem)")
            }
        }
        #expect(seen == ["2:0", "3:1", "5:0", "7:1", "4:1", "8:0", "6:0", "9:-1", "10:1"])
    }

    @Test func sameTouchIdInAnotherSessionIsAnotherTouch() throws {
        let capture = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"session","session":"s2","experiment":"exp","variant":"b"}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":5,"x":0,"y":0}"#,
            #"{"type":"touch","session":"s2","touch":1,"phase":"began","t":1,"x":0,"y":0}"#,
            #"{"type":"touch","session":"s2","touch":1,"phase":"moved","t":2,"x":0,"y":0}"#,
        ])
        #expect(try capture.records().map(\.line) == [2, 3, 4, 5, 6])
    }

    @Test func recordsOfInterleavedSessionsKeepTheirOwnSession() throws {
        let capture = try TemporaryCapture(lines: [
            header, session,
            #"{"type":"session","session":"s10","experiment":"exp","variant":"b"}"#,
            #"{"type":"frame","session":"s1","t":1}"#,
            #"{"type":"frame","session":"s10","t":2}"#,
            #"{"type":"frame","session":"s10","t":3}"#,
            #"{"type":"frame","session":"s1","t":4}"#,
        ])
        #expect(try capture.records().dropFirst(2).map(\.record) == [
            .frame(FrameRecord(session: "s1", timeNanos: 1_000_000_000)),
            .frame(FrameRecord(session: "s10", timeNanos: 2_000_000_000)),
            .frame(FrameRecord(session: "s10", timeNanos: 3_000_000_000)),
            .frame(FrameRecord(session: "s1", timeNanos: 4_000_000_000)),
        ])
    }

    @Test func progressAndByteObservation() throws {
        let text = [header, session, #"{"type":"frame","session":"s1","t":1}"#].joined(separator: "\n")
        let capture = try TemporaryCapture(text)
        var reader = try capture.reader()
        let seen = ByteCollector()
        reader.onBytes = { seen.bytes.append(contentsOf: $0) }
        #expect(reader.totalBytes == Int64(text.utf8.count))
        #expect(reader.fileName == capture.path)
        while try reader.next() != nil {}
        #expect(reader.bytesRead == Int64(text.utf8.count))
        #expect(seen.bytes == Array(text.utf8))
    }

    /// Touch ids far apart (a shuffled capture's): the touch whose id was
    /// first too far from the others is still found once they come near it.
    @Test func aTouchWithAnIdFarFromTheFirstKeepsItsBegan() throws {
        let downs = [12_130, 22_942, 16_054, 19_682, 23_464].enumerated().map { index, touch in
            #"{"type":"touch","session":"s1","touch":\#(touch),"phase":"began","t":\#(1 + Double(index) / 10),"x":0,"y":0}"#
        }
        let capture = try TemporaryCapture(lines: [header, session] + downs + [
            #"{"type":"touch","session":"s1","touch":22942,"phase":"ended","t":2.0,"x":0,"y":0}"#,
        ])
        var reader = try capture.reader()
        var lines: [Int] = []
        while let item = try reader.next() {
            _ = try #require(item.record)
            lines.append(item.line)
        }
        #expect(lines == Array(2...8))
    }

    @Test func readsFromADescriptorSuchAsAPipe() throws {
        let pipe = Pipe()
        let text = [header, session, #"{"type":"frame","session":"s1","t":1}"#].joined(separator: "\n") + "\n"
        try pipe.fileHandleForWriting.write(contentsOf: Array(text.utf8))
        try pipe.fileHandleForWriting.close()
        var reader = TraceReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "stdin")
        #expect(reader.totalBytes == nil)
        var lines: [Int] = []
        while let item = try reader.next() { lines.append(item.line) }
        #expect(lines == [2, 3])
        #expect(reader.fileName == "stdin")
    }

    @Test func dashMeansStandardInput() throws {
        let reader = try TraceReader(path: "-")
        #expect(reader.fileName == "stdin")
    }

    @Test func linesSpanningManyChunksAreReadWhole() throws {
        // 1.5 MiB of one unknown field forces lines across 1 MiB read chunks.
        let padding = String(repeating: "x", count: 1_500_000)
        var lines = [header, session]
        for index in 0..<3 {
            lines.append(#"{"type":"frame","session":"s1","t":\#(index),"pad":"\#(padding)"}"#)
        }
        let capture = try TemporaryCapture(lines: lines)
        let frames = try capture.records().map(\.record).dropFirst()
        #expect(Array(frames) == (0..<3).map { .frame(FrameRecord(session: "s1", timeNanos: Int64($0) * 1_000_000_000)) })
    }

    @Test func manySmallLinesAcrossChunkBoundaries() throws {
        var records: [TraceRecord] = [.session(SessionRecord(id: "s1", experiment: "e", variant: "v"))]
        for index in 0..<60_000 {
            records.append(.delivery(DeliveryRecord(session: "s1", target: "target-\(index % 7)", event: "began",
                                                    via: index % 2 == 0 ? "observer" : "target-action",
                                                    timeNanos: Int64(index) * 1_000_003)))
        }
        let capture = try TemporaryCapture(TraceWriter.capture(header: TraceHeader(), records: records)
            .replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(try capture.records().map(\.record) == records)
    }

    @Test func headerIsAvailableBeforeTheFirstRecord() throws {
        let capture = try TemporaryCapture(lines: ["", header.dropLast() + #","recorder":"r"}"#, session])
        var reader = try capture.reader()
        #expect(reader.header == nil)
        #expect(try reader.readHeader() == TraceHeader(recorder: "r"))
        #expect(reader.header == TraceHeader(recorder: "r"))
        #expect(try reader.next()?.line == 3)
        #expect(try reader.next() == nil)
    }

    @Test func aCaptureWithOnlyAHeaderHasNoRecords() throws {
        let capture = try TemporaryCapture(header)
        #expect(try capture.items().isEmpty)
    }

    @Test func aDirectoryIsRefusedAsUnreadable() throws {
        let capture = try TemporaryCapture(bytes: [])
        let error = #expect(throws: TraceError.self) { _ = try TemporaryCapture.read(path: capture.directory.path) }
        #expect(error?.line == 0)
        #expect(error?.message == "cannot read: Is a directory")
    }

    @Test func unopenableFileIsRefusedWithoutALine() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).jsonl").path
        let error = #expect(throws: TraceError.self) { _ = try TraceReader(path: path) }
        #expect(error?.line == 0)
        #expect(error?.description == "\(path): cannot open: No such file or directory")
    }
}

/// Collects bytes from an `onBytes` callback.
private final class ByteCollector {
    var bytes: [UInt8] = []
}
