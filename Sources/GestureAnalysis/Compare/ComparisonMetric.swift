/// Everything `compare --metric` takes: a latency, compared by percentiles,
/// or a touch outcome, compared as a proportion.
///
/// ```swift
/// ComparisonMetric(rawValue: "false-start")?.outcome   // .falseStart
/// ComparisonMetric.response.latency                  // .response
/// ```
package enum ComparisonMetric: String, Sendable, CaseIterable {
    case response
    case recognition
    case dispatch
    case reached
    case falseStart = "false-start"

    /// The latency compared; nil for an outcome metric.
    package var latency: LatencyMetric? { LatencyMetric(rawValue: rawValue) }

    /// The outcome counted; nil for a latency metric.
    package var outcome: OutcomeMetric? { OutcomeMetric(rawValue: rawValue) }
}
