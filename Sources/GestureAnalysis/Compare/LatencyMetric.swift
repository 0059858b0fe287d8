/// Which latency of docs/latencies.md a comparison looks at.
package enum LatencyMetric: String, Sendable, CaseIterable {
    /// Touch-down to the earliest delivery (`responses`): the headline.
    case response
    /// Touch-down to a recognizer's first began or recognized (`recognitions`).
    case recognition
    /// A recognizer's state change to its delivery (`dispatches`).
    case dispatch

    /// The relation that holds the metric's latencies.
    package var relation: String {
        switch self {
        case .response: "responses"
        case .recognition: "recognitions"
        case .dispatch: "dispatches"
        }
    }

    /// The relation's column that names the target (`recognizer` for recognitions).
    package var targetColumn: String {
        self == .recognition ? "recognizer" : "target"
    }
}
