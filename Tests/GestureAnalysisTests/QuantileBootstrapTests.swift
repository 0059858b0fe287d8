import SeededRandom
import Foundation
import Testing
@testable import GestureAnalysis

@Suite struct QuantileBootstrapTests {
    /// 200 skewed, latency-like values (log-normal around 10 ms), sorted.
    static let sample: [Double] = {
        var generator = SeededGenerator(seed: 2024)
        return (0..<200).map { _ in 10 * exp(0.5 * generator.nextNormal()) }.sorted()
    }()

    static let shifted: [Double] = sample.map { $0 * 1.2 + 1 }

    @Test func sameSeedSameInterval() throws {
        let first = try QuantileBootstrap(seed: 11).difference(a: Self.sample, b: Self.shifted, percent: 90).get()
        let second = try QuantileBootstrap(seed: 11).difference(a: Self.sample, b: Self.shifted, percent: 90).get()
        #expect(first == second)
    }

    @Test func differentSeedDifferentInterval() throws {
        let first = try QuantileBootstrap(seed: 11).difference(a: Self.sample, b: Self.shifted, percent: 90).get()
        let second = try QuantileBootstrap(seed: 12).difference(a: Self.sample, b: Self.shifted, percent: 90).get()
        #expect(first.estimate == second.estimate)
        #expect(first.low != second.low || first.high != second.high)
    }

    @Test(arguments: [50.0, 90, 95, 99])
    func intervalContainsTheEstimate(percent: Double) throws {
        let bootstrap = QuantileBootstrap(seed: 3)
        let delta = try bootstrap.difference(a: Self.sample, b: Self.shifted, percent: percent).get()
        let expected = Percentile.of(sorted: Self.shifted, percent: percent)! - Percentile.of(sorted: Self.sample, percent: percent)!
        #expect(delta.estimate == expected)
        #expect(delta.low < delta.estimate && delta.estimate < delta.high)
        let single = try bootstrap.interval(sorted: Self.sample, percent: percent).get()
        #expect(single.low < single.estimate && single.estimate < single.high)
    }

    /// Brute force: resample n values with replacement, sort, take the percentile.
    static func bruteForceReplicates(_ sorted: [Double], percent: Double, count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let resample = (0..<sorted.count).map { _ in sorted[Int(generator.nextUniform() * Double(sorted.count))] }
            return Percentile.of(sorted: resample.sorted(), percent: percent)!
        }
    }

    static func meanAndStandardDeviation(_ values: [Double]) -> (mean: Double, sd: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, variance.squareRoot())
    }

    @Test(arguments: [50.0, 90])
    func matchesBruteForceBootstrap(percent: Double) throws {
        let bootstrap = QuantileBootstrap(seed: 99, replicates: 10_000)
        let fast = bootstrap.replicateValues(sorted: Self.sample, percent: percent)
        let brute = Self.bruteForceReplicates(Self.sample, percent: percent, count: 4000, seed: 100)

        // Both are random; with these counts the replicate means agree to a few
        // percent of a standard deviation and the SDs to a few percent.
        let (fastMean, fastSD) = Self.meanAndStandardDeviation(fast)
        let (bruteMean, bruteSD) = Self.meanAndStandardDeviation(brute)
        #expect(abs(fastMean - bruteMean) < 0.1 * bruteSD)
        #expect(abs(fastSD - bruteSD) < 0.1 * bruteSD)

        let interval = try bootstrap.interval(sorted: Self.sample, percent: percent).get()
        let sortedBrute = brute.sorted()
        let bruteLow = Percentile.of(sorted: sortedBrute, percent: 2.5)!
        let bruteHigh = Percentile.of(sorted: sortedBrute, percent: 97.5)!
        let width = bruteHigh - bruteLow
        #expect(abs(interval.low - bruteLow) < 0.15 * width)
        #expect(abs(interval.high - bruteHigh) < 0.15 * width)
    }

    /// The exact bootstrap distribution of a percentile of a tiny sample,
    /// by enumerating all nⁿ equally likely resamples.
    static func exactDistribution(_ sorted: [Double], percent: Double) -> [Double: Double] {
        let n = sorted.count
        var mass: [Double: Double] = [:]
        let total = Int(pow(Double(n), Double(n)))
        for code in 0..<total {
            var rest = code
            var resample: [Double] = []
            for _ in 0..<n {
                resample.append(sorted[rest % n])
                rest /= n
            }
            mass[Percentile.of(sorted: resample.sorted(), percent: percent)!, default: 0] += 1 / Double(total)
        }
        return mass
    }

    @Test(arguments: [30.0, 50, 90])
    func orderStatisticTrickIsExact(percent: Double) {
        // Values chosen so that every interpolated result is distinct.
        let sorted: [Double] = [1, 2, 4, 8, 16]
        let exact = Self.exactDistribution(sorted, percent: percent)
        let draws = 100_000
        let replicates = QuantileBootstrap(seed: 17, replicates: draws).replicateValues(sorted: sorted, percent: percent)
        var observed: [Double: Double] = [:]
        for value in replicates { observed[value, default: 0] += 1 / Double(draws) }
        #expect(Set(observed.keys).isSubset(of: Set(exact.keys)))
        // A frequency from 100 000 draws has a standard error of at most 0.0016.
        for (value, probability) in exact {
            #expect(abs(observed[value, default: 0] - probability) < 0.008, "P(\(value))")
        }
    }

    @Test func minimumSampleSizes() {
        #expect(QuantileBootstrap.minimumSampleSize(percent: 50) == 6)
        #expect(QuantileBootstrap.minimumSampleSize(percent: 90) == 10)
        #expect(QuantileBootstrap.minimumSampleSize(percent: 95) == 20)
        #expect(QuantileBootstrap.minimumSampleSize(percent: 99) == 100)
        #expect(QuantileBootstrap.minimumSampleSize(percent: 50, confidence: 0.99) == 8)
    }

    @Test func p99FromTwentyValuesIsRefused() {
        let twenty = Array(Self.sample.prefix(20))
        guard case .failure(let refusal) = QuantileBootstrap(seed: 1).interval(sorted: twenty, percent: 99) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.needed == 100)
        #expect(refusal.available == 20)
        #expect(refusal.reason == "need at least 100 values (have 20) for a 95% interval of p99")
    }

    @Test func differenceNamesTheShortGroup() {
        let five = Array(Self.sample.prefix(5))
        guard case .failure(let refusal) = QuantileBootstrap(seed: 1).difference(a: Self.sample, b: five, percent: 50) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.reason == "need at least 6 values in group B (have 5) for a 95% interval of p50")
    }

    @Test func smallestAcceptedSampleWorks() throws {
        let six: [Double] = [3, 5, 8, 13, 21, 34]
        let interval = try QuantileBootstrap(seed: 1).interval(sorted: six, percent: 50).get()
        #expect(interval.estimate == 10.5)
        #expect(interval.low >= 3 && interval.high <= 34 && interval.low <= interval.high)
    }
}
