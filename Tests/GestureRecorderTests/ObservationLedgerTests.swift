import Foundation
import Testing
@testable import GestureRecorder

/// The bookkeeping behind `UIKitRecording.observe` and `stop()`: what is
/// attached once, what is taken off, and that a stopped recording attaches
/// nothing more.
struct ObservationLedgerTests {
    static let touchDown: UInt = 1 << 0, touchUpInside: UInt = 1 << 6, valueChanged: UInt = 1 << 12

    @Test func eachObjectIsObservedOncePerEvent() {
        var ledger = ObservationLedger<String>()
        let recognizer = NSObject(), button = NSObject(), other = NSObject()
        #expect(ledger.newEvents(of: recognizer, among: 1) == 1)
        ledger.add("pan probe", of: recognizer, events: 1)
        #expect(ledger.newEvents(of: recognizer, among: 1) == 0)  // observing it again adds nothing

        #expect(ledger.newEvents(of: button, among: Self.touchDown | Self.touchUpInside) == Self.touchDown | Self.touchUpInside)
        ledger.add("touchDown probe", of: button, events: Self.touchDown)
        ledger.add("touchUpInside probe", of: button, events: Self.touchUpInside)
        #expect(ledger.newEvents(of: button, among: Self.touchDown | Self.valueChanged) == Self.valueChanged)
        #expect(ledger.newEvents(of: other, among: Self.touchDown) == Self.touchDown)  // another control: its own
        #expect(ledger.count == 3)
    }

    @Test func stopHandsBackEverythingOnceLatestFirstAndAttachesNothingAfter() {
        var ledger = ObservationLedger<String>()
        let recognizer = NSObject(), button = NSObject()
        ledger.add("pan probe", of: recognizer, events: 1)
        ledger.add("touchDown probe", of: button, events: Self.touchDown)
        #expect(ledger.stop() == ["touchDown probe", "pan probe"])
        #expect(ledger.isStopped)
        #expect(ledger.stop().isEmpty)
        #expect(ledger.newEvents(of: button, among: Self.touchUpInside) == 0)
        ledger.add("late probe", of: button, events: Self.touchUpInside)
        #expect(ledger.count == 0)
        #expect(ledger.stop().isEmpty)
    }

    /// The app's objects are held weakly: a freed control is no longer
    /// "observed", so a new one (perhaps at the same address) is observed afresh.
    @Test func aFreedObjectIsForgottenAndNotKeptAlive() {
        var ledger = ObservationLedger<String>()
        weak var freed: NSObject?
        do {
            let button = NSObject()
            freed = button
            ledger.add("probe", of: button, events: Self.touchDown)
            #expect(ledger.count == 1)
        }
        #expect(freed == nil)
        #expect(ledger.count == 0)
        let replacement = NSObject()
        #expect(ledger.newEvents(of: replacement, among: Self.touchDown) == Self.touchDown)
    }
}
