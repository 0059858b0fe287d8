/// What a recording has attached to the app's objects (probes on
/// recognizers and controls), so that it can take everything off again.
///
/// The decisions live here, where they are tested without UIKit:
/// - an object is observed once per event: observing a recognizer again,
///   or a control for events it already reports, adds nothing (a second
///   probe would record every delivery twice);
/// - the objects are held weakly: the app's objects are the app's, and
///   one freed and another made at its address is a new object;
/// - ``stop()`` hands back every attachment once, latest first, and from
///   then on nothing is attached.
///
///     var ledger = ObservationLedger<String>()
///     ledger.newEvents(of: button, among: 1 | 1 << 6)   // both bits: attach for each
///     ledger.add("probe", of: button, events: 1 | 1 << 6)
///     ledger.newEvents(of: button, among: 1)            // 0: touchDown is attached already
///     ledger.stop()                                     // ["probe"]: detach it
public struct ObservationLedger<Attachment> {
    private struct Entry {
        weak var object: AnyObject?
        let events: UInt
        let attachment: Attachment
    }

    private var entries: [Entry] = []
    public private(set) var isStopped = false

    public init() {}

    /// Of the `events` (a mask; use 1 for an object with no events, such as
    /// a recognizer), those not yet observed on `object`; 0 after ``stop()``.
    public mutating func newEvents(of object: AnyObject, among events: UInt) -> UInt {
        guard !isStopped else { return 0 }
        entries.removeAll { $0.object == nil }
        let observed = entries.filter { $0.object === object }.reduce(UInt(0)) { $0 | $1.events }
        return events & ~observed
    }

    /// Notes that `attachment` was attached to `object` for `events`.
    public mutating func add(_ attachment: Attachment, of object: AnyObject, events: UInt) {
        guard !isStopped else { return }
        entries.append(Entry(object: object, events: events, attachment: attachment))
    }

    /// Every attachment still to take off, latest first; empty the second time.
    public mutating func stop() -> [Attachment] {
        guard !isStopped else { return [] }
        isStopped = true
        defer { entries = [] }
        return entries.reversed().map(\.attachment)
    }

    /// Attachments on objects that are still alive.
    public var count: Int {
        entries.count { $0.object != nil }
    }
}
