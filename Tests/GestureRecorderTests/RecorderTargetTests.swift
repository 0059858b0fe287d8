import Foundation
import Testing
@testable import GestureRecorder
import TestScratch

/// Targets through the core API: which `target` records are written when,
/// what a began touch's `hit` says, and which declarations are refused.
struct RecorderTargetTests {
    static func session(_ id: String) -> RecordingSession {
        RecordingSession(id: id, experiment: "reach", variant: "enlarged", startedAt: "2026-11-24T02:00:00Z")
    }

    static let playFrame = TargetRect(x: 20, y: 780, width: 44, height: 44)
    static let playHitArea = TargetRect(x: 10, y: 770, width: 64, height: 64)

    /// A target declared before the recording is written when the session
    /// starts, with the time it was measured; one declared without a frame
    /// is not written (and a hit naming it is left out) until placed; an
    /// unchanged placement writes nothing, a changed one a record with its
    /// later time; the next session starts with every placed target as it
    /// is then, in the order declared.
    @Test func targetRecordsAtSessionStartAndWhenTheLayoutChanges() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: "Tests"))
        let play = try recorder.declareTarget("play", frame: Self.playFrame, hitArea: Self.playHitArea,
                                              class: "PlayButton", at: RecorderTime(seconds: 1))
        let icon = try recorder.declareTarget("icon", frame: nil, at: RecorderTime(seconds: 1))
        #expect(recorder.isPlaced(play) && !recorder.isPlaced(icon))
        #expect(recorder.target(named: "play") == play && recorder.target(named: "nothing") == nil)
        let url = try recorder.start(Self.session("s1"), in: folder.url)
        recorder.touch(1, .began, at: RecorderTime(seconds: 2), x: 15, y: 790, hit: .target(play))
        recorder.touch(1, .ended, at: RecorderTime(seconds: 2.1), x: 15, y: 790, hit: .target(play))
        recorder.touch(2, .began, at: RecorderTime(seconds: 2.5), x: 200, y: 40, hit: .noTarget)
        recorder.touch(3, .began, at: RecorderTime(seconds: 2.6), x: 310, y: 50, hit: .target(icon))
        recorder.touch(4, .began, at: RecorderTime(seconds: 2.7), x: 310, y: 50)
        #expect(try !recorder.updateTarget(play, frame: Self.playFrame, hitArea: Self.playHitArea,
                                           at: RecorderTime(seconds: 3)))
        #expect(try recorder.updateTarget(play, frame: TargetRect(x: 20, y: 500, width: 44, height: 44),
                                          hitArea: TargetRect(x: 10, y: 490, width: 64, height: 64),
                                          at: RecorderTime(seconds: 3.5)))
        // A hit area equal to the frame is no hit area.
        let iconFrame = TargetRect(x: 300, y: 40, width: 30, height: 30)
        #expect(try recorder.updateTarget(icon, frame: iconFrame, hitArea: iconFrame, at: RecorderTime(seconds: 3.6)))
        #expect(try !recorder.updateTarget(icon, frame: iconFrame, at: RecorderTime(seconds: 3.7)))
        try recorder.beginSession(Self.session("s2"))
        recorder.touch(1, .began, at: RecorderTime(seconds: 5), x: 310, y: 50, hit: .target(icon))
        let summary = try recorder.finish()
        #expect(summary.recordsWritten == 13)
        #expect(try ScratchFolder.lines(url) == [
            #"{"type":"header","format":"gesture-trace","version":1,"recorder":"Tests"}"#,
            #"{"type":"session","session":"s1","experiment":"reach","variant":"enlarged","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"s1","target":"play","t":1,"x":20,"y":780,"w":44,"h":44,"hit_x":10,"hit_y":770,"hit_w":64,"hit_h":64,"class":"PlayButton"}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":2,"x":15,"y":790,"hit":"play"}"#,
            #"{"type":"touch","session":"s1","touch":1,"phase":"ended","t":2.1,"x":15,"y":790}"#,
            #"{"type":"touch","session":"s1","touch":2,"phase":"began","t":2.5,"x":200,"y":40,"hit":""}"#,
            #"{"type":"touch","session":"s1","touch":3,"phase":"began","t":2.6,"x":310,"y":50}"#,
            #"{"type":"touch","session":"s1","touch":4,"phase":"began","t":2.7,"x":310,"y":50}"#,
            #"{"type":"target","session":"s1","target":"play","t":3.5,"x":20,"y":500,"w":44,"h":44,"hit_x":10,"hit_y":490,"hit_w":64,"hit_h":64,"class":"PlayButton"}"#,
            #"{"type":"target","session":"s1","target":"icon","t":3.6,"x":300,"y":40,"w":30,"h":30}"#,
            #"{"type":"session","session":"s2","experiment":"reach","variant":"enlarged","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"s2","target":"play","t":3.5,"x":20,"y":500,"w":44,"h":44,"hit_x":10,"hit_y":490,"hit_w":64,"hit_h":64,"class":"PlayButton"}"#,
            #"{"type":"target","session":"s2","target":"icon","t":3.6,"x":300,"y":40,"w":30,"h":30}"#,
            #"{"type":"touch","session":"s2","touch":1,"phase":"began","t":5,"x":310,"y":50,"hit":"icon"}"#,
            "",
        ])
    }

    /// Declared during a session: written at once, before the touches after it.
    @Test func aTargetDeclaredDuringASessionIsWrittenAtOnce() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: nil))
        let url = try recorder.start(Self.session("s1"), in: folder.url)
        recorder.endSession()
        // Between sessions: kept for the next session, not written, not counted as ignored.
        let dot = try recorder.declareTarget("dot", frame: TargetRect(x: 1, y: 2, width: 3, height: 4),
                                             at: RecorderTime(seconds: 0.5))
        try recorder.beginSession(Self.session("s2"))
        let late = try recorder.declareTarget("late", frame: TargetRect(x: 5, y: 6, width: 7, height: 8),
                                              at: RecorderTime(seconds: 1.5))
        recorder.touch(1, .began, at: RecorderTime(seconds: 2), x: 6, y: 7, hit: .target(late))
        recorder.touch(2, .began, at: RecorderTime(seconds: 2), x: 2, y: 3, hit: .target(dot))
        #expect(try recorder.finish().ignoredEvents == 0)
        #expect(try ScratchFolder.lines(url).dropFirst(2) == [
            #"{"type":"session","session":"s2","experiment":"reach","variant":"enlarged","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"s2","target":"dot","t":0.5,"x":1,"y":2,"w":3,"h":4}"#,
            #"{"type":"target","session":"s2","target":"late","t":1.5,"x":5,"y":6,"w":7,"h":8}"#,
            #"{"type":"touch","session":"s2","touch":1,"phase":"began","t":2,"x":6,"y":7,"hit":"late"}"#,
            #"{"type":"touch","session":"s2","touch":2,"phase":"began","t":2,"x":2,"y":3,"hit":"dot"}"#,
            "",
        ])
    }

    /// A target record is kept when the buffer is full: the call waits for
    /// the writer, as a session start does, so a `hit` never names a target
    /// the capture lacks. (Which frames and touches are dropped around it
    /// depends on the writer's pace.)
    @Test func aTargetRecordIsNeverDroppedWhenTheBufferIsFull() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(capacity: 2, flushInterval: 0.25, recorderName: nil))
        let url = try recorder.start(Self.session("s1"), in: folder.url)
        // The session takes one of the two slots: these fill the buffer.
        for time in [1, 1.1, 1.2] { recorder.frame(at: RecorderTime(seconds: time)) }
        // Two slots: the record and its hit area's continuation.
        let dot = try recorder.declareTarget("dot", frame: TargetRect(x: 1, y: 2, width: 3, height: 4),
                                             hitArea: TargetRect(x: 0, y: 1, width: 5, height: 6),
                                             at: RecorderTime(seconds: 2))
        for touch in 1...3 as ClosedRange<Int64> {
            recorder.touch(touch, .began, at: RecorderTime(seconds: 3), x: 2, y: 3, hit: .target(dot))
        }
        _ = try recorder.finish()
        let lines = try ScratchFolder.lines(url)
        #expect(lines.filter { $0.contains(#""type":"target""#) } == [
            #"{"type":"target","session":"s1","target":"dot","t":2,"x":1,"y":2,"w":3,"h":4,"hit_x":0,"hit_y":1,"hit_w":5,"hit_h":6}"#,
        ])
        #expect(lines.filter { $0.contains(#""type":"touch""#) }.allSatisfy { $0.hasSuffix(#""hit":"dot"}"#) })
    }

    /// A removed target (its screen was left) is not written at later
    /// session starts, cannot be updated, and comes back when its name is
    /// declared again.
    @Test func aRemovedTargetIsLeftOutOfLaterSessionsUntilDeclaredAgain() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: nil))
        let play = try recorder.declareTarget("play", frame: Self.playFrame, at: RecorderTime(seconds: 1))
        let stay = try recorder.declareTarget("stay", frame: TargetRect(x: 0, y: 0, width: 5, height: 5),
                                              at: RecorderTime(seconds: 1))
        let url = try recorder.start(Self.session("s1"), in: folder.url)
        recorder.removeTarget(play)
        recorder.removeTarget(play)
        #expect(recorder.target(named: "play") == nil && !recorder.isPlaced(play))
        #expect(throws: RecorderError(.unknownTarget, "cannot update target \"play\": it was removed; declare it again")) {
            try recorder.updateTarget(play, frame: Self.playFrame)
        }
        try recorder.beginSession(Self.session("s2"))
        recorder.touch(1, .began, at: RecorderTime(seconds: 2), x: 30, y: 790, hit: .target(play))
        let again = try recorder.declareTarget("play", frame: TargetRect(x: 40, y: 780, width: 44, height: 44),
                                               at: RecorderTime(seconds: 3))
        #expect(again == play && recorder.target(named: "play") == play)
        recorder.touch(2, .began, at: RecorderTime(seconds: 4), x: 50, y: 790, hit: .target(stay))
        _ = try recorder.finish()
        #expect(try ScratchFolder.lines(url).dropFirst(1) == [
            #"{"type":"session","session":"s1","experiment":"reach","variant":"enlarged","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"s1","target":"play","t":1,"x":20,"y":780,"w":44,"h":44}"#,
            #"{"type":"target","session":"s1","target":"stay","t":1,"x":0,"y":0,"w":5,"h":5}"#,
            #"{"type":"session","session":"s2","experiment":"reach","variant":"enlarged","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"s2","target":"stay","t":1,"x":0,"y":0,"w":5,"h":5}"#,
            // Removed, and not recorded in s2 yet: the hit is left out.
            #"{"type":"touch","session":"s2","touch":1,"phase":"began","t":2,"x":30,"y":790}"#,
            #"{"type":"target","session":"s2","target":"play","t":3,"x":40,"y":780,"w":44,"h":44}"#,
            #"{"type":"touch","session":"s2","touch":2,"phase":"began","t":4,"x":50,"y":790,"hit":"stay"}"#,
            "",
        ])
    }

    /// A capture with targets and hits replayed through a recorder (what
    /// the simulator does) comes out line for line the same: each session
    /// keeps its own targets, none carried into the next.
    @Test func aReplayedCaptureKeepsItsTargetsAndHitsPerSession() throws {
        let folder = try ScratchFolder.forRecording()
        let lines = [
            #"{"type":"header","format":"gesture-trace","version":1,"recorder":"replay"}"#,
            #"{"type":"session","session":"a","experiment":"reach","variant":"small","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"a","target":"dot","t":1,"x":100,"y":100,"w":10,"h":10,"class":"DotView"}"#,
            #"{"type":"touch","session":"a","touch":1,"phase":"began","t":2,"x":105,"y":105,"hit":"dot"}"#,
            #"{"type":"touch","session":"a","touch":2,"phase":"began","t":3,"x":150,"y":105,"hit":""}"#,
            #"{"type":"target","session":"a","target":"dot","t":4,"x":200,"y":100,"w":10,"h":10,"hit_x":190,"hit_y":90,"hit_w":30,"hit_h":30,"class":"DotView"}"#,
            #"{"type":"session","session":"b","experiment":"reach","variant":"large","started_at":"2026-11-24T02:00:00Z"}"#,
            #"{"type":"target","session":"b","target":"big","t":5,"x":0,"y":0,"w":80,"h":80}"#,
            #"{"type":"touch","session":"b","touch":1,"phase":"began","t":6,"x":40,"y":40,"hit":"big"}"#,
            "",
        ]
        let input = try folder.write("input.jsonl", lines.joined(separator: "\n"))
        let output = folder.url.appendingPathComponent("output.jsonl")
        let recorder = GestureRecorder(options: .init(whenFull: .wait, recorderName: nil))
        try recorder.start(writingTo: try TraceWriter(path: output.path, header: TraceHeader(recorder: "replay")))
        var replayer = RecordReplayer(recorder: recorder)
        var reader = try TraceReader(path: input)
        while let item = try reader.next() {
            if case .record(let record, _) = item { try replayer.replay(record) }
        }
        _ = try recorder.finish()
        #expect(try ScratchFolder.lines(output) == lines)
    }

    static let badDeclarations: [(name: String, frame: TargetRect?, hitArea: TargetRect?, error: RecorderError)] = [
        ("", TargetRect(x: 0, y: 0, width: 1, height: 1), nil,
         RecorderError(.invalidTarget, "cannot declare a target with an empty name; expected the id its deliveries use")),
        ("dot", TargetRect(x: .nan, y: 0, width: 1, height: 1), nil,
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its frame's x is nan; expected a finite number of points")),
        ("dot", TargetRect(x: 0, y: -.infinity, width: 1, height: 1), nil,
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its frame's y is -inf; expected a finite number of points")),
        ("dot", TargetRect(x: 0, y: 0, width: -3, height: 1), nil,
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its frame's width is -3.0; expected a finite number of points above 0")),
        ("dot", TargetRect(x: 0, y: 0, width: 1, height: 0), nil,
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its frame's height is 0.0; expected a finite number of points above 0")),
        ("dot", TargetRect(x: 0, y: 0, width: .infinity, height: 1), nil,
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its frame's width is inf; expected a finite number of points above 0")),
        ("dot", TargetRect(x: 0, y: 0, width: 1, height: 1), TargetRect(x: 0, y: 0, width: 1, height: -1),
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its hit area's height is -1.0; expected a finite number of points above 0")),
        ("dot", TargetRect(x: 0, y: 0, width: 1, height: 1), TargetRect(x: .infinity, y: 0, width: 1, height: 1),
         RecorderError(.invalidTarget, "cannot declare target \"dot\": its hit area's x is inf; expected a finite number of points")),
        ("dot", nil, TargetRect(x: 0, y: 0, width: 1, height: 1),
         RecorderError(.invalidTarget, "cannot declare target \"dot\": a hit area was given without a frame")),
        ("taken", TargetRect(x: 0, y: 0, width: 1, height: 1), nil,
         RecorderError(.duplicateTarget, "cannot declare target \"taken\": a target of that name is already declared; update it instead")),
    ]

    @Test(arguments: badDeclarations)
    func aBadDeclarationIsRefusedAndChangesNothing(
        _ bad: (name: String, frame: TargetRect?, hitArea: TargetRect?, error: RecorderError)) throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: nil))
        try recorder.declareTarget("taken", frame: TargetRect(x: 9, y: 9, width: 9, height: 9), at: RecorderTime(seconds: 1))
        let url = try recorder.start(Self.session("s1"), in: folder.url)
        #expect(throws: bad.error) {
            try recorder.declareTarget(bad.name, frame: bad.frame, hitArea: bad.hitArea)
        }
        #expect(try recorder.finish().recordsWritten == 2)  // the session and "taken"
        #expect(try ScratchFolder.lines(url)[2] == #"{"type":"target","session":"s1","target":"taken","t":1,"x":9,"y":9,"w":9,"h":9}"#)
    }

    @Test func aBadUpdateIsRefusedAndKeepsTheTargetWhereItWas() throws {
        let recorder = GestureRecorder()
        let dot = try recorder.declareTarget("dot", frame: TargetRect(x: 0, y: 0, width: 1, height: 1))
        #expect(throws: RecorderError(.invalidTarget, "cannot update target \"dot\": its frame's width is nan; expected a finite number of points above 0")) {
            try recorder.updateTarget(dot, frame: TargetRect(x: 0, y: 0, width: .nan, height: 1))
        }
        #expect(try !recorder.updateTarget(dot, frame: TargetRect(x: 0, y: 0, width: 1, height: 1)))
        let other = GestureRecorder()
        #expect(throws: RecorderError(.unknownTarget, "cannot update a target this recorder did not declare")) {
            try other.updateTarget(dot, frame: TargetRect(x: 0, y: 0, width: 1, height: 1))
        }
    }
}
