import Foundation
import Testing
@testable import GestureRecorder
import TestScratch

/// The decisions the UIKit layer leaves to the core, made with stand-ins
/// for UITouch and gesture recognizers.
struct UIKitAdapterTests {
    /// A stand-in for a `UITouch`: an object whose identity is stable, and raw UIKit values.
    final class StandInTouch: TouchSample {
        var identity: ObjectIdentifier { ObjectIdentifier(owner) }
        let owner: AnyObject
        var phaseRawValue: Int
        var timestamp: Double
        var windowX: Double
        var windowY: Double
        var majorRadius = 20.0
        var force = 0.0
        var typeRawValue = 0

        init(_ owner: AnyObject, phase: Int, t: Double, x: Double, y: Double) {
            self.owner = owner
            phaseRawValue = phase
            timestamp = t
            windowX = x
            windowY = y
        }
    }

    @Test(arguments: [(0, TouchPhase.began), (1, .moved), (2, .stationary), (3, .ended), (4, .cancelled)])
    func touchPhasesMapFromUIKitRawValues(raw: Int, phase: TouchPhase) {
        #expect(UIKitVocabulary.touchPhase(rawValue: raw) == phase)
    }

    @Test func otherVocabulary() {
        #expect([5, 6, 7].map { UIKitVocabulary.touchPhase(rawValue: $0) } == [nil, nil, nil])
        #expect([0, 1, 2, 3, 9].map { UIKitVocabulary.touchKind(rawValue: $0) } == [.direct, .indirect, .pencil, .indirect, nil])
        #expect((0...6).map { UIKitVocabulary.recognizerState(rawValue: $0, isDiscrete: false) }
            == [.possible, .began, .changed, .ended, .cancelled, .failed, nil])
        #expect(UIKitVocabulary.recognizerState(rawValue: 3, isDiscrete: true) == .recognized)
        #expect(UIKitVocabulary.isDiscrete(className: "UITapGestureRecognizer"))
        #expect(!UIKitVocabulary.isDiscrete(className: "UIPanGestureRecognizer"))
        #expect(UIKitVocabulary.controlEvents(rawValue: 1 | 1 << 6 | 1 << 25).map(\.name)
            == ["touchDown", "touchUpInside", "controlEvent0x2000000"])
        #expect([0, 4 | 8, 1 | 4, 15].map { UIKitVocabulary.deferredEdges(rawValue: $0) }
            == ["none", "bottom+right", "top+bottom", "top+left+bottom+right"])
    }

    @Test func knobsGoIntoConfigWithTheDemoSpellings() {
        var session = RecordingSession(id: "s", experiment: "e", variant: "v")
        session.setDeferredEdges(rawValue: 4 | 8)
        session.setDelaysContentTouches(true)
        session.setDelaysContentTouches(false)
        #expect(session.config.map(\.key) == ["deferred_edges", "delays_content_touches"])
        #expect(session.config.map(\.value) == [.string("bottom+right"), .bool(false)])
    }

    /// Records through a real recorder and returns the lines after the session's.
    private func recorded(_ body: (GestureRecorder) throws -> Void) throws -> [String] {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder()
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v", startedAt: "x"), in: folder.url)
        try body(recorder)
        _ = try recorder.finish()
        return Array(try ScratchFolder.lines(url).dropFirst(2).dropLast())
    }

    /// An app records for hours: ended and cancelled touches are forgotten,
    /// and a touch first seen after its `began` is never kept.
    @Test func identitiesHoldOnlyLiveTouches() {
        var identities = TouchIdentities()
        let objects = (0..<1_000).map { _ in NSObject() }
        for (index, object) in objects.enumerated() {
            let id = ObjectIdentifier(object)
            #expect(identities.id(for: id, phase: .began) == Int64(index + 1))
            #expect(identities.id(for: id, phase: .moved) == Int64(index + 1))
            #expect(identities.id(for: id, phase: index.isMultiple(of: 2) ? .ended : .cancelled) == Int64(index + 1))
            #expect(identities.current(id) == nil)
        }
        let late = NSObject()
        #expect(identities.id(for: ObjectIdentifier(late), phase: .moved) == nil)
        let held = NSObject()
        _ = identities.id(for: ObjectIdentifier(held), phase: .began)
        #expect(identities.liveCount == 1)
        #expect(identities.current(ObjectIdentifier(held)) == 1_001)
    }

    @Test func oneIDPerTouchObjectForItsLifetimeWithCoalescedMoves() throws {
        let lines = try recorded { recorder in
            var touches = TouchEventRecorder(recorder: recorder)
            let finger = NSObject(), other = NSObject(), late = NSObject()
            touches.record(StandInTouch(late, phase: 1, t: 0.5, x: 1, y: 1))  // began before recording: skipped
            touches.record(StandInTouch(finger, phase: 0, t: 1, x: 10, y: 20))
            touches.record(StandInTouch(other, phase: 0, t: 1.001, x: 50, y: 60))
            // A move with two coalesced samples, each its own object.
            touches.record(StandInTouch(finger, phase: 1, t: 1.016, x: 12, y: 20),
                           coalesced: [StandInTouch(NSObject(), phase: 1, t: 1.008, x: 11, y: 20),
                                       StandInTouch(NSObject(), phase: 1, t: 1.016, x: 12, y: 20)])
            touches.record(StandInTouch(finger, phase: 3, t: 1.1, x: 12, y: 20))
            touches.record(StandInTouch(late, phase: 3, t: 1.2, x: 1, y: 1))  // still skipped
            #expect(touches.touchID(of: ObjectIdentifier(other)) == 2)
            touches.record(StandInTouch(finger, phase: 0, t: 2, x: 5, y: 5))  // the object reused: a new touch
        }
        #expect(lines == [
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":10,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":2,"phase":"began","t":1.001,"x":50,"y":60,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"moved","t":1.008,"x":11,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"moved","t":1.016,"x":12,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"ended","t":1.1,"x":12,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":3,"phase":"began","t":2,"x":5,"y":5,"radius":20,"force":0,"kind":"direct"}"#,
        ])
    }

    /// Which phases the UIKit layer asks `coalescedTouches(for:)` for: the
    /// layer passes `touch.phase.rawValue` here (not run on Linux).
    @Test(arguments: [(0, false), (1, true), (2, false), (3, true), (4, false)])
    func coalescedSamplesAreReadForMovesAndEnds(phaseRawValue: Int, reads: Bool) {
        #expect(TouchEventRecorder.readsCoalesced(phaseRawValue: phaseRawValue) == reads)
    }

    /// An ended touch's samples since its last move are its last movement:
    /// written as `moved`, then the touch itself as `ended`, the last
    /// sample (a copy of the touch) not twice.
    @Test func anEndedTouchKeepsTheMovementCoalescedIntoItsEnd() throws {
        let lines = try recorded { recorder in
            var touches = TouchEventRecorder(recorder: recorder)
            let finger = NSObject()
            touches.record(StandInTouch(finger, phase: 0, t: 1, x: 10, y: 20))
            touches.record(StandInTouch(finger, phase: 3, t: 1.016, x: 14, y: 20),
                           coalesced: [StandInTouch(NSObject(), phase: 1, t: 1.008, x: 12, y: 20),
                                       StandInTouch(NSObject(), phase: 3, t: 1.016, x: 14, y: 20)])
        }
        #expect(lines == [
            #"{"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":10,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"moved","t":1.008,"x":12,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
            #"{"type":"touch","session":"s","touch":1,"phase":"ended","t":1.016,"x":14,"y":20,"radius":20,"force":0,"kind":"direct"}"#,
        ])
    }

    /// What raw state 3 (`.ended`, which is `.recognized`) is written as.
    /// The UIKit layer passes `isDiscrete` from `is UITapGestureRecognizer
    /// || is UISwipeGestureRecognizer`; here it is given, so this tests the
    /// channels' use of it, not that UIKit's classes answer `is` so.
    @Test(arguments: [
        ("DoubleTap", true, RecognizerState.recognized),  // a tap subclass named otherwise: the object decides
        ("UIPanGestureRecognizer", false, .ended),
        ("UITapGestureRecognizer", nil, .recognized),  // no object at hand: the name decides
        ("DoubleTap", nil, .ended),
    ] as [(String, Bool?, RecognizerState)])
    func aDiscreteRecognizerReachesRecognizedWhateverItsClassIsCalled(className: String, isDiscrete: Bool?,
                                                                      written: RecognizerState) throws {
        let lines = try recorded { recorder in
            let channels = RecognizerChannels(recorder: recorder, name: "r", className: className, isDiscrete: isDiscrete)
            channels.stateObserved(rawValue: 3, at: RecorderTime(seconds: 1))
            channels.actionReceived(rawValue: 3, at: RecorderTime(seconds: 1.001))
        }
        #expect(lines == [
            #"{"type":"transition","session":"s","recognizer":"r","to":"\#(written)","t":1,"from":"possible","class":"\#(className)"}"#,
            #"{"type":"delivery","session":"s","target":"r","event":"\#(written)","via":"observer","t":1}"#,
            #"{"type":"delivery","session":"s","target":"r","event":"\#(written)","via":"target-action","t":1.001}"#,
        ])
    }

    @Test func aRecognizerIsHeardByItsObserverAndItsTargetActionProbeApart() throws {
        let lines = try recorded { recorder in
            let pan = RecognizerChannels(recorder: recorder, name: "pan", className: "UIPanGestureRecognizer")
            pan.stateObserved(rawValue: 1, at: RecorderTime(seconds: 1.004))
            pan.stateObserved(rawValue: 2, at: RecorderTime(seconds: 1.02))
            pan.actionReceived(rawValue: 1, at: RecorderTime(seconds: 1.754))  // the began action, late
            pan.stateObserved(rawValue: 3, at: RecorderTime(seconds: 1.1))
            pan.stateObserved(rawValue: 0, at: RecorderTime(seconds: 1.2))  // UIKit's reset: a transition, no delivery
            let tap = RecognizerChannels(recorder: recorder, name: "tap", className: "UITapGestureRecognizer")
            tap.stateObserved(rawValue: 3, at: RecorderTime(seconds: 2))
            tap.actionReceived(rawValue: 3, at: RecorderTime(seconds: 2.001))
            let button = ControlEventChannel(recorder: recorder, target: recorder.name("record-button"), eventName: "touchDown")
            button.fired(at: RecorderTime(seconds: 3), touch: 7)
        }
        #expect(lines == [
            #"{"type":"transition","session":"s","recognizer":"pan","to":"began","t":1.004,"from":"possible","class":"UIPanGestureRecognizer"}"#,
            #"{"type":"delivery","session":"s","target":"pan","event":"began","via":"observer","t":1.004}"#,
            #"{"type":"transition","session":"s","recognizer":"pan","to":"changed","t":1.02,"from":"began","class":"UIPanGestureRecognizer"}"#,
            #"{"type":"delivery","session":"s","target":"pan","event":"changed","via":"observer","t":1.02}"#,
            #"{"type":"delivery","session":"s","target":"pan","event":"began","via":"target-action","t":1.754}"#,
            #"{"type":"transition","session":"s","recognizer":"pan","to":"ended","t":1.1,"from":"changed","class":"UIPanGestureRecognizer"}"#,
            #"{"type":"delivery","session":"s","target":"pan","event":"ended","via":"observer","t":1.1}"#,
            #"{"type":"transition","session":"s","recognizer":"pan","to":"possible","t":1.2,"from":"ended","class":"UIPanGestureRecognizer"}"#,
            #"{"type":"transition","session":"s","recognizer":"tap","to":"recognized","t":2,"from":"possible","class":"UITapGestureRecognizer"}"#,
            #"{"type":"delivery","session":"s","target":"tap","event":"recognized","via":"observer","t":2}"#,
            #"{"type":"delivery","session":"s","target":"tap","event":"recognized","via":"target-action","t":2.001}"#,
            #"{"type":"delivery","session":"s","target":"record-button","event":"touchDown","via":"control-event","t":3,"touch":7}"#,
        ])
    }
}
