import Foundation
import Testing
@testable import GestureRecorder

/// Touches and the session's screen size in one space, the screen's, so
/// that regions are judged against the screen's edges whatever part of
/// it the app's window covers.
struct ScreenSpaceTests {
    /// Where a window sits on a 1366 × 1024 iPad in landscape, and a touch
    /// at the window's own bottom-right corner (5 points in from its edges).
    static let windows: [(layout: String, space: ScreenSpace, windowWidth: Double, windowHeight: Double,
                          screenX: Double, screenY: Double)] = [
        ("full screen", .fullScreen(width: 1366, height: 1024), 1366, 1024, 1361, 1019),
        ("Split View, left half", ScreenSpace(windowOriginX: 0, windowOriginY: 0, width: 1366, height: 1024),
         678, 1024, 673, 1019),
        ("Split View, right half", ScreenSpace(windowOriginX: 688, windowOriginY: 0, width: 1366, height: 1024),
         678, 1024, 1361, 1019),
        ("Slide Over", ScreenSpace(windowOriginX: 1010, windowOriginY: 24, width: 1366, height: 1024),
         320, 980, 1325, 999),
        ("Stage Manager", ScreenSpace(windowOriginX: 200, windowOriginY: 120, width: 1366, height: 1024),
         700, 600, 895, 715),
    ]

    @Test(arguments: windows)
    func touchesAreMovedIntoTheScreensCoordinates(
        _ window: (layout: String, space: ScreenSpace, windowWidth: Double, windowHeight: Double,
                   screenX: Double, screenY: Double)) throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        var session = RecordingSession(id: "s", experiment: "e", variant: "v", startedAt: "x")
        session.device = .describing(machine: "iPad13,4", systemName: "iPadOS", systemVersion: "17.5",
                                     space: window.space, scale: 2)
        let url = try recorder.start(session, in: folder.url)
        var touches = TouchEventRecorder(recorder: recorder)
        touches.record(UIKitAdapterTests.StandInTouch(NSObject(), phase: 0, t: 1, x: window.windowWidth - 5,
                                                      y: window.windowHeight - 5), in: window.space)
        _ = try recorder.finish()
        let lines = try RecorderFolder.lines(url)
        #expect(lines[1].contains(#""screen_w":1366,"screen_h":1024"#), "\(window.layout): the screen's size, not the window's")
        #expect(lines[2].contains(#""x":\#(Self.numberText(window.screenX)),"y":\#(Self.numberText(window.screenY))"#),
                "\(window.layout): \(lines[2])")
    }

    @Test func theSimulatorNamesTheSimulatedModel() {
        #expect(DeviceModel.identifier(machine: "iPhone15,2", environment: [:]) == "iPhone15,2")
        #expect(DeviceModel.identifier(machine: "arm64", environment: ["SIMULATOR_MODEL_IDENTIFIER": "iPad13,4"])
            == "iPad13,4")
        #expect(DeviceModel.identifier(machine: "x86_64", environment: ["SIMULATOR_MODEL_IDENTIFIER": ""]) == "x86_64")
    }

    /// How a number appears in a capture line: integers without a fraction.
    private static func numberText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
