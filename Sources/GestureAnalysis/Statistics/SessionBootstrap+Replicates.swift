import SeededRandom

extension SessionBootstrap {
    /// Draws sessions-only replicates of each group's statistics and turns
    /// their variances into intervals (see the type's notes).
    ///
    /// `statistic(counts, drawn, group, &values)` writes one replicate's
    /// statistics of group 0 (A) or 1 (B) into `values`, given how many
    /// times each session was drawn and the sessions drawn at least once.
    func replicateMoments(statistics: Int, sessions: (Int, Int), estimates: [Double],
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
                let (varianceA, uncertaintyA) = moments[s].varianceAndItsVariance
                let (varianceB, uncertaintyB) = moments[statistics + s].varianceAndItsVariance
                let scaleA = Double(sizes[0]) / Double(sizes[0] - 1), scaleB = Double(sizes[1]) / Double(sizes[1] - 1)
                let split = ReplicateSplit(a: moments[s].values, b: moments[statistics + s].values,
                                           estimate: estimates[s])
                var interval = SessionInterval(estimate: estimates[s], varianceA: scaleA * varianceA,
                                               varianceB: scaleB * varianceB, sessions: (sizes[0], sizes[1]),
                                               confidence: confidence, lowerShare: split.lowerShare)
                let variance = scaleA * varianceA + scaleB * varianceB
                // The width W = 2t·√V moves by SE(V)/(2V) of itself, and an endpoint
                // by its share of that; the split moves both endpoints by SE(share)·W.
                let errorOfVariance = (scaleA * scaleA * uncertaintyA + scaleB * scaleB * uncertaintyB).squareRoot()
                let widthError = variance > 0 ? errorOfVariance / (2 * variance) : 0
                let larger = max(split.lowerShare, 1 - split.lowerShare)
                interval.monteCarloError = ((larger * widthError) * (larger * widthError)
                    + split.monteCarloError * split.monteCarloError).squareRoot()
                interval.replicates = drawnSoFar
                worst = max(worst, interval.monteCarloError)
                return interval
            }
            if replicates != nil || worst <= Self.monteCarloTarget || drawnSoFar >= Self.mostReplicates { break }
        }
        return intervals
    }
}
