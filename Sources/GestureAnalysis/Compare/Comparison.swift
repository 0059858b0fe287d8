/// Group B against group A: percentiles, their differences with bootstrap
/// intervals, the Mann–Whitney U test and a verdict (docs/latencies.md).
///
///     let comparison = Comparison(a: sortedA, b: sortedB, labels: ("none", "bottom+right"),
///                                 options: .init(alpha: 0.05, seed: 1))
///     print(comparison.verdict)   // .faster, .slower or .noDifference
public struct Comparison: Sendable {
    /// The percentiles every comparison reports, and compares.
    public static let percents: [Double] = [50, 90, 95, 99]

    public struct Options: Sendable, Equatable {
        public var alpha: Double = 0.05
        public var seed: UInt64 = 1
        public var confidence: Double = 0.95

        public init(alpha: Double = 0.05, seed: UInt64 = 1, confidence: Double = 0.95) {
            self.alpha = alpha
            self.seed = seed
            self.confidence = confidence
        }
    }

    /// One group's size and percentiles, in milliseconds; nil when empty.
    public struct GroupSummary: Sendable, Equatable {
        public var label: String
        public var n: Int
        /// p50, p90, p95, p99 in the order of `Comparison.percents`.
        public var percentiles: [Double?]
        public var max: Double?

        init(label: String, sorted values: [Double]) {
            self.label = label
            n = values.count
            percentiles = Comparison.percents.map { Percentile.of(sorted: values, percent: $0) }
            max = values.last
        }
    }

    /// B − A at one percentile, with its interval or why there is none.
    public struct Delta: Sendable, Equatable {
        public var percent: Double
        /// B's percentile minus A's; nil when either group is empty.
        public var estimate: Double?
        public var interval: Result<BootstrapInterval, InsufficientData>
    }

    public enum Verdict: String, Sendable {
        /// B is significantly faster than A.
        case faster
        /// B is significantly slower than A.
        case slower
        /// No significant difference at alpha, or too few values to tell.
        case noDifference = "~"
    }

    /// The paired design: the same touches heard on both channels.
    public struct Paired: Sendable, Equatable {
        /// Per-touch differences B − A, sorted.
        public var differences: [Double]
        public var median: Result<BootstrapInterval, InsufficientData>
        public var wilcoxon: Result<WilcoxonResult, InsufficientData>
    }

    public var a: GroupSummary
    public var b: GroupSummary
    public var deltas: [Delta]
    public var mannWhitney: Result<MannWhitneyResult, InsufficientData>
    public var options: Options
    public var paired: Paired?
    /// Sentences naming groups that drew on sessions whose recorder dropped
    /// events (see `ComparisonSelection.droppedEvents`); they lead `notes`.
    public var dropNotes: [String] = []

    /// - Parameters:
    ///   - a: group A's latencies in milliseconds, sorted ascending.
    ///   - b: group B's, sorted ascending.
    ///   - pairedDifferences: per-touch B − A when both were measured on the same touches.
    public init(a: [Double], b: [Double], labels: (a: String, b: String), options: Options = Options(),
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
    public var verdict: Verdict {
        guard case .success(let test) = mannWhitney, test.p < options.alpha else { return .noDifference }
        if test.probabilityAGreater > 0.5 { return .faster }
        if test.probabilityAGreater < 0.5 { return .slower }
        return .noDifference
    }

    /// B − A at `percent` as a percentage of A's value there; nil when undefined.
    public func relativeChange(atPercent percent: Double) -> Double? {
        guard let index = Self.percents.firstIndex(of: percent), let estimate = deltas[index].estimate,
              let base = a.percentiles[index], base != 0 else { return nil }
        return estimate / base * 100
    }

    /// The latency-budget gate: B is significantly slower than A and its
    /// percentile exceeds A's by more than `percentLimit` percent.
    public func exceedsBudget(percentLimit: Double, atPercent percent: Double) -> Bool {
        guard verdict == .slower, let change = relativeChange(atPercent: percent) else { return false }
        return change > percentLimit
    }

    /// False when the group sizes rule out a significant test result at alpha.
    public var canBeSignificant: Bool {
        guard case .success(let test) = mannWhitney else { return false }
        return test.smallestPossibleP < options.alpha
    }

    /// Plain sentences for what could not be computed, benchstat-style footnotes.
    public var notes: [String] {
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
