/// Group B against group A: percentiles, their differences with bootstrap
/// intervals, the Mann–Whitney U test and a verdict (docs/latencies.md).
///
///     let comparison = Comparison(a: sortedA, b: sortedB, labels: ("none", "bottom+right"),
///                                 options: .init(alpha: 0.05, seed: 1))
///     print(comparison.verdict)   // .faster, .slower or .noDifference
package struct Comparison: Sendable {
    /// The percentiles every comparison reports, and compares.
    package static let percents: [Double] = [50, 90, 95, 99]

    package struct Options: Sendable, Equatable {
        package var alpha: Double = 0.05
        package var seed: UInt64 = 1
        package var confidence: Double = 0.95

        package init(alpha: Double = 0.05, seed: UInt64 = 1, confidence: Double = 0.95) {
            self.alpha = alpha
            self.seed = seed
            self.confidence = confidence
        }
    }

    /// One group's size and percentiles, in milliseconds; nil when empty.
    package struct GroupSummary: Sendable, Equatable {
        package var label: String
        package var n: Int
        /// p50, p90, p95, p99 in the order of `Comparison.percents`.
        package var percentiles: [Double?]
        package var max: Double?

        /// The median, in milliseconds; nil when the group is empty.
        package var p50: Double? { percentiles[0] }
        package var p90: Double? { percentiles[1] }
        package var p95: Double? { percentiles[2] }
        package var p99: Double? { percentiles[3] }

        init(label: String, sorted values: [Double]) {
            self.label = label
            n = values.count
            percentiles = Comparison.percents.map { Percentile.of(sorted: values, percent: $0) }
            max = values.last
        }
    }

    /// B − A at one percentile, with its interval or why there is none.
    package struct Delta: Sendable, Equatable {
        package var percent: Double
        /// B's percentile minus A's; nil when either group is empty.
        package var estimate: Double?
        package var interval: Result<BootstrapInterval, InsufficientData>
    }

    package enum Verdict: String, Sendable {
        /// B is significantly faster than A.
        case faster
        /// B is significantly slower than A.
        case slower
        /// No significant difference at alpha, or too few values to tell.
        case noDifference = "~"
    }

    /// The paired design: the same touches heard on both channels.
    package struct Paired: Sendable, Equatable {
        /// Per-touch differences B − A, sorted.
        package var differences: [Double]
        package var median: Result<BootstrapInterval, InsufficientData>
        package var wilcoxon: Result<WilcoxonResult, InsufficientData>
    }

    package var a: GroupSummary
    package var b: GroupSummary
    package var deltas: [Delta]
    package var mannWhitney: Result<MannWhitneyResult, InsufficientData>
    package var options: Options
    package var paired: Paired?
    /// Sentences naming groups that drew on sessions whose recorder dropped
    /// events (see `ComparisonSelection.droppedEvents`); they lead `notes`.
    package var dropNotes: [String] = []

    /// - Parameters:
    ///   - a: group A's latencies in milliseconds, sorted ascending.
    ///   - b: group B's, sorted ascending.
    ///   - pairedDifferences: per-touch B − A when both were measured on the same touches.
    package init(a: [Double], b: [Double], labels: (a: String, b: String), options: Options = Options(),
                pairedDifferences: [Double] = []) {
        let summaryA = GroupSummary(label: labels.a, sorted: a)
        let summaryB = GroupSummary(label: labels.b, sorted: b)
        self.a = summaryA
        self.b = summaryB
        self.options = options
        let bootstrap = QuantileBootstrap(seed: options.seed, confidence: options.confidence)
        deltas = Self.percents.enumerated().map { index, percent in
            let estimate: Double? = if let pa = summaryA.percentiles[index], let pb = summaryB.percentiles[index] {
                pb - pa
            } else {
                nil
            }
            return Delta(percent: percent, estimate: estimate,
                         interval: bootstrap.difference(a: a, b: b, percent: percent))
        }
        mannWhitney = MannWhitney.test(sortedA: a, sortedB: b)
        if !pairedDifferences.isEmpty {
            let sorted = pairedDifferences.sorted()
            paired = Paired(differences: sorted,
                            median: bootstrap.interval(sorted: sorted, percent: 50),
                            wilcoxon: WilcoxonSignedRank.test(differences: sorted))
        }
    }

    /// Faster or slower when Mann–Whitney rejects "same distribution" at
    /// alpha; the direction is which group tends to be larger.
    package var verdict: Verdict {
        guard case .success(let test) = mannWhitney, test.p < options.alpha else { return .noDifference }
        if test.probabilityAGreater > 0.5 { return .faster }
        if test.probabilityAGreater < 0.5 { return .slower }
        return .noDifference
    }

    /// B − A at `percent` as a percentage of A's value there; nil when undefined.
    package func relativeChange(atPercent percent: Double) -> Double? {
        guard let index = Self.percents.firstIndex(of: percent), let estimate = deltas[index].estimate,
              let base = a.percentiles[index], base != 0 else { return nil }
        return estimate / base * 100
    }

    /// The latency-budget gate: B is significantly slower than A and its
    /// percentile exceeds A's by more than `percentLimit` percent.
    package func exceedsBudget(percentLimit: Double, atPercent percent: Double) -> Bool {
        guard verdict == .slower, let change = relativeChange(atPercent: percent) else { return false }
        return change > percentLimit
    }

    /// False when the group sizes rule out a significant test result at alpha.
    package var canBeSignificant: Bool {
        guard case .success(let test) = mannWhitney else { return false }
        return test.smallestPossibleP < options.alpha
    }

    /// Plain sentences for what could not be computed, benchstat-style footnotes.
    package var notes: [String] {
        var notes = dropNotes
        switch mannWhitney {
        case .failure(let reason):
            notes.append("Mann–Whitney test not run: \(reason.reason)")
        case .success(let test) where !canBeSignificant:
            notes.append("with n = \(a.n) vs \(b.n), no split of these values reaches p < "
                + "\(NumberText.shortest(options.alpha)) (the smallest p possible is "
                + "\(String(format: "%.3g", test.smallestPossibleP))): the test cannot show a difference; record more touches")
        case .success:
            break
        }
        for delta in deltas {
            if case .failure(let reason) = delta.interval {
                notes.append("no interval for p\(Int(delta.percent)): \(reason.reason)")
            }
        }
        if let paired {
            if case .failure(let reason) = paired.wilcoxon { notes.append("Wilcoxon test not run: \(reason.reason)") }
            if case .failure(let reason) = paired.median { notes.append("no interval for the paired median: \(reason.reason)") }
        }
        return notes
    }
}
