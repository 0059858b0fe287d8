import ArgumentParser
import GestureAnalysis

/// What a comparison takes besides its key, shared by `compare` and
/// `report`: the two groups, the filters, alpha and the bootstrap's seed.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Group A's value of the key; alone, the baseline every other value is compared with.",
                               valueName: "value"))
    var a: String?

    @Option(help: ArgumentHelp("Group B's value of the key.", valueName: "value"))
    var b: String?

    @Option(help: "response, recognition or dispatch (latencies); reached or false-start (touch outcomes, as rates).")
    var metric: ComparisonMetric = .response

    @Option(help: ArgumentHelp("Only this target (the recognizer, for recognition).", valueName: "target"))
    var target: String?

    @Option(help: ArgumentHelp("Only this event, e.g. touchDown or began.", valueName: "event"))
    var event: String?

    @Option(help: ArgumentHelp("Only this channel, e.g. control-event.", valueName: "via"))
    var via: String?

    @Option(help: ArgumentHelp("Only touches in these regions, comma-separated: center, bottom, bottom-right, …, unknown.",
                               valueName: "regions"))
    var region: String?

    @Option(help: ArgumentHelp("Only this experiment.", valueName: "name"))
    var experiment: String?

    @Option(help: ArgumentHelp("Only this variant (when splitting by something else).", valueName: "name"))
    var variant: String?

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Only sessions whose KEY has one of the values (repeatable): a config key, experiment, variant, capture, day, "
            + "device.model, device.os, app.name, app.version or app.build.",
        valueName: "key=value[,value…]"))
    var conditions: [String] = []

    // `.unconditional`: `--alpha -0.1` is refused for its value, not
    // reported as a missing one.
    @Option(parsing: .unconditional, help: "Significance level of the test.")
    var alpha: Double = 0.05

    @Option(parsing: .unconditional, help: "Seed of the bootstrap: the same seed gives the same intervals.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp(
        "What is replicated: session (tests and intervals treat sessions as the independent units) or touch "
            + "(every value independent, for one session's data).",
        valueName: "unit"))
    var unit: AnalysisUnit = .session

    /// Alpha, seed and unit as the statistics take them.
    var analysisOptions: Comparison.Options {
        Comparison.Options(alpha: alpha, seed: seed, unit: unit)
    }

    func validate() throws {
        if b != nil, a == nil { throw ValidationError("--b needs --a: give both, or --a alone to compare every value against it.") }
        if !(alpha > 0 && alpha < 1) { throw ValidationError("--alpha must be between 0 and 1, not \(alpha).") }
        _ = try sessionConditions()
    }

    /// `--where`, parsed.
    func sessionConditions() throws -> [SessionCondition] {
        try conditions.map(SessionCondition.init(parsing:))
    }

    /// Whether no filter was given.
    var hasNoFilter: Bool {
        metric == .response && [target, event, via, region, experiment, variant].allSatisfy { $0 == nil }
            && conditions.isEmpty
    }

    func selection(by key: String) throws -> ComparisonSelection {
        ComparisonSelection(by: key, metric: metric.latency ?? .response, outcome: metric.outcome, target: target,
                            event: event, via: via, region: region, experiment: experiment, variant: variant,
                            conditions: try sessionConditions())
    }
}

extension ComparisonMetric: ExpressibleByArgument {}
extension AnalysisUnit: ExpressibleByArgument {}
