import SeededRandom

/// How the app behaves under one variant of an experiment: what one touch
/// adds to its session's timeline.
protocol VariantScenario: Sendable {
    var variant: ExperimentVariant { get }

    /// Plays touch `touch`, coming down at `down`, adding its records to
    /// `timeline`.
    ///
    /// - Returns: when the interaction has settled: the user's pause before
    ///   the next touch starts then. Every delivery of this touch must be at
    ///   or before it, so that records naming no touch belong to this one.
    ///
    /// Mutating, so a scenario can keep what one touch changed on screen
    /// (a dragged dot's new place) for the next; each session starts from
    /// a fresh copy.
    mutating func play(touch: Int64, down: Int64, timeline: inout SessionTimeline, rng: inout SeededGenerator) -> Int64

    /// Declares what is on screen when the session starts at `start`
    /// (`target` records); nothing by default.
    mutating func begin(at start: Int64, timeline: inout SessionTimeline)
}

extension VariantScenario {
    mutating func begin(at start: Int64, timeline: inout SessionTimeline) {}
}

extension SimulatedExperiment {
    /// The experiment's variants, in the order their sessions alternate.
    var scenarios: [any VariantScenario] {
        switch self {
        case .edgeDeferral:
            [EdgeDeferralScenario(defersEdges: false), EdgeDeferralScenario(defersEdges: true)]
        case .deliveryChannel:
            [DeliveryChannelScenario(device: SimulationParameters.iPhone),
             DeliveryChannelScenario(device: SimulationParameters.iPad)]
        case .contentTouches:
            [ContentTouchesScenario(delaysContentTouches: true),
             ContentTouchesScenario(delaysContentTouches: false)]
        case .hitArea:
            [HitAreaScenario(enlarged: false), HitAreaScenario(enlarged: true)]
        case .touchDelay:
            [TouchDelayScenario(delaysTouches: false), TouchDelayScenario(delaysTouches: true)]
        }
    }

    /// The names of the experiment's variants, e.g. `deferral-off`, `deferral-on`.
    package var variantNames: [String] {
        scenarios.map(\.variant.name)
    }
}
