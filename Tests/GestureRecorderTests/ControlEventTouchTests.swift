import Foundation
import Testing
@testable import GestureRecorder

/// Which touch a control event names, and that an ended touch keeps its id
/// while UIKit dispatches the event that ended it.
struct ControlEventTouchTests {
    typealias Candidate = ControlEventTouch.Candidate

    static let touchDown: UInt = 1 << 0, touchDragInside: UInt = 1 << 2, touchUpInside: UInt = 1 << 6
    static let touchUpOutside: UInt = 1 << 7, touchCancel: UInt = 1 << 8, valueChanged: UInt = 1 << 12

    static let cases: [(event: UInt, inControl: [Candidate], inEvent: [Candidate], chosen: Int64?, why: String)] = [
        (touchUpInside, [.init(id: 4, phase: .ended)], [.init(id: 4, phase: .ended), .init(id: 9, phase: .stationary)], 4,
         "the control's one touch, whatever else is down"),
        (touchUpInside, [.init(id: 9, phase: .stationary), .init(id: 4, phase: .ended)], [], 4,
         "of two in the control, the one ending"),
        (touchUpOutside, [.init(id: 4, phase: .ended), .init(id: 9, phase: .moved)], [], 4, "the one ending"),
        (touchCancel, [.init(id: 4, phase: .moved), .init(id: 9, phase: .cancelled)], [], 9, "the one cancelled"),
        (touchDown, [.init(id: 4, phase: .stationary), .init(id: 9, phase: .began)], [], 9, "the one beginning"),
        (touchDragInside, [.init(id: 4, phase: .moved), .init(id: 9, phase: .stationary)], [], 4, "the one moving"),
        (touchDown, [.init(id: 4, phase: .ended), .init(id: 9, phase: .ended)], [], 9,
         "a scroll view's delayed touchDowns, both ended: the latest down"),
        (valueChanged, [.init(id: 4, phase: .moved), .init(id: 9, phase: .moved)], [], 9,
         "no phase implied: the latest down"),
        (touchDown, [], [.init(id: 6, phase: .began)], 6, "none in the control, one in the event"),
        (touchDown, [], [.init(id: 6, phase: .began), .init(id: 7, phase: .moved)], nil,
         "none in the control, several in the event: none rather than a guess"),
        (valueChanged, [], [], nil, "no touches at all"),
    ]

    @Test(arguments: cases)
    func theTouchInTheControlInThePhaseTheEventImplies(
        _ testCase: (event: UInt, inControl: [Candidate], inEvent: [Candidate], chosen: Int64?, why: String)) {
        #expect(ControlEventTouch.choose(controlEvent: testCase.event, inControl: testCase.inControl,
                                         inEvent: testCase.inEvent) == testCase.chosen, "\(testCase.why)")
    }

    @Test func expectedPhasesOfTheTouchControlEvents() {
        let events: [UInt] = (0...8).map { 1 << $0 } + [1 << 12]
        #expect(events.map { ControlEventTouch.expectedPhase(controlEvent: $0) }
            == [.began, .began, .moved, .moved, .moved, .moved, .ended, .ended, .cancelled, nil])
    }

    /// `touchUpInside` fires while UIKit dispatches the `ended` event: the
    /// window records the touch first, so the id must outlive its `ended`
    /// until the dispatch is over, and no longer.
    @Test func anEndedTouchKeepsItsIdUntilItsEventIsDispatched() throws {
        let folder = try RecorderFolder()
        let recorder = GestureRecorder()
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v", startedAt: "x"), in: folder.url)
        var touches = TouchEventRecorder(recorder: recorder)
        let finger = NSObject(), other = NSObject()
        let button = ControlEventChannel(recorder: recorder, target: recorder.name("button"), eventName: "touchUpInside")
        touches.record(UIKitAdapterTests.StandInTouch(finger, phase: 0, t: 1, x: 10, y: 10))
        touches.record(UIKitAdapterTests.StandInTouch(other, phase: 0, t: 1.01, x: 90, y: 90))
        touches.dispatchFinished()
        // The `ended` event: recorded before dispatch…
        touches.record(UIKitAdapterTests.StandInTouch(finger, phase: 3, t: 1.1, x: 10, y: 10))
        #expect(touches.identities.current(ObjectIdentifier(finger)) == nil)  // no longer live
        // …then, during dispatch, the control event names it.
        button.fired(at: RecorderTime(seconds: 1.102), touch: touches.touchID(of: ObjectIdentifier(finger)))
        #expect(touches.identities.endingCount == 1)
        touches.dispatchFinished()
        #expect(touches.touchID(of: ObjectIdentifier(finger)) == nil)
        #expect(touches.touchID(of: ObjectIdentifier(other)) == 2)
        #expect(touches.identities.endingCount == 0 && touches.identities.liveCount == 1)
        _ = try recorder.finish()
        #expect(try RecorderFolder.lines(url).contains(
            #"{"type":"delivery","session":"s","target":"button","event":"touchUpInside","via":"control-event","t":1.102,"touch":1}"#))
    }
}
