import Foundation
import GRDB
import GestureAnalysis
import GestureStore
import Testing
@testable import GestureRecorder
import TestScratch

/// Captures recorded through the recorder import, and give the latencies
/// the scripted times imply.
struct RecordedCaptureImportTests {
    /// Seed experiments scripted with exact times: a record button at the
    /// bottom-right edge of an iPhone whose `touchDown` the system gesture
    /// gate holds 950 ms, and one in the centre that arrives after 12 ms;
    /// then an iPad pan near the home indicator whose `began` a KVO observer hears 4 ms after the
    /// finger lands and target-action 754 ms after.
    static func recordSeedSequence(into folder: URL) throws -> URL {
        let recorder = GestureRecorder(options: .init(recorderName: "RecordedCaptureImportTests"))
        let button = recorder.name("record-button")
        let touchDown = recorder.name("touchDown")
        let pan = recorder.name("pan")
        let panClass = recorder.name("UIPanGestureRecognizer")
        let url = try recorder.start(RecordingSession(
            id: "edge-1", experiment: "edge-deferral", variant: "not-deferred",
            config: ["delivery": .string("control-event"), "deferred_edges": .string("none")],
            device: DeviceInfo(model: "iPhone15,2", os: "iOS 17.5", screenWidth: 393, screenHeight: 852, scale: 3)),
            in: folder)
        // Bottom-right: within 20 points of both edges.
        recorder.touch(1, .began, at: RecorderTime(seconds: 100), x: 380, y: 840)
        recorder.delivery(button, event: touchDown, via: .controlEvent, at: RecorderTime(seconds: 100.95), touch: 1)
        recorder.touch(1, .ended, at: RecorderTime(seconds: 101.05), x: 380, y: 840)
        recorder.touch(2, .began, at: RecorderTime(seconds: 110), x: 196, y: 426)
        recorder.delivery(button, event: touchDown, via: .controlEvent, at: RecorderTime(seconds: 110.012), touch: 2)
        recorder.touch(2, .ended, at: RecorderTime(seconds: 110.09), x: 196, y: 426)

        try recorder.beginSession(RecordingSession(
            id: "pan-1", experiment: "delivery-channel", variant: "both", config: ["delivery": .string("both")],
            device: DeviceInfo(model: "iPad13,4", os: "iPadOS 17.5", screenWidth: 1024, screenHeight: 1366, scale: 2)))
        recorder.touch(1, .began, at: RecorderTime(seconds: 200), x: 512, y: 1350)
        recorder.transition(pan, to: .began, from: .possible, class: panClass, at: RecorderTime(seconds: 200.004))
        recorder.delivery(pan, event: .state(.began), via: .observer, at: RecorderTime(seconds: 200.004))
        recorder.touch(1, .moved, at: RecorderTime(seconds: 200.2), x: 512, y: 1200)
        recorder.delivery(pan, event: .state(.began), via: .targetAction, at: RecorderTime(seconds: 200.754))
        recorder.touch(1, .ended, at: RecorderTime(seconds: 201), x: 512, y: 1100)
        _ = try recorder.finish()
        return url
    }

    @Test func theSeedSequenceImportsWithTheScriptedLatencies() throws {
        let folder = try ScratchFolder.forRecording()
        let url = try Self.recordSeedSequence(into: folder.url)
        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        let summary = try CaptureImporter(database: database).importCapture(path: url.path)
        #expect(summary.rejectedCount == 0)
        #expect(summary.recordCounts == ["session": 2, "touch": 7, "transition": 1, "delivery": 4])
        try database.connection.read { db in
            let responses = try Row.fetchAll(db, sql: """
                SELECT session, touch, region, target, event, via, latency_ms FROM responses ORDER BY session, touch, via
                """).map { "\($0["session"] as String) \($0["touch"] as Int) \($0["region"] as String) \($0["target"] as String) \($0["event"] as String) \($0["via"] as String) \($0["latency_ms"] as Double)" }
            #expect(responses == [
                "edge-1 1 bottom-right record-button touchDown control-event 950.0",
                "edge-1 2 center record-button touchDown control-event 12.0",
                "pan-1 1 bottom pan began observer 4.0",
                "pan-1 1 bottom pan began target-action 754.0",
            ])
            let recognitions = try Row.fetchAll(db, sql: "SELECT recognizer, latency_ms FROM recognitions")
                .map { "\($0["recognizer"] as String) \($0["latency_ms"] as Double)" }
            #expect(recognitions == ["pan 4.0"])
            let dispatches = try Row.fetchAll(db, sql: "SELECT via, latency_ms FROM dispatches ORDER BY via")
                .map { "\($0["via"] as String) \($0["latency_ms"] as Double)" }
            #expect(dispatches == ["observer 0.0", "target-action 750.0"])
        }
    }

    /// A touch whose `began` the full buffer dropped: its later records are
    /// dropped too (the format refuses them without it), so the capture
    /// still imports strictly, and every drop is counted for its session.
    @Test func aTouchWhoseBeganWasDroppedLosesItsLaterRecordsAndStillImports() throws {
        let folder = try ScratchFolder.forRecording()
        let path = folder.url.appendingPathComponent("orphans.jsonl").path
        let ring = EventRing(capacity: 4, waitsWhenFull: false)
        try ring.open()
        try ring.beginSession(SessionRecord(id: "s", experiment: "e", variant: "v"))
        for time in [1, 2, 3] as [Int64] { ring.push(RecorderEvent(kind: .frame, timeNanos: time)) }
        ring.push(RecorderEvent(kind: .touch, code: TouchPhase.began.code, touch: 7, timeNanos: 4, x: 1, y: 1))
        RecordingWriter(ring: ring, writer: try TraceWriter(path: path, header: TraceHeader()), flushInterval: 0.1).start()
        #expect(ring.flush(timeout: 10))
        ring.push(RecorderEvent(kind: .touch, code: TouchPhase.moved.code, touch: 7, timeNanos: 5, x: 1, y: 2))
        ring.push(RecorderEvent(kind: .touch, code: TouchPhase.ended.code, touch: 7, timeNanos: 6, x: 1, y: 3))
        ring.stop()
        #expect(try ScratchFolder.lines(URL(fileURLWithPath: path)).suffix(3) == [
            #"{"type":"dropped","session":"s","count":1,"t":0.000000004,"kinds":{"touch":1}}"#,
            #"{"type":"dropped","session":"s","count":2,"t":0.000000006,"kinds":{"touch":2}}"#,
            "",
        ])
        #expect(ring.droppedCount == 3)
        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path)
        _ = try CaptureImporter(database: database).importCapture(path: path)
        #expect(try database.connection.read { try Int.fetchOne($0, sql: "SELECT dropped FROM session") } == 3)
    }
}
