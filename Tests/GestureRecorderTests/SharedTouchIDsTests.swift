import Foundation
import Testing
@testable import GestureRecorder
import TestScratch

/// Two recordings on one recorder (a window per scene on iPad, or a
/// recording kept for another screen) share the recorder's touch ids.
///
/// `TouchEventRecorder` is what each `UIKitRecording` records touches
/// with; the touches here are stand-ins, so this tests the ids handed out,
/// not UIKit's delivery of touches to two windows.
struct SharedTouchIDsTests {
    typealias Touch = UIKitAdapterTests.StandInTouch

    @Test func twoRecordingsOnOneRecorderGiveTheirTouchesDistinctIDsAndTheCaptureReads() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder()
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v", startedAt: "x"),
                                     in: folder.url)
        var leftWindow = TouchEventRecorder(recorder: recorder)
        var rightWindow = TouchEventRecorder(recorder: recorder)
        let left = NSObject(), right = NSObject()
        // Each window's first touch, down at once and overlapping.
        leftWindow.record(Touch(left, phase: 0, t: 1, x: 10, y: 10))
        rightWindow.record(Touch(right, phase: 0, t: 1.001, x: 700, y: 10))
        leftWindow.record(Touch(left, phase: 3, t: 1.1, x: 10, y: 10))
        rightWindow.record(Touch(right, phase: 3, t: 1.101, x: 700, y: 10))
        // Each window's second touch.
        rightWindow.record(Touch(right, phase: 0, t: 2, x: 700, y: 20))
        leftWindow.record(Touch(left, phase: 0, t: 2.001, x: 10, y: 20))
        _ = try recorder.finish()

        // Throws on a second `began` of one touch id: the capture the
        // importer refused before the ids were shared.
        let touches = try SessionBoundaryTests.records(url).compactMap { record -> (Int64, String)? in
            guard case .touch(let touch) = record else { return nil }
            return (touch.touch, "\(touch.phase)")
        }
        let began = touches.filter { $0.1 == "began" }.map(\.0)
        #expect(began.count == 4)
        #expect(Set(began).count == 4, "every touch of the session has its own id: \(began)")
    }
}
