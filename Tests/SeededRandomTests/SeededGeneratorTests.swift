import Testing
@testable import SeededRandom

/// The generator's stream is pinned: changing it would silently change every
/// published interval for a given --seed.
@Suite struct SeededGeneratorTests {
    // Python reference (pure integer arithmetic), printing [hex(next()) for _ in range(4)]:
    //   M = 2**64 - 1
    //   def splitmix64(st): st = (st + 0x9E3779B97F4A7C15) & M; z = st
    //       z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M; z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    //       return st, z ^ (z >> 31)
    //   rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M
    //   state s[0..3] = four splitmix64 outputs from seed; next():
    //       result = (rotl((s[1]*5) & M, 7) * 9) & M; t = (s[1] << 17) & M
    //       s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45)
    static let firstOutputs: [(seed: UInt64, outputs: [UInt64])] = [
        (0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C]),
        (42, [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1]),
    ]

    @Test(arguments: firstOutputs)
    func firstOutputsArePinned(reference: (seed: UInt64, outputs: [UInt64])) {
        var generator = SeededGenerator(seed: reference.seed)
        let outputs = (0..<reference.outputs.count).map { _ in generator.next() }
        #expect(outputs == reference.outputs)
    }

    @Test func splitMixMatchesPublishedVector() {
        // The SplitMix64 test vector for seed 1234567 (also Java's SplittableRandom):
        // 6457827717110365317, 3203168211198807973, 9817491932198370423
        var state: UInt64 = 1_234_567
        let outputs = (0..<3).map { _ in SeededGenerator.splitMix64(&state) }
        #expect(outputs == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func uniformsUseTheTop53Bits() {
        // Fifth output for seed 42: (x >> 11) * 2**-53 and ((x >> 11) + 0.5) * 2**-53
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<4 { _ = generator.next() }
        var copy = generator
        #expect(generator.nextUniform() == 0.9918039142821028)
        #expect(copy.nextOpenUniform() == 0.9918039142821029)
    }

    @Test func openUniformIsNeverZeroOrOne() {
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<10_000 {
            let u = generator.nextOpenUniform()
            #expect(u > 0 && u < 1)
        }
    }

    @Test func gammaAndBetaHaveTheirMeans() {
        // E[Gamma(k)] = k; E[Beta(a, b)] = a / (a + b). 20 000 draws: SE ≈ 0.7 % of the mean.
        var generator = SeededGenerator(seed: 5)
        let draws = 20_000
        let gammaMean = (0..<draws).reduce(0.0) { sum, _ in sum + generator.nextGamma(shape: 3) } / Double(draws)
        let betaMean = (0..<draws).reduce(0.0) { sum, _ in sum + generator.nextBeta(2, 6) } / Double(draws)
        #expect(abs(gammaMean - 3) < 0.05)
        #expect(abs(betaMean - 0.25) < 0.005)
    }
}
