import SeededRandom

extension SessionBootstrap {
    /// Draws sessions-only replicates of each group's statistics and turns
    /// their variances into intervals (see the type's notes).
    ///
    /// `statistic(counts, drawn, group, &values)` writes one replicate's
    /// statistics of group 0 (A) or 1 (B) into `values`, given how many
    /// times each session was drawn and the sessions drawn at least once.
    /// `spread` says how a group's replicates become its variance.
    func replicateMoments(statistics: Int, sessions: (Int, Int), estimates: [Double], spread: GroupSpread,
                          statistic: @escaping @Sendable (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, Int,
                                                          inout [Double]) -> Void) -> [SessionInterval] {
        var moments = [ReplicateMoments](repeating: ReplicateMoments(), count: 2 * statistics)
        var master = SeededGenerator(seed: seed)
        var drawnSoFar = 0
        let sizes = [sessions.0, sessions.1]
        var intervals: [SessionInterval] = []
        while true {
            let batch = replicates.map { $0 - drawnSoFar } ?? max(Self.firstBatch, drawnSoFar)
            let parts = BootstrapInterval.replicatesInChunks(seed: master.next(), replicates: batch,
                                                             statistics: 2 * statistics) { count, generator in
                var columns = [[Double]](repeating: [], count: 2 * statistics)
                var values = [Double](repeating: 0, count: statistics)
                let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(sizes[0], sizes[1]))
                let drawn = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(sizes[0], sizes[1]))
                defer {
                    counts.deallocate()
                    drawn.deallocate()
                }
                for _ in 0..<count {
                    for group in 0..<2 {
                        let k = sizes[group]
                        SessionResampling.draw(sessions: k, into: counts, using: &generator)
                        var distinct = 0
                        for i in 0..<k where counts[i] > 0 {
                            drawn[distinct] = i
                            distinct += 1
                        }
                        statistic(UnsafeBufferPointer(counts), UnsafeBufferPointer(rebasing: drawn[0..<distinct]),
                                  group, &values)
                        for s in 0..<statistics { columns[group * statistics + s].append(values[s]) }
                    }
                }
                return columns
            }
            for index in parts.indices { moments[index].append(contentsOf: parts[index]) }
            drawnSoFar += batch
            var worst = 0.0
            intervals = (0..<statistics).map { s in
                let (varianceA, uncertaintyA) = spread.variance(of: moments[s], group: 0, statistic: s,
                                                                sessions: sizes[0])
                let (varianceB, uncertaintyB) = spread.variance(of: moments[statistics + s], group: 1, statistic: s,
                                                                sessions: sizes[1])
                var interval = SessionInterval(estimate: estimates[s], varianceA: varianceA, varianceB: varianceB,
                                               sessions: (sizes[0], sizes[1]), confidence: confidence)
                let variance = varianceA + varianceB
                // An endpoint is t·√V; its SE is t·SE(V)/(2√V), the width 2t·√V: the share is SE(V)/(4V).
                let errorOfVariance = (uncertaintyA + uncertaintyB).squareRoot()
                interval.monteCarloError = variance > 0 ? errorOfVariance / (4 * variance) : 0
                interval.replicates = drawnSoFar
                worst = max(worst, interval.monteCarloError)
                return interval
            }
            if replicates != nil || worst <= Self.monteCarloTarget || drawnSoFar >= Self.mostReplicates { break }
        }
        return intervals
    }
}
