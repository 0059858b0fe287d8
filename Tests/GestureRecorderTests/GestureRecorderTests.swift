import Foundation
import Testing
@testable import GestureRecorder

struct GestureRecorderTests {
    static let session = RecordingSession(
        id: "run-1", experiment: "edge-deferral", variant: "deferred",
        config: ["deferred_edges": .string("bottom+right"), "delays_content_touches": .bool(false)],
        device: DeviceInfo(model: "iPhone15,2", os: "iOS 17.5", screenWidth: 393, screenHeight: 852, scale: 3),
        startedAt: "2026-11-23T01:00:00Z")

    @Test func writesEveryKindOfEventAsTheFormatSpellsIt() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder(options: .init(recorderName: "Tests 1.0"))
        let pan = recorder.name("pan")
        let panClass = recorder.name("UIPanGestureRecognizer")
        let button = recorder.name("record-button")
        let touchDown = recorder.name("touchDown")
        let url = try recorder.start(Self.session, in: folder.url)
        #expect(recorder.url == url)
        recorder.touch(1, .began, at: RecorderTime(seconds: 100.25), x: 380.5, y: 840, radius: 20, force: 0.5, kind: .direct)
        recorder.transition(pan, to: .began, from: .possible, class: panClass, at: RecorderTime(nanoseconds: 100_260_000_001))
        recorder.delivery(pan, event: .state(.began), via: .observer, at: RecorderTime(seconds: 100.26))
        recorder.delivery(button, event: touchDown, via: .controlEvent, at: RecorderTime(seconds: 101.25), touch: 1)
        recorder.touch(1, .ended, at: RecorderTime(seconds: 101.5), x: 380.5, y: 840, radius: .infinity)
        recorder.frame(at: RecorderTime(seconds: 101.516))
        let summary = try recorder.finish()
        #expect(summary == RecordingSummary(url: url, recordsWritten: 7, droppedEvents: 0, ignoredEvents: 0))
        #expect(try RecorderFolder.lines(url) == [
            #"{"type":"header","format":"gesture-trace","version":1,"recorder":"Tests 1.0"}"#,
            #"{"type":"session","session":"run-1","experiment":"edge-deferral","variant":"deferred","config":{"deferred_edges":"bottom+right","delays_content_touches":false},"device":{"model":"iPhone15,2","os":"iOS 17.5","screen_w":393,"screen_h":852,"scale":3},"started_at":"2026-11-23T01:00:00Z"}"#,
            #"{"type":"touch","session":"run-1","touch":1,"phase":"began","t":100.25,"x":380.5,"y":840,"radius":20,"force":0.5,"kind":"direct"}"#,
            #"{"type":"transition","session":"run-1","recognizer":"pan","to":"began","t":100.260000001,"from":"possible","class":"UIPanGestureRecognizer"}"#,
            #"{"type":"delivery","session":"run-1","target":"pan","event":"began","via":"observer","t":100.26}"#,
            #"{"type":"delivery","session":"run-1","target":"record-button","event":"touchDown","via":"control-event","t":101.25,"touch":1}"#,
            #"{"type":"touch","session":"run-1","touch":1,"phase":"ended","t":101.5,"x":380.5,"y":840}"#,
            #"{"type":"frame","session":"run-1","t":101.516}"#,
            "",
        ])
    }

    @Test func capturesAreNamedToSortByTimeAndNeverOverwritten() throws {
        let date = Date(timeIntervalSince1970: 1_795_398_245.5175)  // 2026-11-23T01:44:05.5175Z
        #expect(CaptureFileName.make(date: date, sessionID: "run 1/α") == "gestures-20261123T014405.517Z-run_1__.jsonl")
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let first = try recorder.start(Self.session, in: folder.url)
        _ = try recorder.finish()
        let second = try recorder.start(Self.session, in: folder.url)
        _ = try recorder.finish()
        #expect(first != second)
        #expect(try folder.captures().count == 2)
    }

    @Test func misuseGivesErrorsOrCountedNoOpsNeverATrap() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let missing = folder.url.appendingPathComponent("nowhere")
        #expect(throws: RecorderError(.folderMissing, "cannot record into \(missing.path): no such folder")) {
            try recorder.start(Self.session, in: missing)
        }
        #expect(throws: RecorderError.self) { try recorder.start(Self.session, in: URL(fileURLWithPath: "/proc")) }
        #expect((try? recorder.finish()) == nil)
        #expect(recorder.flush() == false)

        recorder.frame(at: RecorderTime(seconds: 1))  // before any recording
        let url = try recorder.start(Self.session, in: folder.url)
        #expect(throws: RecorderError.self) { try recorder.start(Self.session, in: folder.url) }
        let duplicate = #expect(throws: RecorderError.self) { try recorder.beginSession(Self.session) }
        #expect(duplicate?.reason == .duplicateSession)
        let empty = RecordingSession(id: "", experiment: "e", variant: "v")
        #expect((#expect(throws: RecorderError.self) { try recorder.beginSession(empty) })?.reason == .invalidSession)
        recorder.touch(1, .began, at: RecorderTime(seconds: 2), x: .nan, y: 0)  // ignored
        recorder.frame(at: RecorderTime(seconds: 2))
        recorder.endSession()
        recorder.frame(at: RecorderTime(seconds: 3))  // between sessions: ignored
        var next = Self.session
        next.id = "run-2"
        try recorder.beginSession(next)
        recorder.frame(at: RecorderTime(seconds: 4))
        let summary = try recorder.finish()
        recorder.frame(at: RecorderTime(seconds: 5))  // after finishing: ignored, nothing written
        #expect(summary.recordsWritten == 4)
        // The frame before the recording, the NaN touch and the frame between sessions.
        #expect(summary.ignoredEvents == 3)
        let lines = try RecorderFolder.lines(url)
        #expect(lines.filter { $0.contains(#""type":"frame""#) }
            == [#"{"type":"frame","session":"run-1","t":2}"#, #"{"type":"frame","session":"run-2","t":4}"#])
    }

    @Test func flushPutsEveryLineHandedOverInTheFileWhileRecording() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder(options: .init(flushInterval: 0.25))
        let url = try recorder.start(Self.session, in: folder.url)
        for index in 0..<1_000 { recorder.frame(at: RecorderTime(nanoseconds: Int64(index))) }
        #expect(recorder.flush())
        #expect(try RecorderFolder.lines(url).count == 1_003)  // header, session, frames, final empty piece
        _ = try recorder.finish()
    }

    @Test func linesReachTheFileWithoutAskingWhileTheAppKeepsRecording() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let url = try recorder.start(Self.session, in: folder.url)
        recorder.frame(at: RecorderTime(seconds: 1))
        // The writer flushes on its own schedule; wait (generously) for it.
        var lines: [String] = []
        for _ in 0..<500 {
            lines = try RecorderFolder.lines(url)
            if lines.count == 4 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(lines.last(where: { !$0.isEmpty }) == #"{"type":"frame","session":"run-1","t":1}"#)
        _ = try recorder.finish()
    }
}
