#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureTrace

/// The starts, ends and cancels of docs/latencies.md's false starts, and the
/// rule that turns one (touch, target)'s events into its `touch_start` row.
///
/// The rule depends only on the set of events, never on the order they were
/// read in, so the reading pass and the stored records read back in time
/// order agree whatever the capture's order. The tests hold it against an
/// SQL reference written apart from it.
enum FalseStarts {
    /// What an event does to a (touch, target): ordered as events at one
    /// time are taken (a start, then an end, then a cancel).
    enum Role: UInt8, Comparable {
        case start, end, cancel

        static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The role of a delivered event, compared byte for byte.
    static func role(ofDelivered event: String) -> Role? {
        var event = event
        return event.withUTF8 { bytes -> Role? in
            switch bytes.count {
            case 9: return equals(bytes, "touchDown") ? .start : nil
            case 11: return equals(bytes, "touchCancel") ? .cancel : nil
            case 12:
                if equals(bytes, "touchesBegan") { return .start }
                if equals(bytes, "touchesEnded") { return .end }
                return nil
            case 13: return equals(bytes, "touchUpInside") ? .end : nil
            case 14: return equals(bytes, "touchUpOutside") ? .end : nil
            case 16: return equals(bytes, "touchesCancelled") ? .cancel : nil
            default: return nil
            }
        }
    }

    static func role(ofTransitionTo state: RecognizerState) -> Role? {
        switch state {
        case .began: .start
        case .ended, .recognized: .end
        case .cancelled, .failed: .cancel
        case .possible, .changed: nil
        }
    }

    /// One `memcmp`: `elementsEqual` walked the bytes one by one, and every
    /// delivery asks, so it showed in the reading thread's profile.
    @inline(__always)
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base, literal.utf8Start, bytes.count) == 0
    }

    /// One start, end or cancel of a (touch, target).
    struct Event {
        var role: Role
        var nanos: Int64
        /// The delivered event, or the state a transition reached.
        var name: ExactText
        var line: Int

        /// Among events of one role: earlier time, then the name byte by
        /// byte (SQLite's BINARY order), then the earlier line.
        func precedes(_ other: Event) -> Bool {
            if nanos != other.nanos { return nanos < other.nanos }
            if name != other.name {
                return name.string.utf8.lexicographicallyPrecedes(other.name.string.utf8)
            }
            return line < other.line
        }
    }

    /// What a (touch, target) with a start stores.
    struct Outcome {
        var start: Event
        var cancel: Event?
    }

    /// The pair's row: nil without a start. A false start is the first
    /// cancel (in `precedes` order) that follows a start with no end
    /// between them (an end at the start's or the cancel's time counts as
    /// between); its start is the earliest such start.
    static func outcome(of events: [Event]) -> Outcome? {
        let starts = events.filter { $0.role == .start }.sorted { $0.precedes($1) }
        guard let first = starts.first else { return nil }
        let ends = events.filter { $0.role == .end }.map(\.nanos)
        for cancel in events.filter({ $0.role == .cancel }).sorted(by: { $0.precedes($1) }) {
            let open = starts.first { start in
                start.nanos <= cancel.nanos && !ends.contains { $0 >= start.nanos && $0 <= cancel.nanos }
            }
            if let open { return Outcome(start: open, cancel: cancel) }
        }
        return Outcome(start: first, cancel: nil)
    }
}

/// A settled (touch, target) with a start, in the deriver's terms.
struct DerivedTouchStart {
    var session: Int
    var touch: Int64
    var target: String
    var outcome: FalseStarts.Outcome
}

/// An event of a (touch, target) set aside to keep memory flat: stored
/// apart during the import and settled after it (`HeldStartEvents`), by
/// the same rule.
struct HeldStartEvent {
    var session: Int
    var touch: Int64
    var target: String
    var event: FalseStarts.Event
}

/// Collects the events of each (touch, target) while reading, and settles a
/// pair when nothing more can come for it: at the end, or when its session
/// is retired. When too many pairs are pending, the pairs of half the
/// touches (those whose pairs are all closed first, the least recently
/// active first) make room, in one of two ways (`Overflow`):
///
/// - `.settle`, the reading pass's: they are settled at once. Their events
///   are over in nearly every capture, and this costs nothing more; a later
///   event of such a touch makes the pass inexact, and the importer derives
///   the capture again from its stored records.
/// - `.setAside`, the stored records': their events go to the sink as
///   `HeldStartEvent`s, as do any later events of those touches, and the
///   importer settles them after the last record (`HeldStartEvents`). Exact
///   whatever the order, at the cost of storing those events.
///
/// Either way every pair is settled by `FalseStarts.outcome` over all its
/// events, with memory for the pending pairs and one id per touch that made
/// room.
struct FalseStartTracker {
    /// What the pairs that make room become.
    enum Overflow {
        case settle
        case setAside
    }

    struct Key: MixedHashable {
        var session: Int
        var touch: Int64
        var target: ExactText

        var mixedHash: UInt64 {
            KeyMix.of(UInt64(bitPattern: Int64(session)), UInt64(bitPattern: touch), target.bytesHash)
        }
    }

    private struct Pending {
        /// When the pair last had an event, in events added.
        var activity: Int
        var events: [FalseStarts.Event]
    }

    private struct TouchKey: MixedHashable {
        var session: Int
        var touch: Int64

        var mixedHash: UInt64 { KeyMix.of(UInt64(bitPattern: Int64(session)), UInt64(bitPattern: touch)) }
    }

    /// False once an event of a touch settled to make room came (`.settle`).
    private(set) var isExact = true
    private(set) var inexactReason: String?
    private let limit: Int
    private let overflow: Overflow
    private var pending: [Key: Pending] = [:]
    private var activity = 0
    /// By session ordinal: touches that made room. Nearly every event's
    /// session has none, which an empty set answers without hashing.
    private var madeRoom: [Set<Int64>] = []

    init(limit: Int, overflow: Overflow) {
        self.limit = max(limit, 1)
        self.overflow = overflow
    }

    /// Adds an event of the pair (touch, target); `target` is the deriver's
    /// text of the name, already hashed.
    mutating func add<Sink: DerivedLatencySink>(_ event: FalseStarts.Event, session: Int, touch: Int64,
                                                 target: ExactText, into sink: inout Sink) {
        guard isExact else { return }
        if session < madeRoom.count, !madeRoom[session].isEmpty, madeRoom[session].contains(touch) {
            guard overflow == .setAside else {
                return giveUp("the record at line \(event.line) is of a touch whose starts were settled to keep memory flat")
            }
            return sink.add(HeldStartEvent(session: session, touch: touch, target: target.string, event: event))
        }
        let key = Key(session: session, touch: touch, target: target)
        activity += 1
        let now = activity
        Self.update(&pending[key, default: Pending(activity: now, events: [])]) {
            $0.activity = now
            $0.events.append(event)
        }
        if pending.count > limit {
            makeRoom(into: &sink)
        }
    }

    /// Settles every pair of one session (retired, or the capture ended).
    mutating func settle<Sink: DerivedLatencySink>(session: Int, into sink: inout Sink) {
        guard isExact else { return }
        let keys = pending.keys.filter { $0.session == session }
        for key in keys {
            settle(key, into: &sink)
        }
    }

    mutating func settleAll<Sink: DerivedLatencySink>(into sink: inout Sink) {
        guard isExact else { return }
        let keys = pending.keys.sorted { ($0.session, $0.touch) < ($1.session, $1.touch) }
        for key in keys {
            settle(key, into: &sink)
        }
    }

    /// Settles or sets aside (`overflow`) the pairs of half of the pending
    /// touches (whole touches, so that each pair's events all go one way),
    /// never the most recently active one: first those with no pair left
    /// open, the least recently active first, then the open ones.
    ///
    /// A pair is open while its latest event is a start: the finger may
    /// still be down, and its cancel or end is still to come. A finger held
    /// through thousands of taps (a thumb on a control while the other hand
    /// taps) is the least recently active touch of all; settled by recency
    /// alone, its late cancel would send the capture to be derived again.
    /// The taps' pairs are closed by their own cancels and ends, and go
    /// first. Recency, not down time: sessions have clocks of their own.
    private mutating func makeRoom<Sink: DerivedLatencySink>(into sink: inout Sink) {
        var touches: [TouchKey: (open: Bool, activity: Int)] = [:]
        for (key, entry) in pending {
            let touch = TouchKey(session: key.session, touch: key.touch)
            let open = entry.events.last?.role == .start
            let known = touches[touch] ?? (false, 0)
            touches[touch] = (known.open || open, max(known.activity, entry.activity))
        }
        guard let latest = touches.max(by: { $0.value.activity < $1.value.activity })?.key else { return }
        touches[latest] = nil
        let bySettling = touches.sorted {
            ($0.value.open ? 1 : 0, $0.value.activity) < ($1.value.open ? 1 : 0, $1.value.activity)
        }.map(\.key)
        let chosen = Set(bySettling.prefix((bySettling.count + 1) / 2))
        // The keys first: removing entries while iterating `pending.keys`
        // would copy the whole dictionary.
        let making = pending.keys.filter { chosen.contains(TouchKey(session: $0.session, touch: $0.touch)) }
        for key in making {
            while madeRoom.count <= key.session { madeRoom.append([]) }
            madeRoom[key.session].insert(key.touch)
            switch overflow {
            case .settle:
                settle(key, into: &sink)
            case .setAside:
                guard let entry = pending.removeValue(forKey: key) else { continue }
                for event in entry.events {
                    sink.add(HeldStartEvent(session: key.session, touch: key.touch, target: key.target.string,
                                            event: event))
                }
            }
        }
    }

    private mutating func settle<Sink: DerivedLatencySink>(_ key: Key, into sink: inout Sink) {
        guard let entry = pending.removeValue(forKey: key) else { return }
        if let outcome = FalseStarts.outcome(of: entry.events) {
            sink.add(DerivedTouchStart(session: key.session, touch: key.touch, target: key.target.string,
                                       outcome: outcome))
        }
    }

    @inline(__always)
    private static func update(_ entry: inout Pending, _ body: (inout Pending) -> Void) {
        body(&entry)
    }

    /// Forgets a retired session's touches that made room: any later
    /// record of it ends the one-pass derivation anyway.
    mutating func forget(session: Int) {
        if session < madeRoom.count { madeRoom[session] = [] }
    }

    private mutating func giveUp(_ reason: String) {
        isExact = false
        inexactReason = reason
        pending = [:]
        madeRoom = []
    }
}
