/// One group's values kept apart by the session they were recorded in.
///
/// Touches of one session share a device, a person, a build and a moment,
/// so the session, not the touch, is the unit of replication
/// (docs/latencies.md). The session-level analyses take this shape: the
/// per-session statistics (medians here; per-session rates for a proportion
/// metric) for the rank tests, and the sessions' values for the session-level
/// bootstrap and the intraclass correlation.
///
/// ```swift
/// let group = SessionGroup(sessions: [(1, [12, 15, 11]), (2, [30, 28])])
/// group.count          // 2 sessions
/// group.valueCount     // 5 values
/// group.medians        // [12, 29]: latencies, see ``WholeNanoseconds``
/// ```
package struct SessionGroup: Sendable, Equatable {
    /// One session's values, ascending.
    package struct Session: Sendable, Equatable {
        package var id: Int64
        package var sorted: [Double]

        package init(id: Int64, values: [Double]) {
            self.id = id
            sorted = values.sorted()
        }
    }

    /// Sessions with at least one value, in the order given.
    package var sessions: [Session]

    /// Sessions from (id, values) pairs; sessions without values are left out.
    package init(sessions: [(id: Int64, values: [Double])]) {
        self.sessions = sessions.filter { !$0.values.isEmpty }.map { Session(id: $0.id, values: $0.values) }
    }

    /// Every value in one session: how a caller without session ids says
    /// "these values are one unit".
    package init(oneSession values: [Double]) {
        self.init(sessions: [(0, values)])
    }

    /// Number of sessions.
    package var count: Int { sessions.count }
    /// Number of values over all sessions.
    package var valueCount: Int { sessions.reduce(0) { $0 + $1.sorted.count } }
    /// Each session's number of values.
    package var sizes: [Int] { sessions.map(\.sorted.count) }
    /// Each session's median latency (linear interpolation, as
    /// ``Percentile``), the middle two of an even session averaged in whole
    /// nanoseconds (``WholeNanoseconds``), so that two sessions with the
    /// same median have the same double: the rank tests on medians see
    /// their tie.
    package var medians: [Double] { perSession { WholeNanoseconds.median(sorted: $0) } }
    /// Every value, ascending.
    package var pooledSorted: [Double] { sessions.flatMap(\.sorted).sorted() }

    /// A statistic of each session's sorted values, in session order: the
    /// medians for latencies, a rate for a proportion.
    package func perSession(_ statistic: ([Double]) -> Double) -> [Double] {
        sessions.map { statistic($0.sorted) }
    }
}
