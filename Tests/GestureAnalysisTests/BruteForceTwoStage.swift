#if canImport(Glibc)
import Glibc
#endif
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
            return Percentile.of(sorted: sortedInC(pool), percent: percent)!
        }.sorted()
    }

    /// `values` in ascending order, sorted by the C library's `qsort`: the
    /// standard library's sort is generic code that a debug build compiles
    /// into this module unoptimized, and was most of this reference's time.
    private static func sortedInC(_ values: [Double]) -> [Double] {
        var sorted = values
        sorted.withUnsafeMutableBufferPointer { buffer in
            qsort(buffer.baseAddress!, buffer.count, MemoryLayout<Double>.stride) { left, right in
                let a = left!.load(as: Double.self), b = right!.load(as: Double.self)
                return a < b ? -1 : (a > b ? 1 : 0)
            }
        }
        return sorted
    }
}
