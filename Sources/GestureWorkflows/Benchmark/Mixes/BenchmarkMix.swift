import GestureSimulation
import GestureTrace

/// The shape of the capture `gesturelab bench` imports.
///
/// Import speed depends on what a capture holds, not only on its size: a
/// touch sample is a few numbers, a delivery three strings and a dictionary
/// lookup, and a capture out of time order is derived in SQL after it is
/// stored. Each mix stands for a kind of capture users bring.
package enum BenchmarkMix: String, CaseIterable, Sendable {
    /// The simulator's captures of the three seed experiments, written
    /// through the recorder: mostly touch samples and frames.
    case simulated
    /// An app with many observed recognizers and controls: about half the
    /// records are deliveries and a third transitions, every one naming its
    /// touch, with long and non-ASCII target names.
    case deliveries
    /// The simulated records, each session's written in reversed runs of
    /// 64: the reading pass's reorder window puts them back in time order.
    case unordered
    /// One-finger pans as a recorder writes them in an app
    /// (`RecorderShapedCapture.Shape.pan`), sorted by time.
    case pan
    /// The same pans in the order a recorder writes them: each event's
    /// coalesced touch samples after deliveries later than they are.
    case panRecorded = "pan-recorded"
    /// Taps on buttons, control events naming their touches
    /// (`RecorderShapedCapture.Shape.controls`), sorted by time.
    case controls
    /// The same taps in the order a recorder writes them.
    case controlsRecorded = "controls-recorded"
    /// Taps on the rows of a scrolled list, each row a control, and the
    /// scrolls between them (`RecorderShapedCapture.Shape.list`): a couple
    /// of thousand targets a session, sorted by time.
    case list
    /// The same list in the order a recorder writes it.
    case listRecorded = "list-recorded"

    /// What the mix holds, for the report's header.
    package var summary: String {
        switch self {
        case .simulated: "the simulator's seed experiments, in time order"
        case .deliveries: "delivery- and transition-heavy, every record naming its touch, in time order"
        case .unordered: "the simulated records, each session's in reversed runs of 64"
        case .pan: "recorder-shaped pans (120 Hz samples, KVO and target-action, frames), in time order"
        case .panRecorded: "recorder-shaped pans in the order a recorder writes them (coalesced samples late)"
        case .controls: "recorder-shaped button taps (control events naming touches, targets), in time order"
        case .controlsRecorded: "recorder-shaped button taps in the order a recorder writes them"
        case .list: "recorder-shaped taps on a scrolled list of controls (thousands of targets a session), in time order"
        case .listRecorded: "recorder-shaped taps on a scrolled list in the order a recorder writes them"
        }
    }

    /// About `approximateRecords` records of this mix, generated as they
    /// are read (memory stays flat), the same for the same seed.
    func records(seed: UInt64, approximateRecords: Int) -> AnySequence<TraceRecord> {
        let simulated = Simulator(options: SimulationOptions(seed: seed)).records(approximateRecords: approximateRecords)
        switch self {
        case .simulated:
            return AnySequence(simulated)
        case .deliveries:
            return AnySequence(DeliveryHeavyCapture(seed: seed, approximateRecords: approximateRecords))
        case .unordered:
            return AnySequence(ReversedRuns(simulated, runLength: 64))
        case .pan, .panRecorded, .controls, .controlsRecorded, .list, .listRecorded:
            let shape: RecorderShapedCapture.Shape = switch self {
            case .pan, .panRecorded: .pan
            case .list, .listRecorded: .list
            default: .controls
            }
            return AnySequence(RecorderShapedCapture(
                shape: shape, order: [.pan, .controls, .list].contains(self) ? .timeOrder : .recorded,
                seed: seed, approximateRecords: approximateRecords))
        }
    }
}
