/// Group B against group A: percentiles, their differences with bootstrap
/// intervals, the tests and a verdict (docs/latencies.md).
///
/// By default the session is the unit of replication: intervals come from a
/// t interval on the standard error of a bootstrap of whole sessions
/// (``SessionBootstrap``),
/// the verdict from Welch's t on the per-session mean log latencies, and the
/// clustering is measured (ICC(1), design effect, effective n). With
/// `unit: .touch` every value is taken as independent, as one session's
/// data must be.
///
///     let comparison = Comparison(a: groupA, b: groupB, labels: ("none", "bottom+right"),
///                                 options: .init(alpha: 0.05, seed: 1))
///     print(comparison.verdict)   // .faster, .slower or .noDifference
package struct Comparison: Sendable {
    /// The percentiles every comparison reports, and compares.
    package static let percents: [Double] = [50, 90, 95, 99]

    package struct Options: Sendable, Equatable {
        package var alpha: Double = 0.05
        package var seed: UInt64 = 1
        package var confidence: Double = 0.95
        /// What is replicated: sessions (the default) or touches.
        package var unit: AnalysisUnit = .session
        /// Replicates of the session-level bootstrap a group; nil adapts
        /// them to the Monte Carlo error (``SessionBootstrap``).
        package var replicates: Int?

        package init(alpha: Double = 0.05, seed: UInt64 = 1, confidence: Double = 0.95, unit: AnalysisUnit = .session,
                     replicates: Int? = nil) {
            self.alpha = alpha
            self.seed = seed
            self.confidence = confidence
            self.unit = unit
            self.replicates = replicates
        }
    }

    /// One group's size and percentiles, in milliseconds; nil when empty.
    package struct GroupSummary: Sendable, Equatable {
        package var label: String
        package var n: Int
        /// p50, p90, p95, p99 in the order of `Comparison.percents`.
        package var percentiles: [Double?]
        package var max: Double?
        /// The sessions the values came from.
        package var sessions: Int = 1

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

        /// This percentile's own mark, from its own interval: slower when the
        /// whole interval of B − A lies above 0, faster when below, else `~`
        /// (also when there is no interval).
        package var mark: Verdict {
            guard case .success(let bounds) = interval else { return .noDifference }
            if bounds.low > 0 { return .slower }
            if bounds.high < 0 { return .faster }
            return .noDifference
        }
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
        /// Each session's median of its per-touch differences, in session order.
        package var sessionMedians: [Double] = []
        /// Wilcoxon signed-rank on ``sessionMedians`` (scipy's defaults, no
        /// minimum count: the smallest p the count allows is reported instead).
        package var sessionWilcoxon: Result<WilcoxonResult, InsufficientData>? = nil
    }

    package var a: GroupSummary
    package var b: GroupSummary
    package var deltas: [Delta]
    package var mannWhitney: Result<MannWhitneyResult, InsufficientData>
    package var options: Options
    package var paired: Paired?
    /// The session-level analysis (computed whatever the unit, reported in
    /// JSON either way; the verdict follows it under `unit: .session`).
    package var sessionLevel: SessionLevel
    /// Sentences naming groups that drew on sessions whose recorder dropped
    /// events (see `ComparisonSelection.droppedEvents`); they lead `notes`.
    package var dropNotes: [String] = []

    /// Values without sessions: all of a group's values count as one session.
    ///
    /// - Parameters:
    ///   - a: group A's latencies in milliseconds, sorted ascending.
    ///   - b: group B's, sorted ascending.
    ///   - pairedDifferences: per-touch B − A when both were measured on the same touches.
    package init(a: [Double], b: [Double], labels: (a: String, b: String), options: Options = Options(),
                pairedDifferences: [Double] = []) {
        self.init(a: SessionGroup(oneSession: a), b: SessionGroup(oneSession: b), labels: labels, options: options,
                  pairedDifferences: pairedDifferences.isEmpty ? nil : SessionGroup(oneSession: pairedDifferences))
    }

    /// - Parameters:
    ///   - a: group A's latencies in milliseconds, by session.
    ///   - b: group B's.
    ///   - pairedDifferences: per-touch B − A by session, when both were
    ///     measured on the same touches.
    ///   - percentIntervals: ``percentIntervals(a:b:options:)`` for these
    ///     groups and options, when drawn already; nil draws them here.
    package init(a groupA: SessionGroup, b groupB: SessionGroup, labels: (a: String, b: String),
                options: Options = Options(), pairedDifferences: SessionGroup? = nil,
                percentIntervals: [Result<BootstrapInterval, InsufficientData>]? = nil) {
        let pooled = BootstrapInterval.concurrently(2) { ($0 == 0 ? groupA : groupB).pooledSorted }
        let a = pooled[0], b = pooled[1]
        var summaryA = GroupSummary(label: labels.a, sorted: a)
        var summaryB = GroupSummary(label: labels.b, sorted: b)
        summaryA.sessions = groupA.count
        summaryB.sessions = groupB.count
        self.a = summaryA
        self.b = summaryB
        self.options = options
        let bootstrap = QuantileBootstrap(seed: options.seed, confidence: options.confidence)
        let twoStage = TwoStageBootstrap(seed: options.seed, confidence: options.confidence)
        let pairedInput = pairedDifferences.flatMap { $0.valueCount > 0 ? ($0, $0.pooledSorted) : nil }
        let intervals: [Result<BootstrapInterval, InsufficientData>]
        switch (options.unit, percentIntervals) {
        case (.touch, let drawn?):
            intervals = drawn + (pairedInput.map { [bootstrap.interval(sorted: $0.1, percent: 50)] } ?? [])
        case (.touch, nil):
            intervals = Self.touchIntervals(a: a, b: b, pairedDifferences: pairedInput?.1, options: options)
        case (.session, let drawn):
            // One set of replicates for every percentile, drawn in chunks on all cores.
            intervals = (drawn ?? SessionBootstrap.intervals(a: groupA, b: groupB, percents: Self.percents, options: options))
                + (pairedInput.map { [twoStage.interval($0.0, percent: 50)] } ?? [])
        }
        deltas = Self.percents.enumerated().map { index, percent in
            let estimate: Double? = if let pa = summaryA.percentiles[index], let pb = summaryB.percentiles[index] {
                pb - pa
            } else {
                nil
            }
            return Delta(percent: percent, estimate: estimate, interval: intervals[index])
        }
        mannWhitney = MannWhitney.test(sortedA: a, sortedB: b)
        sessionLevel = SessionLevel(a: groupA, b: groupB)
        if case (let pairedDifferences, let sorted)? = pairedInput {
            let sessionMedians = pairedDifferences.medians
            paired = Paired(differences: sorted, median: intervals[Self.percents.count],
                                 wilcoxon: WilcoxonSignedRank.test(differences: sorted),
                                 sessionMedians: sessionMedians,
                                 sessionWilcoxon: WilcoxonSignedRank.test(differences: sessionMedians, minimumNonzero: 1))
        }
    }

    /// The B − A intervals at ``percents`` that `init` draws for
    /// `options.unit` (the paired median's apart): the slow part, so that a
    /// caller can draw them on other threads while it reads the rest.
    package static func percentIntervals(a groupA: SessionGroup, b groupB: SessionGroup,
                                         options: Options) -> [Result<BootstrapInterval, InsufficientData>] {
        switch options.unit {
        case .touch:
            return touchIntervals(a: groupA.pooledSorted, b: groupB.pooledSorted, pairedDifferences: nil,
                                  options: options)
        case .session:
            return SessionBootstrap.intervals(a: groupA, b: groupB, percents: percents, options: options)
        }
    }

    /// The pooled (`unit: .touch`) B − A intervals at ``percents`` from the
    /// sorted groups, then the paired differences' median when given. Each
    /// interval starts its own generator at the seed, so they are drawn side
    /// by side and still come out as drawn one after another.
    private static func touchIntervals(a: [Double], b: [Double], pairedDifferences: [Double]?,
                                       options: Options) -> [Result<BootstrapInterval, InsufficientData>] {
        let bootstrap = QuantileBootstrap(seed: options.seed, confidence: options.confidence)
        return BootstrapInterval.concurrently(percents.count + (pairedDifferences == nil ? 0 : 1)) { index in
            guard index < percents.count else { return bootstrap.interval(sorted: pairedDifferences!, percent: 50) }
            return bootstrap.difference(a: a, b: b, percent: percents[index])
        }
    }

    /// The test the verdict follows, as (p, direction, smallest possible p):
    /// the pooled Mann–Whitney for `unit: .touch`; for `.session`, Wilcoxon
    /// on the per-session median differences of a paired `via` split, else
    /// Welch's t on the per-session mean log latencies (Mann–Whitney on the
    /// per-session medians when a log is undefined; ``SessionLevel``).
    /// Direction > 0: B tends larger.
    package var decidingTest: (p: Double, direction: Double, smallestPossibleP: Double)? {
        switch options.unit {
        case .touch:
            guard case .success(let test) = mannWhitney else { return nil }
            return (test.p, 0.5 - test.probabilityAGreater, test.smallestPossibleP)
        case .session:
            if let paired, let sessionTest = paired.sessionWilcoxon {
                guard case .success(let test) = sessionTest else { return nil }
                let direction = test.rankSumPositive - Double(test.n) * Double(test.n + 1) / 4
                return (test.p, direction, test.smallestPossibleP)
            }
            switch sessionLevel.decidingTest {
            case .welch(let test)?: return (test.p, test.t, 0)
            case .mannWhitney(let test)?: return (test.p, 0.5 - test.probabilityAGreater, test.smallestPossibleP)
            case nil: return nil
            }
        }
    }

    /// The name of ``decidingTest`` as outputs give it: `welch_t`,
    /// `mann_whitney` (on session medians, or on pooled touches under
    /// `unit: .touch`) or `wilcoxon` (each session's median difference of
    /// a paired split); nil when it could not run.
    package var decidingTestName: String? {
        guard decidingTest != nil else { return nil }
        switch options.unit {
        case .touch: return "mann_whitney"
        case .session:
            if paired?.sessionWilcoxon != nil { return "wilcoxon" }
            if case .welch? = sessionLevel.decidingTest { return WelchTest.name }
            return "mann_whitney"
        }
    }

    /// Faster or slower when the deciding test (``decidingTest``) rejects
    /// "no difference" at alpha; the direction is which group tends to be
    /// larger. With the session as the unit, a group of one session never
    /// gives a verdict: there is nothing to replicate.
    package var verdict: Verdict {
        if options.unit == .session, !sessionLevel.hasReplication(pairedSessions: paired?.sessionMedians.count) { return .noDifference }
        guard let test = decidingTest, test.p < options.alpha else { return .noDifference }
        if test.direction < 0 { return .faster }
        if test.direction > 0 { return .slower }
        return .noDifference
    }

    /// B − A at `percent` as a percentage of A's value there; nil when undefined.
    package func relativeChange(atPercent percent: Double) -> Double? {
        guard let index = Self.percents.firstIndex(of: percent), let estimate = deltas[index].estimate,
              let base = a.percentiles[index], base != 0 else { return nil }
        return estimate / base * 100
    }

    /// The latency-budget gate, judged at the budget's own percentile: its
    /// row is marked slower (the whole B − A interval above 0) and B's
    /// percentile exceeds A's by more than `percentLimit` percent. A
    /// regression only in the tail trips a p95 budget; one only at the
    /// median does not.
    package func exceedsBudget(percentLimit: Double, atPercent percent: Double) -> Bool {
        guard let index = Self.percents.firstIndex(of: percent), deltas[index].mark == .slower,
              let change = relativeChange(atPercent: percent) else { return false }
        return change > percentLimit
    }

    /// False when the group sizes rule out a significant test result at alpha.
    package var canBeSignificant: Bool {
        if options.unit == .session, !sessionLevel.hasReplication(pairedSessions: paired?.sessionMedians.count) { return false }
        guard let test = decidingTest else { return false }
        return test.smallestPossibleP < options.alpha
    }

    /// Plain sentences for what could not be computed, benchstat-style footnotes.
    package var notes: [String] {
        var notes = dropNotes
        switch options.unit {
        case .session: notes += sessionNotes
        case .touch:
            notes.append("unit: touch — every value is taken as independent; when the sessions differ, p-values and "
                + "intervals are too confident (--unit session analyses sessions)")
            notes += touchTestNotes
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

    private var touchTestNotes: [String] {
        switch mannWhitney {
        case .failure(let reason):
            return ["Mann–Whitney test not run: \(reason.reason)"]
        case .success(let test) where test.smallestPossibleP >= options.alpha:
            return ["with n = \(a.n) vs \(b.n), no split of these values reaches p < "
                + "\(NumberText.shortest(options.alpha)) (the smallest p possible is "
                + "\(String(format: "%.3g", test.smallestPossibleP))): the test cannot show a difference; record more touches"]
        case .success:
            return []
        }
    }

    /// Too few sessions, said in words: what the counts allow and what to record.
    private var sessionNotes: [String] {
        let pairedDesign = paired != nil
        if !sessionLevel.hasReplication(pairedSessions: paired?.sessionMedians.count) {
            let few = pairedDesign ? "the paired touches come from one session"
                : [a, b].filter { $0.sessions < 2 }.map { "\($0.label) has \($0.sessions) session" }.joined(separator: " and ")
            return ["\(few): there is no session-level inference, since the spread between sessions cannot be "
                + "estimated from one; the verdict is ~. Record at least 4 sessions a group (on different devices or "
                + "people, or at different times), or use --unit touch to describe this session's touches, which speaks "
                + "for that session only"]
        }
        var notes: [String] = []
        if !pairedDesign, let reason = sessionLevel.welchFallbackReason {
            notes.append("\(reason); the verdict follows Mann–Whitney on the session medians")
        }
        guard let test = decidingTest else { return notes }
        if test.smallestPossibleP >= options.alpha {
            let sizes = pairedDesign ? "\(paired?.sessionMedians.count ?? 0) sessions"
                : "\(a.sessions) vs \(b.sessions) sessions"
            // Sizes that could reach alpha with distinct values are held up by ties.
            let largeEnough = pairedDesign ? (paired?.sessionMedians.count ?? 0) >= 6 : min(a.sessions, b.sessions) >= 4
            return notes + ["with \(sizes), the smallest p the session-level test allows is "
                + "\(String(format: "%.3g", test.smallestPossibleP)): it cannot reach p < "
                + "\(NumberText.shortest(options.alpha)); record more sessions "
                + (largeEnough ? Self.tiesHoldTheFloor : pairedDesign ? "(6 or more)" : "(4 or more a group)")]
        }
        if verdict == .noDifference, let needed = sessionsNeededNote { notes.append(needed) }
        if let coverage = coverageNote { notes.append(coverage) }
        return notes
    }

    /// Where the calibration study (docs/latencies.md, `bench --calibration`)
    /// found the session intervals off their 95 %: sessions that differ a
    /// lot (ICC 0.5 or more) with 8 or fewer in the smaller group, where the
    /// p50 errs wide and the p99 may cover as little as 89 %. The ranges are
    /// that study's, over its shapes, touch counts and ICCs of 0.5 and 0.9.
    private var coverageNote: String? {
        guard let icc = sessionLevel.clustering.icc, icc >= 0.5 else { return nil }
        let fewest = min(a.sessions, b.sessions)
        guard fewest <= 8 else { return nil }
        return "sessions differ a lot here (ICC \(String(format: "%.2f", icc))) with \(fewest) "
            + "session\(fewest == 1 ? "" : "s") in the smaller group: in the calibration study, 95 % intervals in "
            + "such designs covered the true difference 94–100 % of the time at p50 (up to twice as wide as needed), "
            + "93–99.5 % at p95 and 89–100 % at p99; read the p99 interval as indicative, and record more sessions "
            + "to narrow them all"
    }

    /// After a `~` from Welch's t: how many sessions a group would detect a
    /// 10 % and a 25 % change in typical latency 80 % of the time, from the
    /// spread of these sessions' mean log latencies (``SessionsNeeded``).
    private var sessionsNeededNote: String? {
        guard paired == nil, case .welch? = sessionLevel.decidingTest,
              let logsA = sessionLevel.meanLogsA, let logsB = sessionLevel.meanLogsB else { return nil }
        let spread = SessionsNeeded.pooledSpread(logsA, logsB)
        let counts = [0.10, 0.25].map { change in
            SessionsNeeded.perGroup(change: change, spread: spread, alpha: options.alpha).map { $0.grouped }
                ?? "more than \(SessionsNeeded.searchLimit.grouped)"
        }
        return "not significant; with this spread between sessions (SD of session mean log latency "
            + "\(String(format: "%.3g", spread))), about \(counts[0]) sessions a group would detect a 10 % change in "
            + "typical latency 80 % of the time, and about \(counts[1]) a 25 % change (Welch's t, alpha "
            + "\(NumberText.shortest(options.alpha))); the smaller group here has \(min(a.sessions, b.sessions).grouped)"
    }

    /// Why more sessions are asked for when the sizes would do with distinct values.
    static let tiesHoldTheFloor = "(these sizes could reach it with distinct values, but sessions tied at the same value "
        + "hold the smallest p up)"
}

/// What a comparison replicates: sessions (independent recordings) or touches.
package enum AnalysisUnit: String, Sendable, CaseIterable {
    case session
    case touch
}
