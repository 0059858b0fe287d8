import Foundation
import GestureAnalysis
import GestureStore

extension Benchmark {
    /// The touch-delay experiment's comparison, false starts with the delay
    /// against without, at each unit: a rate comparison bootstraps per-session
    /// counts rather than latencies.
    func falseStartComparisons(_ db: some StoreReader, log: (String) -> Void) throws -> [Measurement] {
        let name = "compare --experiment touch-delay --by touch_delay --metric false-start"
        let selection = ComparisonSelection(by: "touch_delay", outcome: .falseStart, experiment: "touch-delay")
        let found = try selection.values(db)
        guard found.contains("false"), found.contains("true") else {
            return [Measurement(step: name, count: nil, seconds: 0, target: "≤ 2 s", met: nil,
                                note: "not timed: this capture has no touch-delay sessions of both kinds; more records make it")]
        }
        return try AnalysisUnit.allCases.map { unit in
            let step = unit == .session ? name : "\(name) --unit touch"
            log(step)
            let started = ContinuousClock.now
            let run = try Comparer.runProportions(.init(selection: selection, a: "false", b: "true",
                                                        options: .init(unit: unit)), in: db)
            let seconds = elapsed(since: started)
            let trials = run.comparisons.reduce(0) { $0 + $1.a.trials + $1.b.trials }
            let sessions = run.comparisons.reduce(0) { $0 + $1.a.sessions + $1.b.sessions }
            return Measurement(step: step, count: nil, seconds: seconds, target: "≤ 2 s", met: seconds <= 2,
                               note: "\(trials.grouped) starts in \(sessions.grouped) sessions compared")
        }
    }
}
