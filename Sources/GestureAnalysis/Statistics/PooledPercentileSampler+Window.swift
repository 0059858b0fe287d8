import SeededRandom

/// The bracket search for one percentile of a replicate.
///
/// **The idea.** Given the drawn sessions (c_i), the number of draws at or
/// below a value v is a sum of independent binomials, Σ Bin(c_i·m_i, F_i(v))
/// with F_i(v) the share of session i's values ≤ v; its mean is
/// E(v) = Σ c_i·(values of i ≤ v) and its standard deviation at most
/// √(N·F(1−F)) (N draws, F = E/N; by concavity the sessions' own
/// variances add up to no more). Two cuts between values are chosen where
/// E is `spread` deviations below the wanted rank and as far above the
/// rank after it. Each drawn session's c_i·m_i draws are split among below
/// the lower cut, inside, and above the upper cut (a multinomial, drawn as
/// a binomial for inside and a binomial for below given inside); when the
/// wanted ranks fall inside, which they do but for a few replicates in a
/// thousand, the draws inside are made (a few hundred, each uniform over its
/// session's values inside) and the ranks selected among them.
///
/// **Why it is exact.** The cuts depend only on the data and the session
/// draw, never on a value drawn within sessions; given the session draw,
/// each session's draws fall into the three ranges with the multinomial
/// probabilities of its value counts there, and given those counts the
/// draws in a range are uniform over the session's values in it. Below
/// counts of sessions that share the probability a/M (a values below of the
/// M outside the bracket) are summed before drawing: a sum of independent
/// binomials with one probability is one binomial. Every value below the
/// lower cut is smaller than every value inside, and every value inside
/// smaller than every value above, so the wanted rank's value is the
/// (rank − below)-th draw inside. When the ranks fall outside, each
/// bucket's below count is shared out among its sessions as drawing without
/// replacement does (a multivariate hypergeometric: exactly its law given
/// the sum), and the general search (`PooledPercentileSampler+Search.swift`)
/// carries on from the three ranges of every session. So each replicate has
/// exactly the distribution of a brute-force two-stage bootstrap; only the
/// random stream differs.
///
/// **Why it is fast.** One binomial a bucket of sessions (with sessions of
/// equal size, at most a few dozen buckets) and one a session with values
/// inside (its chance of none is a power of one kept for each size and
/// count inside, not an exponential); each cut costs a dot product at the
/// checkpoint where the rank would be if every session were drawn once and
/// a short walk from there; the draws made are ~2·spread standard
/// deviations of the count, some hundreds, whatever N.
extension PooledPercentileSampler {
    func percentile(rank: Int, needNext: Bool, total: Int, workspace: inout Workspace,
                    generator: inout SeededGenerator) -> (Double, Double) {
        let last = needNext ? rank + 1 : rank
        let n = Double(total)
        let share = (Double(rank) + 0.5) / n
        let reach = tuning.spread * (n * share * (1 - share)).squareRoot() + 1
        let low = cut(Double(rank) - reach, atLeast: false, total: total, workspace: workspace)
        let high = cut(Double(last + 1) + reach, atLeast: true, total: total, workspace: workspace)
        fill(workspace.belowLow, row: low.row, position: low.position, workspace: workspace)
        fill(workspace.belowHigh, row: high.row, position: high.position, workspace: workspace)

        workspace.buckets.reset()
        let counts = workspace.counts, belowLow = workspace.belowLow, belowHigh = workspace.belowHigh
        let insideSessions = workspace.insideSessions, insideDraws = workspace.insideDraws
        var insideCount = 0
        var belowTotal = 0, insideTotal = 0
        for session in workspace.drawnSessions[..<workspace.drawnCount] {
            let index = Int(session)
            let size = starts[index + 1] - starts[index]
            let draws = Int(counts[index]) * size
            let below = Int(belowLow[index]), inside = Int(belowHigh[index]) - below
            var drawnInside = 0
            if inside > 0 {
                if inside == size {
                    drawnInside = draws
                } else {
                    let odds = workspace.odds(inside: inside, size: size)
                    if odds.probability <= 0.5, Double(draws) * odds.probability < 30 {
                        // P(none of c·m draws) = ((1 − p)^m)^c, by repeated products.
                        var none = odds.none
                        for _ in 1..<max(Int(counts[index]), 1) { none *= odds.none }
                        drawnInside = generator.binomialByInversion(draws, ratio: odds.ratio, probabilityOfNone: none)
                    } else {
                        drawnInside = generator.nextBinomial(draws, odds.probability)
                    }
                }
                if drawnInside > 0 {
                    insideSessions[insideCount] = session
                    insideDraws[insideCount] = drawnInside
                    insideCount += 1
                    insideTotal += drawnInside
                }
            }
            let rest = draws - drawnInside, outside = size - inside
            if below == 0 || rest == 0 { continue }
            if below == outside {
                belowTotal += rest
                continue
            }
            workspace.buckets.trials[workspace.buckets.slot(below: below, of: outside)] += rest
        }
        workspace.insideCount = insideCount
        for slot in workspace.buckets.used[..<workspace.buckets.usedCount] {
            let successes = generator.nextBinomial(workspace.buckets.trials[slot], workspace.buckets.probability(slot))
            workspace.buckets.successes[slot] = successes
            belowTotal += successes
        }

        guard rank >= belowTotal, last - belowTotal < insideTotal else {
            return searchFromSplits(rank: rank, needNext: needNext, total: total, workspace: &workspace,
                                    generator: &generator)
        }
        return countInside(rank: rank - belowTotal, needNext: needNext, from: low.position, to: high.position,
                           workspace: &workspace, generator: &generator)
    }

    /// The draws inside the bracket, counted at their pooled positions (a
    /// session with one value inside puts all its draws there; others draw
    /// a position each), then the wanted rank found by a walk up the
    /// positions: no values compared.
    ///
    /// Each session's positions inside are first gathered by one pass over
    /// the bracket, in pooled order, which within a session is the order of
    /// its values: the r-th of them is `pooledPositions[from + r]`, so the
    /// draws land where a lookup there would put them, without a cache
    /// miss for each session's part of `pooledPositions`.
    private func countInside(rank: Int, needNext: Bool, from low: Int, to high: Int, workspace: inout Workspace,
                             generator: inout SeededGenerator) -> (Double, Double) {
        do {
            let hits = workspace.hits, cursor = workspace.positionCursor
            let positions = workspace.insidePositions, insideStarts = workspace.insideStarts
            let sessions = workspace.insideSessions[..<workspace.insideCount]
            var offset: Int32 = 0
            for (slot, session) in sessions.enumerated() {
                let index = Int(session)
                insideStarts[slot] = offset
                cursor[index] = offset
                offset += workspace.belowHigh[index] - workspace.belowLow[index]
            }
            for position in low..<high {
                let session = Int(pooledSessions[position])
                let next = cursor[session]
                if next >= 0 {
                    positions[Int(next)] = Int32(position)
                    cursor[session] = next + 1
                }
            }
            for (slot, (session, count)) in zip(sessions, workspace.insideDraws[..<workspace.insideCount]).enumerated() {
                let index = Int(session)
                cursor[index] = -1
                let first = Int(insideStarts[slot])
                let size = Int(workspace.belowHigh[index] - workspace.belowLow[index])
                if size == 1 {
                    hits[Int(positions[first])] += Int32(count)
                    continue
                }
                for _ in 0..<count {
                    hits[Int(positions[first + min(Int(generator.nextUniform() * Double(size)), size - 1)])] += 1
                }
            }
            var position = low, seen = 0
            while seen + Int(hits[position]) <= rank {
                seen += Int(hits[position])
                position += 1
            }
            let value = pooledValues[position]
            var next = value
            if needNext, seen + Int(hits[position]) == rank + 1 {
                var after = position + 1
                while hits[after] == 0 { after += 1 }
                next = pooledValues[after]
            }
            for index in low..<high { hits[index] = 0 }
            return (value, next)
        }
    }

    /// E_row: the expected draws before checkpoint `row`, Σ c_i·table[row][i].
    ///
    /// Eight sessions at a time in 32-bit lanes when any replicate's draws
    /// fit in them (`sumsFitInLanes`): every term is at least 0 and the
    /// terms add up to at most the replicate's draws, so no lane and no sum
    /// of lanes can overflow, and the sum is the exact one.
    private func expectedBefore(row: Int, counts: UnsafeBufferPointer<Int32>) -> Int {
        let k = sessionCount, base = row * k
        var sum = 0, session = 0
        if sumsFitInLanes, let countBase = counts.baseAddress,
           let tableBase = UnsafePointer(table.baseAddress) {
            let countBytes = UnsafeRawPointer(countBase), tableBytes = UnsafeRawPointer(tableBase + base)
            var lanes = SIMD8<Int32>()
            while session + 8 <= k {
                let offset = session * MemoryLayout<Int32>.stride
                lanes &+= countBytes.loadUnaligned(fromByteOffset: offset, as: SIMD8<Int32>.self)
                    &* tableBytes.loadUnaligned(fromByteOffset: offset, as: SIMD8<Int32>.self)
                session += 8
            }
            sum = Int(lanes.wrappedSum())
        }
        while session < k {
            sum &+= Int(counts[session]) &* Int(table[base + session])
            session += 1
        }
        return sum
    }

    /// The last checkpoint at or before pooled `position`.
    private func row(before position: Int) -> Int {
        var low = 0, high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The last checkpoint row whose expected count is ≤ `target` (< with
    /// `strictly`), and that count: galloping from the row where the target
    /// would be if every session were drawn once, then halving. With many
    /// sessions that guess is a row or two off; with few, whose draw moves
    /// the counts far, the gallop still needs only O(log distance) rows.
    private func lastRow(below target: Double, strictly: Bool, guess: Int,
                         counts: UnsafeBufferPointer<Int32>) -> (row: Int, expected: Int) {
        func qualifies(_ expected: Int) -> Bool { strictly ? Double(expected) < target : Double(expected) <= target }
        let last = checkpoints.count - 1
        var low = guess, lowExpected = expectedBefore(row: guess, counts: counts), high: Int
        if qualifies(lowExpected) {
            var step = 1
            high = last + 1
            while low + step <= last {
                let expected = expectedBefore(row: low + step, counts: counts)
                if !qualifies(expected) {
                    high = low + step
                    break
                }
                low += step
                lowExpected = expected
                step *= 2
            }
        } else {
            // Row 0 (nothing before it) always qualifies.
            high = low
            var step = 1
            while true {
                let candidate = max(high - step, 0)
                let expected = candidate == 0 ? 0 : expectedBefore(row: candidate, counts: counts)
                if qualifies(expected) {
                    low = candidate
                    lowExpected = expected
                    break
                }
                high = candidate
                step *= 2
            }
        }
        // Row `low` qualifies, row `high` does not (or is past the end).
        while high - low > 1 {
            let middle = (low + high) / 2
            let expected = expectedBefore(row: middle, counts: counts)
            if qualifies(expected) {
                low = middle
                lowExpected = expected
            } else {
                high = middle
            }
        }
        return (low, lowExpected)
    }

    /// The cut (a pooled position between two different values) whose
    /// expected count of draws before it is the last ≤ `target`, or with
    /// `atLeast` the first ≥ `target`; and the checkpoint row it was walked
    /// from (at most one checkpoint's stride).
    private func cut(_ target: Double, atLeast: Bool, total: Int, workspace: Workspace) -> (row: Int, position: Int) {
        let end = pooledValues.count
        if atLeast ? target <= 0 : target < 0 { return (0, 0) }
        if atLeast, target > Double(total) { return (checkpoints.count - 1, end) }
        let counts = UnsafeBufferPointer(workspace.counts)
        let guess = row(before: min(end, Int(target / Double(total) * Double(end))))
        let (row, expected) = lastRow(below: target, strictly: atLeast, guess: guess, counts: counts)
        var position = checkpoints[row], sum = Double(expected)
        while position < end {
            var run = 0.0, next = position
            repeat {
                run += Double(counts[Int(pooledSessions[next])])
                next += 1
            } while next < end && !(pooledValues[position] < pooledValues[next])
            if atLeast {
                if sum >= target { break }
            } else if sum + run > target {
                break
            }
            sum += run
            position = next
        }
        return (row, position)
    }

    /// Per drawn session, its values before pooled `position`: the
    /// checkpoint row's counts plus the walk from the checkpoint.
    private func fill(_ below: UnsafeMutableBufferPointer<Int32>, row: Int, position: Int, workspace: Workspace) {
        let k = sessionCount, base = row * k
        do {
            for session in workspace.drawnSessions[..<workspace.drawnCount] { below[Int(session)] = table[base + Int(session)] }
            for index in checkpoints[row]..<position { below[Int(pooledSessions[index])] &+= 1 }
        }
    }
}
