/// Which touch outcome a proportion comparison counts (docs/outcomes.md).
package enum OutcomeMetric: String, Sendable, CaseIterable {
    /// Touch-downs that reached their nearest target, of touch-downs with a
    /// nearest target (`outcomes`). Higher is better.
    case reached
    /// (touch, target) pairs whose start was cancelled before any end, of
    /// pairs with a start (`starts`). Lower is better.
    case falseStart = "false-start"

    /// The relation with one row per counted item.
    package var relation: String {
        switch self {
        case .reached: "outcomes"
        case .falseStart: "starts"
        }
    }

    /// The relation's 0/1 column that says whether the row counts (k).
    package var countedColumn: String {
        switch self {
        case .reached: "reached"
        case .falseStart: "false_start"
        }
    }

    /// Whether a higher rate is the favourable direction.
    package var higherIsBetter: Bool { self == .reached }

    /// What n counts, in words: `touches`, `starts`.
    package var trialNoun: String {
        switch self {
        case .reached: "touches"
        case .falseStart: "starts"
        }
    }

    /// One of what n counts: `touch`, `start`.
    package var trialNounSingular: String {
        switch self {
        case .reached: "touch"
        case .falseStart: "start"
        }
    }

    /// What k counts, in words, as a table row label.
    package var countedNoun: String {
        switch self {
        case .reached: "reached"
        case .falseStart: "false starts"
        }
    }
}
