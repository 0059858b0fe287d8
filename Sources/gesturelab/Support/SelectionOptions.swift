import ArgumentParser
import GestureAnalysis

/// The filters of a comparison, shared by `compare` and `report`.
struct SelectionOptions: ParsableArguments {
    @Option(help: "response, recognition or dispatch.")
    var metric: LatencyMetric = .response

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

    /// Whether any filter was given.
    var isEmpty: Bool {
        metric == .response && [target, event, via, region, experiment, variant].allSatisfy { $0 == nil }
    }

    func selection(by key: String) -> ComparisonSelection {
        ComparisonSelection(by: key, metric: metric, target: target, event: event, via: via, region: region,
                            experiment: experiment, variant: variant)
    }
}

extension LatencyMetric: ExpressibleByArgument {}
