/// Group B against group A on a touch outcome: each group's rate with its
/// Wilson interval, B − A with an interval, the tests and a verdict
/// (docs/outcomes.md).
///
/// With the session as the unit (the default) B − A's interval is a
/// t interval on a bootstrap of whole sessions' pooled rates (``SessionBootstrap``) and the verdict
/// follows Mann–Whitney on the per-session rates; with `unit: .touch`
/// the interval is Newcombe's hybrid score interval and the verdict follows
/// Fisher's exact test. Both tests are computed and reported either way.
///
///     let comparison = ProportionComparison(metric: .reached, a: groupA, b: groupB,
///                                           labels: ("small", "enlarged"), options: .init(seed: 1))
///     print(comparison.verdict)   // .better, .worse or .noDifference
package struct ProportionComparison: Sendable {
    /// One group's count and rate.
    package struct GroupRate: Sendable, Equatable {
        package var label: String
        /// Sessions with at least one counted row.
        package var sessions: Int
        /// k: touches that reached, or false starts.
        package var successes: Int
        /// n: touches with a nearest target, or starts.
        package var trials: Int
        /// The rate with its Wilson interval, or why there is none (n = 0).
        package var wilson: Result<WilsonInterval, InsufficientData>

        /// k/n; nil when n = 0.
        package var rate: Double? { trials == 0 ? nil : Double(successes) / Double(trials) }

        init(label: String, group: SessionProportions, confidence: Double) {
            self.label = label
            sessions = group.count
            successes = group.successes
            trials = group.trials
            wilson = Result { () throws(InsufficientData) in
                try WilsonInterval(successes: group.successes, trials: group.trials, confidence: confidence)
            }
        }
    }

    package enum Verdict: String, Sendable {
        /// B is significantly more favourable: more touches reached, fewer false starts.
        case better
        /// B is significantly less favourable.
        case worse
        /// No significant difference at alpha, or too little data to tell.
        case noDifference = "~"
    }

    package var metric: OutcomeMetric
    package var a: GroupRate
    package var b: GroupRate
    /// B − A: the estimate and the interval of the unit in use (Newcombe for
    /// touches, ``SessionBootstrap`` for sessions).
    package var delta: Result<BootstrapInterval, InsufficientData>
    /// Newcombe's interval of B − A over pooled touches, whatever the unit.
    package var newcombe: Result<NewcombeInterval, InsufficientData>
    /// Fisher's exact test on the pooled 2×2 table `[[k_A, n_A − k_A], [k_B, n_B − k_B]]`.
    package var fisher: FisherExactTest
    /// Each session's rate, A's and B's.
    package var sessionRatesA: [Double]
    package var sessionRatesB: [Double]
    /// Mann–Whitney on the per-session rates, as
    /// `scipy.stats.mannwhitneyu(rates_a, rates_b, method="auto")`.
    package var sessionTest: Result<MannWhitneyResult, InsufficientData>
    package var options: Comparison.Options
    /// Sentences naming groups that drew on sessions whose recorder dropped events.
    package var dropNotes: [String] = []
    /// What the key's values are, when a group came out empty (a misspelt `--b`, or a filter that left nothing).
    package var valuesFound: [String]?

    package init(metric: OutcomeMetric, a groupA: SessionProportions, b groupB: SessionProportions,
                 labels: (a: String, b: String), options: Comparison.Options = .init()) {
        self.metric = metric
        self.options = options
        a = GroupRate(label: labels.a, group: groupA, confidence: options.confidence)
        b = GroupRate(label: labels.b, group: groupB, confidence: options.confidence)
        newcombe = Result { () throws(InsufficientData) in
            try NewcombeInterval(a: (groupA.successes, groupA.trials), b: (groupB.successes, groupB.trials),
                                 confidence: options.confidence)
        }
        fisher = FisherExactTest(a: (groupA.successes, groupA.trials), b: (groupB.successes, groupB.trials))
        sessionRatesA = groupA.rates
        sessionRatesB = groupB.rates
        sessionTest = MannWhitney.auto(sessionRatesA, sessionRatesB)
        switch options.unit {
        case .touch:
            delta = newcombe.map { BootstrapInterval(estimate: $0.difference, low: $0.lower, high: $0.upper) }
        case .session:
            delta = SessionBootstrap(seed: options.seed, replicates: options.replicates, confidence: options.confidence)
                .rateDifference(a: groupA, b: groupB).map(\.bootstrapInterval)
        }
    }

    /// B's rate minus A's; nil when a group has no rows.
    package var difference: Double? {
        guard let rateA = a.rate, let rateB = b.rate else { return nil }
        return rateB - rateA
    }

    /// Whether each group has the sessions a session-level test needs (2 or more).
    package var hasReplication: Bool { a.sessions >= 2 && b.sessions >= 2 }

    /// The test the verdict follows, as (p, direction, smallest possible p):
    /// Fisher for `unit: .touch`, Mann–Whitney on session rates for
    /// `.session`. Direction > 0: B's rate tends to be higher.
    package var decidingTest: (p: Double, direction: Double, smallestPossibleP: Double?)? {
        switch options.unit {
        case .touch:
            guard let difference else { return nil }
            return (fisher.p, difference, nil)
        case .session:
            guard case .success(let test) = sessionTest else { return nil }
            return (test.p, 0.5 - test.probabilityAGreater, test.smallestPossibleP)
        }
    }

    /// Better or worse when the deciding test rejects "no difference" at
    /// alpha, in the direction that is favourable for the metric; `~`
    /// otherwise, and always with one session a group under `unit: .session`.
    package var verdict: Verdict {
        if options.unit == .session, !hasReplication { return .noDifference }
        guard let test = decidingTest, test.p < options.alpha, test.direction != 0 else { return .noDifference }
        return (test.direction > 0) == metric.higherIsBetter ? .better : .worse
    }

    /// Plain sentences for what could not be computed or should be read with care.
    package var notes: [String] {
        var notes = dropNotes
        for group in [a, b] where group.trials == 0 {
            let found = valuesFound.map { "; values found: " + ($0.isEmpty ? "none" : $0.joined(separator: ", ")) } ?? ""
            notes.append("group \(group.label) has no \(metric.trialNoun) (n = 0): it has no rate, and nothing "
                + "can be said of B − A\(found)")
        }
        switch options.unit {
        case .session:
            if !hasReplication {
                let few = [a, b].filter { $0.sessions < 2 }
                    .map { "\($0.label) has \($0.sessions) session\($0.sessions == 1 ? "" : "s")" }
                    .joined(separator: " and ")
                notes.append("\(few): there is no session-level inference, since the spread between sessions cannot "
                    + "be estimated from fewer than two; the verdict is ~. Record at least 4 sessions a group, or use "
                    + "--unit touch to describe these touches, which speaks for these sessions only")
            } else if case .success(let test) = sessionTest, test.smallestPossibleP >= options.alpha {
                notes.append("with \(a.sessions) vs \(b.sessions) sessions, the smallest p the session-level test "
                    + "allows is \(String(format: "%.3g", test.smallestPossibleP)): it cannot reach p < "
                    + "\(NumberText.shortest(options.alpha)); record more sessions "
                    + (min(a.sessions, b.sessions) >= 4 ? Comparison.tiesHoldTheFloor : "(4 or more a group)"))
            }
        case .touch:
            notes.append("unit: touch — every \(metric.trialNounSingular) is taken as independent; when the sessions "
                + "differ, p-values and intervals are too confident (--unit session analyses sessions)")
        }
        if a.trials > 0, b.trials > 0, fisher.oddsRatio.isNaN {
            let all = a.trials + b.trials, none = a.successes + b.successes == 0
            let what = switch metric {
            case .reached: none ? "none of the \(all) touches reached its target" : "all \(all) touches reached their target"
            case .falseStart: none ? "none of the \(all) starts was a false start" : "all \(all) starts were false starts"
            }
            notes.append("\(what): the rates are equal and Fisher's test has nothing to weigh (p = 1)")
        }
        if a.trials > 0, b.trials > 0, case .failure(let reason) = delta {
            notes.append("no interval for B − A: \(reason.reason)")
        }
        return notes
    }
}
