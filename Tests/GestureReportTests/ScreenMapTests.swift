import Foundation
import GestureAnalysis
import GestureStore
import TestScratch
import Testing
@testable import GestureReport

/// What the screen map leaves out, and that the page says so: touches on
/// screens of another size, of sessions without a screen size, and a
/// section none of whose sessions recorded one.
@Suite struct ScreenMapTests {
    /// Two sessions a mode, each of `touches` taps heard 4 ms (off) or 6 ms
    /// (on) later; `screens[i]` is session i's `device` object, nil for none.
    private func store(_ name: String, screens: [String?], touches: Int = 5) throws -> GestureDatabase {
        let folder = try TestScratch.newFolder("gesturelab-screen-map-\(name)")
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        for (index, screen) in screens.enumerated() {
            let mode = index < screens.count / 2 ? "off" : "on", latency = mode == "off" ? 0.004 : 0.006
            let device = screen.map { #","device":\#($0)"# } ?? ""
            lines.append(#"{"type":"session","session":"s\#(index)","experiment":"x","variant":"v","#
                + #""config":{"mode":"\#(mode)"}\#(device)}"#)
            for touch in 1...touches {
                let t = Double(touch)
                lines.append(#"{"type":"touch","session":"s\#(index)","touch":\#(touch),"phase":"began","t":\#(t),"#
                    + #""x":\#(20 * touch),"y":\#(40 * touch)}"#)
                lines.append(#"{"type":"delivery","session":"s\#(index)","target":"b","event":"touchDown","#
                    + #""via":"control-event","t":\#(t + latency),"touch":\#(touch)}"#)
            }
        }
        return try CaptureLines.store(lines, named: name, in: folder)
    }

    private static let phone = #"{"model":"iPhone15,2","os":"iOS 17.5","screen_w":393,"screen_h":852,"scale":3}"#
    private static let otherPhone = #"{"model":"iPhone14,7","os":"iOS 17.5","screen_w":390,"screen_h":844,"scale":3}"#
    private static let noScreen = #"{"model":"iPhone15,2","os":"iOS 17.5"}"#

    private func page(_ database: GestureDatabase) throws -> String {
        try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
    }

    /// Four sessions of five touches: two on the 393 × 852 screen the map
    /// draws, one on a 390 × 844 screen, one without a screen size. The map
    /// draws ten touches and its caption counts the five of each other kind.
    @Test func touchesOnAnotherScreenOrNoneAreCountedInTheCaption() throws {
        let html = try page(try store("mixed", screens: [Self.phone, Self.otherPhone, Self.phone, Self.noScreen]))
        let page = PageXML(html)
        #expect(page.error == nil)
        #expect(page.elements("circle", in: "c1-screen", class: "touch").count == 10)
        #expect(html.contains("5 touches on screens of other sizes are not drawn here. "
            + "5 touches of sessions that recorded no screen size are not drawn here."))
        #expect(!html.contains("No screen map"))
    }

    /// No session recorded a screen size: no map, and a line in its place
    /// says why (before, the figure was simply missing).
    @Test func aSectionWithoutAScreenSizeSaysWhyItHasNoMap() throws {
        let html = try page(try store("none", screens: [Self.noScreen, nil, Self.noScreen, nil]))
        let page = PageXML(html)
        #expect(page.error == nil)
        #expect(page.elements("circle", in: "c1-screen", class: "touch").isEmpty)
        #expect(!html.contains("id=\"c1-screen\""))
        #expect(html.contains("<p class=\"small map-missing\">No screen map: the sessions of these touches recorded "
            + "no screen size (the device&#39;s screen_w and screen_h on their session line), so there is no screen to place them "
            + "on.</p>"))
    }

    /// Every session on the map's screen: the caption names no touch left out.
    @Test func aMapOfOneScreenLeavesNoTouchOut() throws {
        let html = try page(try store("one", screens: [Self.phone, Self.phone, Self.phone, Self.phone]))
        #expect(PageXML(html).elements("circle", in: "c1-screen", class: "touch").count == 20)
        #expect(!html.contains("not drawn here"))
        #expect(!html.contains("No screen map"))
    }

    @Test func latenciesWithoutAPositionHaveNoMapAndSaySo() {
        let touches = [TouchLatency(latencyMs: 4, sessionID: 1), TouchLatency(latencyMs: 5, sessionID: 2)]
        #expect(ScreenMap.missingNote(touches) == "No screen map: none of these latencies belongs to a touch-down with a position.")
        #expect(ScreenMap.missingNote([]) == nil)
        let placed = [TouchLatency(latencyMs: 4, sessionID: 1, x: 1, y: 2, screenWidth: 10, screenHeight: 20)]
        #expect(ScreenMap.missingNote(placed) == nil)
    }
}
