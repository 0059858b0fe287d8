import Testing
@testable import GestureTrace

/// `target` records and a touch-down's `hit` (docs/capture-format.md):
/// read, written, and refused with their line and field.
@Suite struct TargetRecordTests {
    static let header = TemporaryCapture.header
    static let session = TemporaryCapture.session

    static func target(_ fields: String) -> String {
        #"{"type":"target","session":"s1","target":"dot",\#(fields)}"#
    }

    static let dot = target(#""t":1,"x":100,"y":200,"w":10,"h":12"#)

    static func began(_ touch: Int, hit: String?) -> String {
        let hit = hit.map { #","hit":"\#($0)""# } ?? ""
        return #"{"type":"touch","session":"s1","touch":\#(touch),"phase":"began","t":2,"x":0,"y":0\#(hit)}"#
    }

    @Test func aTargetRecordReadsWithItsFrameHitAreaAndClass() throws {
        let line = Self.target(#""t":1.5,"x":100,"y":200,"w":10,"h":12,"hit_x":89,"hit_y":189,"hit_w":32,"hit_h":34,"class":"DotView""#)
        let capture = try TemporaryCapture(lines: [Self.header, Self.session, line, Self.dot])
        let records = try capture.items().compactMap(\.record)
        #expect(records.dropFirst() == [
            .target(TargetRecord(session: "s1", target: "dot", timeNanos: 1_500_000_000,
                                 frame: TargetRect(x: 100, y: 200, width: 10, height: 12),
                                 hitArea: TargetRect(x: 89, y: 189, width: 32, height: 34), targetClass: "DotView")),
            .target(TargetRecord(session: "s1", target: "dot", timeNanos: 1_000_000_000,
                                 frame: TargetRect(x: 100, y: 200, width: 10, height: 12))),
        ])
        var reader = try capture.reader()
        while try reader.next() != nil {}
        #expect(reader.recordCounts == ["session": 1, "target": 2])
    }

    @Test func aBeganKeepsItsHitAndOtherPhasesIgnoreIt() throws {
        let moved = #"{"type":"touch","session":"s1","touch":1,"phase":"moved","t":3,"x":0,"y":0,"hit":7}"#
        let capture = try TemporaryCapture(lines: [Self.header, Self.session, Self.dot, Self.began(1, hit: "dot"),
                                                   Self.began(2, hit: ""), Self.began(3, hit: nil), moved])
        let hits = try capture.items().compactMap(\.record).compactMap { record -> String? in
            guard case .touch(let touch) = record else { return nil }
            return "\(touch.touch) \(touch.phase) \(touch.hit.map { "\"\($0)\"" } ?? "nil")"
        }
        #expect(hits == [#"1 began "dot""#, #"2 began """#, "3 began nil", "1 moved nil"])
    }

    /// A capture may declare a target after a touch-down that hit it: the
    /// `began` waits for the declaration (its touch's records with it) and
    /// comes right after it.
    @Test func aHitNamingATargetDeclaredLaterIsHeldUntilItsDeclaration() throws {
        let ended = #"{"type":"touch","session":"s1","touch":1,"phase":"ended","t":3,"x":0,"y":0}"#
        let capture = try TemporaryCapture(lines: [Self.header, Self.session, Self.began(1, hit: "dot"), ended, Self.dot])
        let order = try capture.items().map(\.line)
        #expect(order == [2, 5, 3, 4])
    }

    @Test func writingReadsBack() throws {
        let records: [TraceRecord] = [
            .session(SessionRecord(id: "s1", experiment: "e", variant: "v")),
            .target(TargetRecord(session: "s1", target: "dot", timeNanos: 1_250_000_000,
                                 frame: TargetRect(x: 100.5, y: 200, width: 10, height: 12),
                                 hitArea: TargetRect(x: 89, y: 189, width: 32.25, height: 34), targetClass: "DotView")),
            .target(TargetRecord(session: "s1", target: "btn", timeNanos: 1, frame: TargetRect(x: 0, y: 0, width: 1, height: 1))),
            .touch(TouchRecord(session: "s1", touch: 1, phase: .began, timeNanos: 2_000_000_000, x: 1, y: 2, hit: "dot")),
            .touch(TouchRecord(session: "s1", touch: 2, phase: .began, timeNanos: 2_000_000_000, x: 1, y: 2, hit: "")),
        ]
        #expect(TraceWriter.line(for: records[1])
            == #"{"type":"target","session":"s1","target":"dot","t":1.25,"x":100.5,"y":200,"w":10,"h":12,"hit_x":89,"hit_y":189,"hit_w":32.25,"hit_h":34,"class":"DotView"}"#)
        #expect(TraceWriter.line(for: records[3])
            == #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":2,"x":1,"y":2,"hit":"dot"}"#)
        let capture = try TemporaryCapture(TraceWriter.capture(header: TraceHeader(), records: records))
        #expect(try capture.items().compactMap(\.record) == records)
    }

    @Test(arguments: [
        (TargetRect(x: 0, y: 0, width: 0, height: 1), nil as TargetRect?, "'w' is 0.0; the format needs a size above 0" as String?),
        (TargetRect(x: 0, y: 0, width: 1, height: -2), nil, "'h' is -2.0; the format needs a size above 0"),
        (TargetRect(x: 0, y: 0, width: 1, height: 1), TargetRect(x: 0, y: 0, width: 1, height: 0), "'hit_h' is 0.0; the format needs a size above 0"),
        (TargetRect(x: .nan, y: 0, width: 1, height: 1), nil, "'x' is nan; JSON has no non-finite numbers"),
        (TargetRect(x: 1e308, y: 0, width: 1e308, height: 1), nil,
         "'w' is 1e+308, which with 'x' 1e+308 puts the far edge (x + w) past the largest finite number; "
            + "expected a size that keeps x + w finite"),
        (TargetRect(x: 0, y: 0, width: 1, height: 1), TargetRect(x: 0, y: -1e308, width: 1, height: 1.7976931348623157e308),
         nil),
    ])
    func theWriterRefusesWhatTheReaderWould(frame: TargetRect, hitArea: TargetRect?, problem: String?) {
        let record = TraceRecord.target(TargetRecord(session: "s1", target: "dot", timeNanos: 1, frame: frame, hitArea: hitArea))
        #expect(TraceWriter.problem(in: record) == problem)
    }

    static let refusals: [Refusal] = [
        .record("w of 0", target(#""t":1,"x":0,"y":0,"w":0,"h":1"#), field: "w", "found 0, expected a finite number of points greater than 0"),
        .record("negative h", target(#""t":1,"x":0,"y":0,"w":1,"h":-3"#), field: "h", "found -3, expected a finite number of points greater than 0"),
        .record("missing w", target(#""t":1,"x":0,"y":0,"h":1"#), field: "w", "missing; expected a finite number of points greater than 0"),
        .record("w as a string", target(#""t":1,"x":0,"y":0,"w":"10","h":1"#), field: "w", #"found "10", expected a finite number"#),
        .record("missing x", target(#""t":1,"y":0,"w":1,"h":1"#), field: "x", "missing; expected a finite number (points)"),
        .record("missing t", target(#""x":0,"y":0,"w":1,"h":1"#), field: "t", "missing; expected a finite number of seconds"),
        .record("missing target", #"{"type":"target","session":"s1","t":1,"x":0,"y":0,"w":1,"h":1}"#, field: "target", "missing; expected a non-empty string"),
        .record("empty target", #"{"type":"target","session":"s1","target":"","t":1,"x":0,"y":0,"w":1,"h":1}"#, field: "target", "found an empty string"),
        .record("unknown session", #"{"type":"target","session":"zz","target":"d","t":1,"x":0,"y":0,"w":1,"h":1}"#, field: "session", #"unknown session "zz""#),
        .record("a hit area without hit_h", target(#""t":1,"x":0,"y":0,"w":1,"h":1,"hit_x":0,"hit_y":0,"hit_w":3"#), field: "hit_h", "missing; expected a finite number of points greater than 0, since 'hit_x' is given"),
        .record("a hit area of hit_w only", target(#""t":1,"x":0,"y":0,"w":1,"h":1,"hit_w":3"#), field: "hit_x", "since 'hit_w' is given"),
        .record("hit_w of 0", target(#""t":1,"x":0,"y":0,"w":1,"h":1,"hit_x":0,"hit_y":0,"hit_w":0,"hit_h":1"#), field: "hit_w", "found 0, expected a finite number of points greater than 0"),
        // Its far edge x + w is past the largest double: every distance to it
        // would be infinite, and a canned query over them failed.
        .record("x + w past the largest double", target(#""t":1,"x":1e308,"y":0,"w":1e308,"h":1"#), field: "w",
                "found 1e+308, which with 'x' 1e+308 puts the far edge (x + w) past the largest finite number; "
                    + "expected a size that keeps x + w finite"),
        .record("y + h past the largest double", target(#""t":1,"x":0,"y":1.5e308,"w":1,"h":3e307"#), field: "h",
                "puts the far edge (y + h) past the largest finite number"),
        .record("hit_x + hit_w past the largest double",
                target(#""t":1,"x":0,"y":0,"w":1,"h":1,"hit_x":9e307,"hit_y":0,"hit_w":9e307,"hit_h":1"#), field: "hit_w",
                "found 9e+307, which with 'hit_x' 9e+307 puts the far edge (hit_x + hit_w) past the largest finite number"),
        .record("class as a number", target(#""t":1,"x":0,"y":0,"w":1,"h":1,"class":3"#), field: "class", "found 3, expected a string"),
        .record("w given twice", target(#""t":1,"x":0,"y":0,"w":1,"w":2,"h":1"#), field: "w", "appears more than once"),
        .record("hit as a number", began(1, hit: nil).replacingOccurrences(of: "}", with: #","hit":1}"#), field: "hit", "found 1, expected a string"),
        .after("hit naming a target never declared", [dot, began(1, hit: "btn")], line: 4, field: "hit",
               #"found "btn", which no target record of session "s1" declares; expected the id of a declared target"#),
        .after("hit naming a target of another session",
               [#"{"type":"session","session":"s2","experiment":"e","variant":"v"}"#,
                dot.replacingOccurrences(of: #""s1""#, with: #""s2""#), began(1, hit: "dot")], line: 5, field: "hit",
               #"found "dot", which no target record of session "s1" declares"#),
        // é and e + U+0301 are one String to Swift, two ids to the store.
        .after("hit spelling a declared target's id another way", [
            dot.replacingOccurrences(of: #""dot""#, with: #""caf\u00e9""#), began(1, hit: #"cafe\u0301"#)],
               line: 4, field: "hit", #"which no target record of session "s1" declares"#),
        .after("a second began while the first waits for its target", [began(1, hit: "dot"), began(1, hit: nil), dot],
               line: 4, field: "phase", "found a second began for touch 1 of session \"s1\" (the first is on line 3)"),
    ]

    @Test(arguments: refusals)
    func badTargetsAndHitsAreRefusedWithTheirLineAndField(_ refusal: Refusal) throws {
        let capture = try TemporaryCapture(bytes: refusal.bytes)
        let error = try #require(capture.strictError())
        #expect(error.line == refusal.line)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.phrase), "\(error.message)")
        #expect(error.description.hasPrefix("\(capture.path):\(refusal.line): field '\(refusal.field!)': "))
    }

    /// With --skip-invalid the unknown hit's line is rejected, and so are
    /// the records of its touch (it has no began); the rest is kept.
    @Test func skippingInvalidLinesRejectsAnUnknownHitAndItsTouch() throws {
        let ended = #"{"type":"touch","session":"s1","touch":1,"phase":"ended","t":3,"x":0,"y":0}"#
        let capture = try TemporaryCapture(lines: [Self.header, Self.session, Self.dot, Self.began(1, hit: "btn"), ended,
                                                   Self.began(2, hit: "dot")])
        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.compactMap(\.record).count == 3)
        let rejected = items.compactMap(\.rejection).map { "\($0.error.line) \($0.error.field ?? "-")" }
        #expect(rejected == ["4 hit", "5 touch"])
        #expect(items.compactMap(\.rejection).first?.text == Array(Self.began(1, hit: "btn").utf8))
    }

    /// A refusal on a later line does not hide an unknown hit on an earlier one.
    @Test func anUnknownHitBeforeALaterErrorIsTheFirstError() throws {
        let capture = try TemporaryCapture(lines: [Self.header, Self.session, Self.began(1, hit: "btn"),
                                                   #"{"type":"frame","session":"s1"}"#])
        let error = try #require(capture.strictError())
        #expect(error.line == 3)
        #expect(error.field == "hit")
    }
}
