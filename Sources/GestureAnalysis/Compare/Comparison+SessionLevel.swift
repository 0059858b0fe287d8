import Foundation

extension Comparison {
    /// The session-level numbers: counts, the tests on per-session
    /// summaries, and the clustering.
    ///
    /// The verdict's test is Welch's t on each session's mean log latency
    /// (``welch``) whenever every latency is positive and the sessions vary;
    /// Mann–Whitney on the per-session medians (``test``) is reported beside
    /// it and decides only when Welch's cannot run. In the calibration study
    /// (docs/latencies.md) both hold their 5 % level, and Welch's has far
    /// more power with few sessions: Mann–Whitney cannot reject at all with
    /// 3 sessions a group.
    package struct SessionLevel: Sendable, Equatable {
        /// Each session's median, A's and B's.
        package var mediansA: [Double]
        package var mediansB: [Double]
        /// Mann–Whitney on the per-session medians, as
        /// `scipy.stats.mannwhitneyu(medians_a, medians_b, method="auto")`.
        package var test: Result<MannWhitneyResult, InsufficientData>
        /// Each session's mean log latency (log of milliseconds), A's and B's;
        /// nil when a group holds a latency of 0 or less, which has no log.
        package var meanLogsA: [Double]?
        package var meanLogsB: [Double]?
        /// Welch's t on ``meanLogsA`` and ``meanLogsB``, as
        /// `scipy.stats.ttest_ind(log_means_a, log_means_b, equal_var=False)`;
        /// nil when a log is undefined.
        package var welch: Result<WelchTest, InsufficientData>?
        package var clustering: SessionClustering
        /// Values per session, A's and B's.
        package var sizesA: [Int]
        package var sizesB: [Int]

        package init(a: SessionGroup, b: SessionGroup) {
            mediansA = a.medians
            mediansB = b.medians
            sizesA = a.sizes
            sizesB = b.sizes
            test = MannWhitney.auto(mediansA, mediansB)
            meanLogsA = WelchTest.sessionMeanLogs(a)
            meanLogsB = WelchTest.sessionMeanLogs(b)
            if let meanLogsA, let meanLogsB { welch = WelchTest.test(meanLogsA, meanLogsB) }
            clustering = SessionClustering(groups: [a, b])
        }

        /// The test the unpaired session-level verdict follows.
        package enum DecidingTest: Sendable, Equatable {
            case welch(WelchTest)
            case mannWhitney(MannWhitneyResult)
        }

        /// Welch's t when it ran, else Mann–Whitney on the medians when it
        /// ran; nil when neither could.
        package var decidingTest: DecidingTest? {
            if case .success(let welch)? = welch { return .welch(welch) }
            if case .success(let test) = test { return .mannWhitney(test) }
            return nil
        }

        /// Why Welch's t does not decide, when it does not and there are
        /// sessions to replicate; nil otherwise.
        package var welchFallbackReason: String? {
            switch welch {
            case .success?: return nil
            case nil: return "a latency of 0 ms or less has no log, so Welch's t on session mean log latency cannot run"
            case .failure(let reason)?: return reason.reason
            }
        }

        /// Whether there are sessions to replicate: two or more a group, or
        /// for a paired design two or more sessions with paired touches.
        func hasReplication(pairedSessions: Int?) -> Bool {
            if let pairedSessions { return pairedSessions >= 2 }
            return mediansA.count >= 2 && mediansB.count >= 2
        }
    }
}
