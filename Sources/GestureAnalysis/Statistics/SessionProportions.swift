/// One group's counts, k of n, kept apart by the session they were recorded in.
///
/// The proportion metrics' counterpart of ``SessionGroup``: for `reached`,
/// each session's touches that reached their nearest target (k) of its
/// touches with a nearest target (n); for `false-start`, its false starts
/// of its (touch, target) pairs with a start. The session-level analyses
/// take the per-session rates (Mann–Whitney) and the counts (the session-level
/// bootstrap of the pooled rate).
///
/// ```swift
/// let group = SessionProportions(sessions: [(1, 18, 20), (2, 9, 12)])
/// group.successes    // 27
/// group.trials       // 32
/// group.rates        // [0.9, 0.75]
/// ```
package struct SessionProportions: Sendable, Equatable {
    /// One session's count.
    package struct Session: Sendable, Equatable {
        package var id: Int64
        package var successes: Int
        package var trials: Int

        /// k/n of this session.
        package var rate: Double { Double(successes) / Double(trials) }
    }

    /// Sessions with at least one trial, in the order given.
    package var sessions: [Session]

    /// Sessions from (id, k, n); sessions with n = 0 have no rate and are left out.
    ///
    /// - Precondition: 0 ≤ k ≤ n for each session.
    package init(sessions: [(id: Int64, successes: Int, trials: Int)]) {
        precondition(sessions.allSatisfy { $0.successes >= 0 && $0.successes <= $0.trials }, "k must lie in 0…n")
        self.sessions = sessions.filter { $0.trials > 0 }
            .map { Session(id: $0.id, successes: $0.successes, trials: $0.trials) }
    }

    /// Number of sessions.
    package var count: Int { sessions.count }
    /// k over all sessions.
    package var successes: Int { sessions.reduce(0) { $0 + $1.successes } }
    /// n over all sessions.
    package var trials: Int { sessions.reduce(0) { $0 + $1.trials } }
    /// Each session's rate, in session order.
    package var rates: [Double] { sessions.map(\.rate) }
    /// k/n over all sessions; nil when there are no trials.
    package var pooledRate: Double? { trials == 0 ? nil : Double(successes) / Double(trials) }
}
