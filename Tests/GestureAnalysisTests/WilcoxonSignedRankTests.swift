import Testing
@testable import GestureAnalysis

/// Wilcoxon signed-rank against scipy 1.17 with default arguments.
///
/// statistic and p: `r = scipy.stats.wilcoxon(d)`; `r.statistic`, `r.pvalue`.
/// z (approximate cases): `scipy.stats.wilcoxon(d, method="asymptotic").zstatistic`,
/// which scipy reports as −|z|.
/// The method column is the one scipy's `method="auto"` picks; it was confirmed
/// by comparing the default p with `method="exact"`, `"asymptotic"` and
/// `stats.PermutationMethod()` on each case.
@Suite struct WilcoxonSignedRankTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var d: [Double]
        var statistic: Double
        var p: Double
        var method: WilcoxonResult.Method
        var zerosDropped: Int
        var absZ: Double?
        var testDescription: String { name }
    }

    /// [(i+1)*(-1 if i%3==0 else 1) for i in range(count)]
    static func alternating(_ count: Int) -> [Double] {
        (0..<count).map { Double($0 + 1) * ($0 % 3 == 0 ? -1 : 1) }
    }

    static let cases: [Case] = [
        // [1.5,-2.25,3.0,4.5,-0.75,6.0,7.25,8.5,-9.0,10.75]: no ties, no zeros, n ≤ 50
        Case(name: "exact, n = 10", d: [1.5, -2.25, 3.0, 4.5, -0.75, 6.0, 7.25, 8.5, -9.0, 10.75],
             statistic: 13, p: 0.16015625, method: .exact, zerosDropped: 0, absZ: nil),
        // [0.0,-2.25,3.0,4.5,-0.75,6.0,7.25,8.5,-9.0,10.75]: a zero, n ≤ 13
        Case(name: "zero, n = 10", d: [0.0, -2.25, 3.0, 4.5, -0.75, 6.0, 7.25, 8.5, -9.0, 10.75],
             statistic: 11, p: 0.203125, method: .permutation, zerosDropped: 1, absZ: nil),
        // [1.5,-1.5,3.0,4.5,-0.75,6.0,7.25,8.5,-9.0,10.75]: tied |d|, n ≤ 13
        Case(name: "ties, n = 10", d: [1.5, -1.5, 3.0, 4.5, -0.75, 6.0, 7.25, 8.5, -9.0, 10.75],
             statistic: 12.5, p: 0.138671875, method: .permutation, zerosDropped: 0, absZ: nil),
        // [1,2,-2,3,4,5,6,7,8,9,10,11,12]
        Case(name: "ties, n = 13", d: [1, 2, -2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
             statistic: 2.5, p: 0.0009765625, method: .permutation, zerosDropped: 0, absZ: nil),
        // [1,2,-2,3,4,5,6,7,8,9,10,11,12,13]: ties and n > 13
        Case(name: "ties, n = 14", d: [1, 2, -2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
             statistic: 2.5, p: 0.0016918010709922014, method: .approximate, zerosDropped: 0,
             absZ: 3.139597498005517),
        // [0,1,2,3,4,5,6,7,8,9,10,-11,12,13]: a zero and n > 13
        Case(name: "zero, n = 14", d: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -11, 12, 13],
             statistic: 11, p: 0.015906444101703374, method: .approximate, zerosDropped: 1,
             absZ: 2.411055124460412),
        // [(i+1)*(-1 if i%3==0 else 1) for i in range(50)]: exact up to n = 50 ...
        Case(name: "exact, n = 50", d: alternating(50),
             statistic: 425, p: 0.03996834652842374, method: .exact, zerosDropped: 0, absZ: nil),
        // ... range(51): approximate from n = 51 even without ties
        Case(name: "approximate, n = 51", d: alternating(51),
             statistic: 425, p: 0.02568873999366418, method: .approximate, zerosDropped: 0,
             absZ: 2.2308851145507522),
        // [((i*31 % 17) - 7)*0.5 for i in range(200)]: many ties, 12 zeros
        Case(name: "n = 200 with ties and zeros", d: (0..<200).map { Double($0 * 31 % 17 - 7) * 0.5 },
             statistic: 6788, p: 0.004967985382891509, method: .approximate, zerosDropped: 12,
             absZ: 2.809102323776172),
    ]

    @Test(arguments: cases)
    func matchesScipy(reference: Case) throws {
        let result = try WilcoxonSignedRank.test(differences: reference.d).get()
        #expect(result.statistic == reference.statistic)
        #expect(isClose(result.p, reference.p))
        #expect(result.method == reference.method)
        #expect(result.zerosDropped == reference.zerosDropped)
        #expect(result.n == reference.d.count - reference.zerosDropped)
        if let absZ = reference.absZ {
            #expect(isClose(result.z.map(abs), absZ))
        } else {
            #expect(result.z == nil)
        }
    }

    @Test func rankSumsAddUp() throws {
        let d: [Double] = [1.5, -2.25, 3.0, 4.5, -0.75, 6.0, 7.25, 8.5, -9.0, 10.75]
        let result = try WilcoxonSignedRank.test(differences: d).get()
        // Ranks of |d|: the negatives -0.75, -2.25, -9.0 have ranks 1, 3, 9.
        #expect(result.rankSumPositive == 55 - 13)
    }

    @Test func zSignFollowsTheDifferences() throws {
        let up = try WilcoxonSignedRank.test(differences: Self.alternating(51)).get()
        let down = try WilcoxonSignedRank.test(differences: Self.alternating(51).map { -$0 }).get()
        #expect(try #require(up.z) > 0)
        #expect(try #require(down.z) < 0)
        #expect(up.p == down.p)
    }

    @Test func fiveNonzeroDifferencesAreRefused() {
        let d: [Double] = [0, 1.5, -2, 3, 0, 4, 5]
        guard case .failure(let refusal) = WilcoxonSignedRank.test(differences: d) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.needed == 6)
        #expect(refusal.available == 5)
        #expect(refusal.reason.contains("2 zero differences dropped"))
    }

    @Test func sixNonzeroDifferencesAreEnough() throws {
        // scipy.stats.wilcoxon([1, 2, 3, 4, 5, 6]).pvalue == 0.03125 (= 2/2**6)
        let result = try WilcoxonSignedRank.test(differences: [1, 2, 3, 4, 5, 6]).get()
        #expect(result.p == 0.03125)
    }

    @Test func allZerosAreRefused() {
        #expect(throws: InsufficientData.self) {
            try WilcoxonSignedRank.test(differences: [0, 0, 0, 0, 0, 0, 0]).get()
        }
    }
}
