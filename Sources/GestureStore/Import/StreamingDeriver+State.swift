import GestureTrace

/// What `StreamingDeriver` keeps: per session, its touch-downs, the latest
/// transition and delivery of each recognizer and state, and the records
/// waiting for a touch; across the capture, the earliest keys stored.
extension StreamingDeriver {
    /// What the derived rows of a touch carry of it.
    struct TouchDown {
        var nanos: Int64
        var touch: Int64
        var region: ScreenRegion?

        /// The order of touch-downs: by time, then touch id.
        func isBefore(_ other: TouchDown) -> Bool {
            (nanos, touch) < (other.nanos, other.touch)
        }
    }

    /// What a transition reaches and a delivery announces: a recognizer
    /// (a delivery's target) in a state (a delivery's event). A delivery's
    /// dispatch latency is measured from the latest transition of its key.
    struct StateKey: MixedHashable {
        var target: ExactText
        var state: ExactText

        var mixedHash: UInt64 { KeyMix.of(target.bytesHash, state.bytesHash) }
    }

    /// A record naming a touch not seen yet: settled when its session is
    /// retired or at the end, when it is known whether that touch exists.
    enum Deferred {
        case delivery(DeliveryRecord, line: Int, transitionNanos: Int64?)
        case transition(TransitionRecord, line: Int)

        /// The touch it names.
        var touch: Int64? {
            switch self {
            case .delivery(let record, _, _): record.touch
            case .transition(let record, _): record.touch
            }
        }
    }

    struct SessionState {
        /// Sorted by down, then touch id: the owner of a record is the last
        /// entry at or before its time.
        var touchDowns: [TouchDown] = []
        var touchDownByID: [Int64: TouchDown] = [:]
        /// The latest time of a record associated by time so far.
        var latestAssociated = Int64.min
        /// One entry a key for both latest times, so a record finds it once.
        var latest: [StateKey: Latest] = [:]
        var deferred: [Deferred] = []
        var orphanDeliveries = 0
        var orphanTransitions = 0
        var lastActive = 0
    }

    /// What a session keeps once retired (its orphan counts are stored as it retires).
    struct RetiredSession {
        /// Retired because the live sessions held too many targets.
        var forTargets = false
    }

    /// The latest transition and delivery of a recognizer and state;
    /// `Int64.min` (earlier than any time the reader accepts) for none.
    struct Latest {
        var transition = Int64.min
        var delivery = Int64.min
    }

    struct Earliest {
        var nanos: Int64
        var line: Int

        func isAtOrBefore(_ nanos: Int64, line: Int) -> Bool {
            (self.nanos, self.line) <= (nanos, line)
        }
    }
}
