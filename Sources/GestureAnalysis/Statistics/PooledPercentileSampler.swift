import Foundation
import SeededRandom

/// Draws percentiles of one group's two-stage resample without building it.
///
/// A replicate first draws how many times each session is drawn (c_i of k
/// sessions). Session i then contributes c_i·m_i draws, uniform over its m_i
/// sorted values. Every percentile asked for is then found by
/// ``percentile(rank:needNext:total:workspace:generator:)``: two cuts
/// between values bracket the wanted rank, each drawn session's draws are
/// split into below / inside / above the bracket by exact binomials, the
/// draws inside are made and the rank selected among them
/// (`PooledPercentileSampler+Window.swift` says why that is exact and fast).
///
/// The data are laid out once for every replicate: the sessions' sorted
/// values end to end (session i at `starts[i]..<starts[i + 1]`); the pooled
/// values in order with the session of each (`pooledValues`,
/// `pooledSessions`); and at G + 1 checkpoints of the pooled order, how many
/// values of each session lie before it (`table`), so that the expected
/// number of draws below a value, Σ c_i·(values of i below it), costs one
/// row's dot product with the counts and a short walk.
///
/// Immutable after `init`, so one sampler serves every thread; each thread
/// brings its own ``Workspace``.
final class PooledPercentileSampler: @unchecked Sendable {
    /// How the search trades work for certainty; the tests turn these to
    /// force each path.
    struct Tuning: Sendable {
        /// Resamples of at most this many draws are made outright.
        var materialiseUpTo = 1024
        /// The bracket reaches this many standard deviations of the count
        /// below a value on either side of the wanted rank.
        var spread = 3.0
        /// At most this many entries (checkpoints × sessions) in the table.
        var tableEntries = 1 << 21
    }

    let sessionCount: Int
    let values: UnsafeMutableBufferPointer<Double>
    let starts: UnsafeMutableBufferPointer<Int>
    let pooledValues: UnsafeMutableBufferPointer<Double>
    let pooledSessions: UnsafeMutableBufferPointer<Int32>
    /// Pooled positions of the checkpoints, ascending, each a cut between
    /// two different values (or 0 or the end).
    let checkpoints: UnsafeMutableBufferPointer<Int>
    /// Row j, column i: values of session i before checkpoint j.
    let table: UnsafeMutableBufferPointer<Int32>
    /// Whether every replicate's draws (at most k times the largest
    /// session) fit in an `Int32`, so that sums of counts may be taken in
    /// 32-bit lanes.
    let sumsFitInLanes: Bool
    let tuning: Tuning

    init(group: SessionGroup, tuning: Tuning = Tuning()) {
        self.tuning = tuning
        let k = group.count
        sessionCount = k
        let total = group.valueCount
        values = .allocate(capacity: total)
        starts = .allocate(capacity: k + 1)
        var pooled: [(value: Double, session: Int32, index: Int32)] = []
        pooled.reserveCapacity(total)
        var offset = 0
        for (index, session) in group.sessions.enumerated() {
            starts[index] = offset
            for value in session.sorted {
                values[offset] = value
                offset += 1
                pooled.append((value, Int32(index), Int32(offset - 1)))
            }
        }
        starts[k] = offset
        let largestSession = group.sessions.map(\.sorted.count).max() ?? 0
        let (mostDraws, overflow) = k.multipliedReportingOverflow(by: largestSession)
        sumsFitInLanes = !overflow && mostDraws <= Int(Int32.max)
        // By value, then by session, then by place: within a session the
        // order is its own (the draws inside a bracket rely on it).
        pooled.sort {
            $0.value < $1.value || ($0.value == $1.value && ($0.session < $1.session
                || ($0.session == $1.session && $0.index < $1.index)))
        }
        pooledValues = .allocate(capacity: total)
        pooledSessions = .allocate(capacity: total)
        for (index, entry) in pooled.enumerated() {
            pooledValues[index] = entry.value
            pooledSessions[index] = entry.session
        }
        let rows = max(1, min(256, total / 64, tuning.tableEntries / max(k, 1)))
        var cuts = [0]
        for row in 1..<rows {
            var position = row * total / rows
            while position < total, position > 0, !(pooledValues[position - 1] < pooledValues[position]) { position += 1 }
            if position > cuts.last!, position < total { cuts.append(position) }
        }
        cuts.append(total)
        checkpoints = .allocate(capacity: cuts.count)
        _ = checkpoints.initialize(from: cuts)
        table = .allocate(capacity: cuts.count * k)
        _ = table.initialize(from: sessionCountsBefore(cuts: cuts, owners: pooledSessions, sessions: k))
    }

    deinit {
        values.deallocate()
        starts.deallocate()
        pooledValues.deallocate()
        pooledSessions.deallocate()
        checkpoints.deallocate()
        table.deallocate()
    }

    /// One thread's scratch space for drawing replicates: fixed buffers
    /// made once, so the inner loops neither allocate nor copy.
    struct Workspace {
        private let owner = BufferOwner()
        /// c_i: how many times session i is drawn in this replicate.
        let counts: UnsafeMutableBufferPointer<Int32>
        /// The sessions drawn at least once, ascending: the first `drawnCount`.
        let drawnSessions: UnsafeMutableBufferPointer<Int32>
        var drawnCount = 0
        /// Per session: values at or below the bracket's lower cut, and
        /// at or below its upper cut (valid for drawn sessions).
        let belowLow: UnsafeMutableBufferPointer<Int32>
        let belowHigh: UnsafeMutableBufferPointer<Int32>
        /// Draws inside the bracket, by session (`insideSessions[j]` has
        /// `insideDraws[j]`), the first `insideCount`, in session order.
        let insideSessions: UnsafeMutableBufferPointer<Int32>
        let insideDraws: UnsafeMutableBufferPointer<Int>
        var insideCount = 0
        /// Draws inside the bracket at each pooled position (kept zero
        /// outside the bracket being counted).
        let hits: UnsafeMutableBufferPointer<Int32>
        /// Per session: where its next pooled position inside the bracket
        /// goes in `insidePositions`, or -1 (kept -1 between brackets).
        let positionCursor: UnsafeMutableBufferPointer<Int32>
        /// The pooled positions inside the bracket of each session with
        /// draws there, session after session; `insideStarts[j]` is where
        /// those of `insideSessions[j]` begin.
        let insidePositions: UnsafeMutableBufferPointer<Int32>
        let insideStarts: UnsafeMutableBufferPointer<Int32>
        var buckets: SplitBuckets
        var drawn: [Double] = []
        /// By (m, w), a session's m values with w of them inside the bracket:
        /// its key (bit pattern), w/m, (w/m)/(1 − w/m) and (1 − w/m)^m, four
        /// to an entry so that a hit reads one cache line; a direct-mapped
        /// cache, keys 0 when empty.
        private let odds: UnsafeMutableBufferPointer<Double>

        init(sessions: Int, values: Int) {
            counts = owner.make(sessions, 0)
            drawnSessions = owner.make(sessions, 0)
            belowLow = owner.make(sessions, 0)
            belowHigh = owner.make(sessions, 0)
            insideSessions = owner.make(sessions, 0)
            insideDraws = owner.make(sessions, 0)
            hits = owner.make(values, 0)
            positionCursor = owner.make(sessions, -1)
            insidePositions = owner.make(values, 0)
            insideStarts = owner.make(sessions, 0)
            buckets = SplitBuckets(capacity: sessions, owner: owner)
            odds = owner.make(4 * 4096, 0)
        }

        /// For a session of `size` values with `inside` of them inside the
        /// bracket: p = inside/size, the ratio p/(1 − p) that inversion steps
        /// by, and P(none of `size` draws lands inside) = (1 − p)^size; each
        /// computed as ``SeededRandom/SeededGenerator/binomialByInversion(_:_:probabilityOfNone:)``
        /// would, so the variates are the same bits, and kept, as a replicate
        /// meets the same few (size, inside) pairs again and again.
        @inline(__always)
        func odds(inside: Int, size: Int) -> (probability: Double, ratio: Double, none: Double) {
            let key = UInt64(size) << 32 | UInt64(inside)
            let entry = 4 * Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)
            if odds[entry].bitPattern != key {
                let probability = Double(inside) / Double(size)
                odds[entry] = Double(bitPattern: key)
                odds[entry + 1] = probability
                odds[entry + 2] = probability / (1 - probability)
                odds[entry + 3] = exp(Double(size) * log1p(-Double(inside) / Double(size)))
            }
            return (odds[entry + 1], odds[entry + 2], odds[entry + 3])
        }
    }

    func makeWorkspace() -> Workspace { Workspace(sessions: sessionCount, values: pooledValues.count) }

    /// One replicate of each of `fractions` (percent / 100), written to
    /// `results` in order: the same drawn sessions for all of them, and for
    /// each its own draws within sessions.
    func draw(fractions: [Double], into results: inout [Double], workspace: inout Workspace,
              using generator: inout SeededGenerator) {
        let k = sessionCount
        let counts = workspace.counts
        for index in 0..<k { counts[index] = 0 }
        for _ in 0..<k { counts[min(Int(generator.nextUniform() * Double(k)), k - 1)] += 1 }
        var total = 0, drawnCount = 0
        for session in 0..<k where counts[session] > 0 {
            workspace.drawnSessions[drawnCount] = Int32(session)
            drawnCount += 1
            total += Int(counts[session]) * (starts[session + 1] - starts[session])
        }
        workspace.drawnCount = drawnCount
        if total <= tuning.materialiseUpTo {
            materialiseAll(total: total, workspace: &workspace, using: &generator)
        }
        for (index, fraction) in fractions.enumerated() {
            let position = fraction * Double(total - 1)
            let rank = Int(position)
            let weight = position - Double(rank)
            let needNext = weight > 0 && rank < total - 1
            let (value, next) = total <= tuning.materialiseUpTo
                ? selectMaterialised(rank: rank, needNext: needNext, in: &workspace.drawn)
                : percentile(rank: rank, needNext: needNext, total: total, workspace: &workspace, generator: &generator)
            results[index] = needNext ? value + (next - value) * weight : value
        }
    }

    /// Every draw of the replicate, made: for small resamples.
    private func materialiseAll(total: Int, workspace: inout Workspace, using generator: inout SeededGenerator) {
        workspace.drawn.removeAll(keepingCapacity: true)
        for session in workspace.drawnSessions[..<workspace.drawnCount] {
            let start = starts[Int(session)], size = starts[Int(session) + 1] - start
            for _ in 0..<(Int(workspace.counts[Int(session)]) * size) {
                workspace.drawn.append(values[start + min(Int(generator.nextUniform() * Double(size)), size - 1)])
            }
        }
    }

    /// The value at `rank` among `drawn` and, when `needNext`, the one after.
    func selectMaterialised(rank: Int, needNext: Bool, in drawn: inout [Double]) -> (Double, Double) {
        // Only two ranks are needed: select them rather than sort (the same
        // values; with a −0.0 among them the sort decides which signed zero
        // a rank holds).
        if drawn.contains(where: { $0 == 0 && $0.sign == .minus }) {
            drawn.sort()
            return (drawn[rank], needNext ? drawn[rank + 1] : drawn[rank])
        }
        return drawn.withUnsafeMutableBufferPointer { buffer in
            let value = OrderStatistic.select(rank: rank, in: buffer)
            return (value, needNext ? OrderStatistic.minimum(of: buffer, from: rank + 1) : value)
        }
    }
}
