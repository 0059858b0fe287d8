import Foundation
import GRDB
import GestureAnalysis
import GestureStore
import Testing
@testable import GestureRecorder
import TestScratch

/// A capture with targets, written the way the UIKit layer writes one (views
/// measured in window coordinates, moved into the screen's space with the
/// touches, hits found by walking up from the touch's view), imports with
/// the touch outcomes worked out by hand.
struct RecordedTargetImportTests {
    typealias Node = TargetViewsTests.Node
    typealias Touch = UIKitAdapterTests.StandInTouch

    /// The right-hand app of a Split View on a 1366 × 1024 iPad: window x
    /// 0 is screen x 683, so a frame left in window coordinates would be
    /// 683 points from every touch.
    static let space = ScreenSpace(windowOriginX: 683, windowOriginY: 0, width: 1366, height: 1024)

    /// Two 10 × 10 dots, in window points: dotA at x 100–110, dotB at
    /// 130–140 (y 100–110) accepting touches in x 119–151, y 89–121; both
    /// measured at 1 s. In the screen's space: dotA x 783–793, dotB 813–823,
    /// its hit area x 802–834.
    ///
    ///  touch 1 (2 s), window (105,105) on dotA's view: inside dotA, 0 pt; the hit names it → reached.
    ///  touch 2 (3 s), (125,105) on an icon inside dotB: dotA 15 pt, dotB 5 pt → dotB,
    ///   outside its frame, inside its hit area; the hit names it → reached.
    ///  touch 3 (4 s), (125,105) on the background: dotB 5 pt, hit "" → not reached.
    ///  touch 4 (5 s), (115,125), hit not recorded: dotA √(5² + 15²) = 15.811… pt,
    ///   dotB √(15² + 15²) = 21.2 pt → dotA, outside both → not reached.
    ///  At 6 s the layout changes: dotB moves to x 200–210 (hit area 189–221).
    ///  touch 5 (7 s), (125,105) on the background: dotA 15 pt, dotB 75 pt → dotA, hit "".
    @Test func outcomesOfARecordedCaptureAreTheHandWorkedOnes() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: "RecordedTargetImportTests"))
        let window = Node("window")
        let background = Node("background", in: window)
        let dotAView = Node("dotA", in: background)
        let dotBView = Node("dotB", in: background)
        let dotBIcon = Node("icon", in: dotBView)
        var views = TargetViews<Node>()
        for (view, name, frame, hitArea) in [
            (dotAView, "dotA", TargetRect(x: 100, y: 100, width: 10, height: 10), nil),
            (dotBView, "dotB", TargetRect(x: 130, y: 100, width: 10, height: 10),
             TargetRect(x: 119, y: 89, width: 32, height: 32)),
        ] as [(Node, String, TargetRect, TargetRect?)] {
            let placement = try #require(TargetGeometry.placement(frameInWindow: frame, hitAreaInWindow: hitArea,
                                                                  in: Self.space))
            let target = try recorder.declareTarget(name, frame: placement.frame, hitArea: placement.hitArea,
                                                    class: "DotView", at: RecorderTime(seconds: 1))
            views.add(view, name: name, target: target, hitArea: hitArea)
        }
        var session = RecordingSession(id: "reach-1", experiment: "hit-areas", variant: "enlarged", startedAt: "x")
        session.device = .describing(machine: "iPad13,4", systemName: "iPadOS", systemVersion: "17.5",
                                     space: Self.space, scale: 2)
        let url = try recorder.start(session, in: folder.url)
        var touches = TouchEventRecorder(recorder: recorder)
        func tap(at time: Double, x: Double, y: Double, on view: Node?, recordingHit: Bool = true) {
            let finger = NSObject()
            let hit = recordingHit ? views.hit(from: view, superview: \.parent) : nil
            touches.record(Touch(finger, phase: 0, t: time, x: x, y: y), in: Self.space, hit: hit)
            touches.record(Touch(finger, phase: 3, t: time + 0.1, x: x, y: y), in: Self.space,
                           hit: .noTarget)  // ignored: not a began
            touches.dispatchFinished()
        }
        tap(at: 2, x: 105, y: 105, on: dotAView)
        tap(at: 3, x: 125, y: 105, on: dotBIcon)
        tap(at: 4, x: 125, y: 105, on: background)
        tap(at: 5, x: 115, y: 125, on: background, recordingHit: false)
        let dotB = try #require(recorder.target(named: "dotB"))
        let moved = try #require(TargetGeometry.placement(
            frameInWindow: TargetRect(x: 200, y: 100, width: 10, height: 10),
            hitAreaInWindow: TargetRect(x: 189, y: 89, width: 32, height: 32), in: Self.space))
        #expect(try recorder.updateTarget(dotB, frame: moved.frame, hitArea: moved.hitArea, at: RecorderTime(seconds: 6)))
        tap(at: 7, x: 125, y: 105, on: background)
        _ = try recorder.finish()

        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        let summary = try CaptureImporter(database: database).importCapture(path: url.path)
        #expect(summary.rejectedCount == 0)
        #expect(summary.recordCounts == ["session": 1, "target": 3, "touch": 10])
        #expect(try Self.strings(database, """
            SELECT touch, target, distance_pt, inside_frame, inside_hit_area, reached, hit FROM outcomes
            """) == [
                "1 dotA 0.0 1 1 1 dotA",
                "2 dotB 5.0 0 1 1 dotB",
                "3 dotB 5.0 0 1 0 ",
                "4 dotA 15.811388300841896 0 0 0 NULL",
                "5 dotA 15.0 0 0 0 ",
            ])
        #expect(try Self.strings(database, "SELECT target, t_ns, x, y, w, h, hit_x, hit_y, hit_w, hit_h, class FROM targets")
            == [
                "dotA 1000000000 783.0 100.0 10.0 10.0 NULL NULL NULL NULL DotView",
                "dotB 1000000000 813.0 100.0 10.0 10.0 802.0 89.0 32.0 32.0 DotView",
                "dotB 6000000000 883.0 100.0 10.0 10.0 872.0 89.0 32.0 32.0 DotView",
            ])
    }

    /// A button declared before its view was laid out gets its frame from
    /// the first touch that hits it (what `UIKitRecording` does for a
    /// began). That placement is stamped at the touch's down, so the touch
    /// that placed it has an outcome against it. Node views and a measure
    /// closure stand in for UIKit's views and `convert(_:to:)`: this tests
    /// the recorder's decision, not UIKit's hit-testing.
    @Test func aTargetFirstPlacedByATouchIsOnScreenAtThatTouchsDown() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder(options: .init(recorderName: "RecordedTargetImportTests"))
        let window = Node("window")
        let button = Node("button", in: window)
        let label = Node("label", in: button)
        var views = TargetViews<Node>()
        let target = try recorder.declareTarget("play", frame: nil, class: "UIButton")
        views.add(button, name: "play", target: target, hitArea: nil)
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v", startedAt: "x"),
                                     in: folder.url)
        // The down long before the clock the placement would otherwise read (RecorderTime.now).
        let down = RecorderTime(seconds: 0.5)
        let hit = views.hit(from: label, superview: \.parent, downAt: down, placingWith: recorder) { view, _ in
            view === button ? (TargetRect(x: 100, y: 100, width: 44, height: 44), nil) : nil
        }
        #expect(hit == .target(target))
        recorder.touch(1, .began, at: down, x: 120, y: 120, hit: hit)
        recorder.touch(1, .ended, at: RecorderTime(seconds: 0.6), x: 120, y: 120)
        _ = try recorder.finish()

        let database = try GestureDatabase(path: folder.url.appendingPathComponent("lab.sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        #expect(try CaptureImporter(database: database).importCapture(path: url.path).rejectedCount == 0)
        #expect(try Self.strings(database, "SELECT target, t_ns FROM targets") == ["play 500000000"])
        #expect(try Self.strings(database, "SELECT touch, target, inside_frame, reached FROM outcomes")
            == ["1 play 1 1"])
    }

    /// Rows as text, NULL spelled out, sorted.
    static func strings(_ database: GestureDatabase, _ sql: String) throws -> [String] {
        try database.connection.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                (0..<row.count).map { index in
                    let value: DatabaseValue = row[index]
                    switch value.storage {
                    case .null: return "NULL"
                    case .int64(let integer): return "\(integer)"
                    case .double(let double): return "\(double)"
                    case .string(let string): return string
                    case .blob(let data): return "\(data)"
                    }
                }.joined(separator: " ")
            }.sorted()
        }
    }
}
