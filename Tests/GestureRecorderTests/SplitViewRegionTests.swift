import Foundation
import GRDB
import GestureStore
import Testing
@testable import GestureRecorder
import TestScratch

/// End to end: an iPad app in Split View records touches at its window's
/// edges, and the import judges their regions by the screen's edges,
/// because positions and the session's size are in the screen's space.
struct SplitViewRegionTests {
    @Test func regionsAreTheScreensEdgesNotTheWindows() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder()
        // The left and right apps of a 50/50 Split View on a 1366 × 1024 iPad in landscape.
        let left = ScreenSpace(windowOriginX: 0, windowOriginY: 0, width: 1366, height: 1024)
        let right = ScreenSpace(windowOriginX: 688, windowOriginY: 0, width: 1366, height: 1024)
        func session(_ id: String, _ space: ScreenSpace) -> RecordingSession {
            RecordingSession(id: id, experiment: "edge-deferral", variant: id,
                             device: .describing(machine: "iPad13,4", systemName: "iPadOS", systemVersion: "17.5",
                                                 space: space, scale: 2))
        }
        let url = try recorder.start(session("left", left), in: folder.url)
        var touches = TouchEventRecorder(recorder: recorder)
        // Both at the bottom-right corner of their own 678-point-wide window.
        touches.record(UIKitAdapterTests.StandInTouch(NSObject(), phase: 0, t: 1, x: 673, y: 1019), in: left)
        try recorder.beginSession(session("right", right))
        touches.record(UIKitAdapterTests.StandInTouch(NSObject(), phase: 0, t: 2, x: 673, y: 1019), in: right)
        _ = try recorder.finish()

        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path)
        _ = try CaptureImporter(database: database).importCapture(path: url.path)
        let regions = try database.connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT session.session, touch.region FROM touches AS touch JOIN session ON session.id = touch.session_id
                ORDER BY session.session
                """).map { "\($0[0] as String) \($0[1] as String)" }
        }
        // The left app's right edge is the middle of the screen: no system gesture there.
        #expect(regions == ["left bottom", "right bottom-right"])
    }
}
