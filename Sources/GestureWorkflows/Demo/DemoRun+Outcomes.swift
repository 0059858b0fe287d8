import GRDB
import GestureAnalysis
import GestureSimulation
import GestureTrace

extension DemoRun {
    /// Seed 004's two questions: what a touch delay buys (fewer false
    /// starts) against what it costs (later starts), side by side; and how
    /// many touches an enlarged hit area lets reach small icons.
    static func outcomeFindings(_ db: Database, options: Comparison.Options) throws -> [DemoFinding] {
        let delay = SimulatedExperiment.touchDelay.rawValue
        let cost = try Comparer.run(.init(selection: ComparisonSelection(by: "touch_delay", event: "touchesBegan",
                                                                         experiment: delay),
                                          a: "false", b: "true", options: options), in: db)
        let benefit = try Comparer.runProportions(
            .init(selection: ComparisonSelection(by: "touch_delay", outcome: .falseStart, experiment: delay),
                  a: "false", b: "true", options: options), in: db)
        let latency = cost.comparisons[0]
        let falseStarts = benefit.comparisons[0]
        let fewer = falseStarts.verdict == .better, slower = latency.verdict == .slower
        // "Most" only when the delay at least halves the rate.
        let most = fewer && (falseStarts.b.rate ?? 1) * 2 <= (falseStarts.a.rate ?? 0)
        let falseStartNumbers = "\(DemoFinding.rate(falseStarts.a)) without vs "
            + "\(DemoFinding.rate(falseStarts.b)) with it (\(DemoFinding.evidence(falseStarts)))"
        let latencyNumbers = "touchesBegan p50 \(DemoFinding.milliseconds(latency.a.p50)) without vs "
            + "\(DemoFinding.milliseconds(latency.b.p50)) with it (\(DemoFinding.evidence(latency)))"
        let costs = "costs every start about \(DemoFinding.milliseconds(latency.deltas[0].estimate))"
        let removes = most ? "removes most false starts" : "leaves fewer false starts"
        let delaySentence = "touch_delay = true: false starts \(falseStartNumbers), against \(latencyNumbers): "
            + (fewer && slower ? "the delay \(removes) and \(costs)."
               : fewer ? "fewer false starts, and no significant cost in start latency."
               : slower ? "later starts without significantly fewer false starts."
               : "no significant change in either.")
        // The report shows the cost and the benefit in sections of their own: each says its own part.
        let latencyPart = "touch_delay = true " + (slower ? costs : "has no significant cost in start latency")
            + ": \(latencyNumbers)."
        let falseStartPart = "touch_delay = true " + (fewer ? removes : "does not significantly reduce false starts")
            + ": false starts \(falseStartNumbers)."

        let reach = try Comparer.runProportions(
            .init(selection: ComparisonSelection(by: "hit_area", outcome: .reached,
                                                 experiment: SimulatedExperiment.hitArea.rawValue),
                  a: "frame", b: "44pt", options: options), in: db)
        let reached = reach.comparisons[0]
        let reachSentence = "hit_area = 44pt: \(DemoFinding.rate(reached.b)) of touch-downs reach the icon nearest "
            + "them, against \(DemoFinding.rate(reached.a)) with the visible 28 pt frame "
            + "(\(DemoFinding.evidence(reached))): "
            + (reached.verdict == .better ? "the enlarged hit area makes the small icons reachable."
                                          : "no significant change.")
        return [
            DemoFinding(title: "Touch delay (false starts against the 150 ms every start waits)",
                        sentence: delaySentence, run: cost, rates: [benefit],
                        parts: (latency: latencyPart, rates: [falseStartPart])),
            DemoFinding(title: "Hit area (small icons, visible frame vs 44 × 44 pt)", sentence: reachSentence,
                        run: nil, rates: [reach]),
        ]
    }
}
