import SeededRandom
@testable import GestureAnalysis

/// The two-stage bootstrap as its definition reads, the reference the fast
/// sampler's replicates are tested against: draw the group's sessions with
/// replacement, then each drawn session's values with replacement, and take
/// the percentile of the pooled resample.
enum BruteForceTwoStage {
    /// `count` replicates of percentile `percent`, sorted.
    static func replicates(_ group: SessionGroup, percent: Double, count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        let sessions = group.sessions.map(\.sorted)
        return (0..<count).map { _ in
            var pool: [Double] = []
            for _ in sessions.indices {
                let session = sessions[Int(generator.nextUniform() * Double(sessions.count))]
                for _ in session.indices { pool.append(session[Int(generator.nextUniform() * Double(session.count))]) }
            }
            return Percentile.of(sorted: pool.sorted(), percent: percent)!
        }.sorted()
    }
}
