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
/// inside; the cuts cost a dot product a checkpoint tried and a walk of at
/// most one checkpoint's stride; the draws made are ~2·spread standard
/// deviations of the count, some hundreds, whatever N.
extension PooledPercentileSampler {
    func percentile(rank: Int, needNext: Bool, total: Int, workspace: inout Workspace,
                    generator: inout SeededGenerator) -> (Double, Double) {
        let last = needNext ? rank + 1 : rank
        let n = Double(total)
        let share = (Double(rank) + 0.5) / n
        let reach = tuning.spread * (n * share * (1 - share)).squareRoot() + 1
        let low = cut(atMost: Double(rank) - reach, workspace: workspace)
        let high = cut(atLeast: Double(last + 1) + reach, workspace: workspace)
        fill(&workspace.belowLow, row: low.row, position: low.position, workspace: workspace)
        fill(&workspace.belowHigh, row: high.row, position: high.position, workspace: workspace)

        workspace.insideSessions.removeAll(keepingCapacity: true)
        workspace.insideDraws.removeAll(keepingCapacity: true)
        workspace.buckets.reset(capacity: workspace.drawnSessions.count)
        var belowTotal = 0, insideTotal = 0
        for session in workspace.drawnSessions {
            let index = Int(session)
            let size = starts[index + 1] - starts[index]
            let draws = Int(workspace.counts[index]) * size
            let below = Int(workspace.belowLow[index]), inside = Int(workspace.belowHigh[index]) - below
            var drawnInside = 0
            if inside > 0 {
                drawnInside = inside == size ? draws : generator.nextBinomial(draws, Double(inside) / Double(size))
                if drawnInside > 0 {
                    workspace.insideSessions.append(session)
                    workspace.insideDraws.append(drawnInside)
                    insideTotal += drawnInside
                }
            }
            let rest = draws - drawnInside, outside = size - inside
            if below == 0 || rest == 0 { continue }
            if below == outside {
                belowTotal += rest
                continue
            }
            workspace.buckets.add(trials: rest, to: workspace.buckets.slot(below: below, of: outside))
        }
        for slot in workspace.buckets.used {
            let successes = generator.nextBinomial(workspace.buckets.trials[slot], workspace.buckets.probability(slot))
            workspace.buckets.successes[slot] = successes
            belowTotal += successes
        }

        guard rank >= belowTotal, last - belowTotal < insideTotal else {
            return searchFromSplits(rank: rank, needNext: needNext, total: total, workspace: &workspace,
                                    generator: &generator)
        }
        workspace.drawn.removeAll(keepingCapacity: true)
        for (session, count) in zip(workspace.insideSessions, workspace.insideDraws) {
            let index = Int(session)
            let from = starts[index] + Int(workspace.belowLow[index])
            let size = Int(workspace.belowHigh[index] - workspace.belowLow[index])
            for _ in 0..<count {
                workspace.drawn.append(values[from + min(Int(generator.nextUniform() * Double(size)), size - 1)])
            }
        }
        return selectMaterialised(rank: rank - belowTotal, needNext: needNext, in: &workspace.drawn)
    }

    /// E_row: the expected draws before checkpoint `row`, Σ c_i·table[row][i].
    private func expectedBefore(row: Int, counts: UnsafeBufferPointer<Int32>) -> Int {
        let k = sessionCount, base = row * k
        var sum = 0
        for session in 0..<k { sum &+= Int(counts[session]) &* Int(table[base + session]) }
        return sum
    }

    /// The last checkpoint row whose expected count is ≤ `target` (or <
    /// `target` when `strictly`).
    private func lastRow(below target: Double, strictly: Bool, counts: UnsafeBufferPointer<Int32>) -> (row: Int, expected: Int) {
        var low = 0, high = checkpoints.count - 1, lowExpected = 0
        // Invariant: row `low` qualifies (row 0 has E = 0), row `high` may not.
        while low < high {
            let middle = (low + high + 1) / 2
            let expected = expectedBefore(row: middle, counts: counts)
            let qualifies = strictly ? Double(expected) < target : Double(expected) <= target
            if qualifies {
                low = middle
                lowExpected = expected
            } else {
                high = middle - 1
            }
        }
        return (low, lowExpected)
    }

    /// The end of the run of equal values that starts at `position`.
    private func runEnd(from position: Int) -> Int {
        var end = position + 1
        while end < pooledValues.count, !(pooledValues[position] < pooledValues[end]) { end += 1 }
        return end
    }

    /// The last cut whose expected count of draws before it is ≤ `target`.
    private func cut(atMost target: Double, workspace: Workspace) -> (row: Int, position: Int) {
        guard target >= 0 else { return (0, 0) }
        return workspace.counts.withUnsafeBufferPointer { counts in
            let (row, expected) = lastRow(below: target, strictly: false, counts: counts)
            var position = checkpoints[row], sum = Double(expected)
            while position < pooledValues.count {
                let end = runEnd(from: position)
                var run = 0
                for index in position..<end { run += Int(counts[Int(pooledSessions[index])]) }
                if sum + Double(run) > target { break }
                sum += Double(run)
                position = end
            }
            return (row, position)
        }
    }

    /// The first cut whose expected count of draws before it is ≥ `target`.
    private func cut(atLeast target: Double, workspace: Workspace) -> (row: Int, position: Int) {
        guard target > 0 else { return (0, 0) }
        return workspace.counts.withUnsafeBufferPointer { counts in
            let (row, expected) = lastRow(below: target, strictly: true, counts: counts)
            var position = checkpoints[row], sum = Double(expected)
            while sum < target, position < pooledValues.count {
                let end = runEnd(from: position)
                for index in position..<end { sum += Double(counts[Int(pooledSessions[index])]) }
                position = end
            }
            return (row, position)
        }
    }

    /// Per drawn session, its values before pooled `position`: the
    /// checkpoint row's counts plus the walk from the checkpoint.
    private func fill(_ below: inout [Int32], row: Int, position: Int, workspace: Workspace) {
        let k = sessionCount, base = row * k
        below.withUnsafeMutableBufferPointer { below in
            for session in workspace.drawnSessions { below[Int(session)] = table[base + Int(session)] }
            for index in checkpoints[row]..<position { below[Int(pooledSessions[index])] &+= 1 }
        }
    }
}
