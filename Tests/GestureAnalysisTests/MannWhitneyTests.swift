import Testing
@testable import GestureAnalysis

/// Mann–Whitney U against scipy 1.17.
///
/// u and p: `r = scipy.stats.mannwhitneyu(a, b, method="asymptotic")`,
/// `r.statistic`, `r.pvalue`.
/// z: scipy's own internal value,
/// `ranks, t = scipy.stats._stats_py._rankdata(np.concatenate([a, b]), 'average', return_ties=True)`,
/// `u1 = ranks[:len(a)].sum() - len(a)*(len(a)+1)/2`,
/// `scipy.stats._mannwhitneyu._get_mwu_z(max(u1, len(a)*len(b) - u1), len(a), len(b), t, xp=np)`.
@Suite struct MannWhitneyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var a: [Double]
        var b: [Double]
        var u: Double
        var z: Double
        var p: Double
        var testDescription: String { name }
    }

    static let unequalA: [Double] = [12.1, 15.3, 9.8, 11.0, 14.2, 13.3, 10.7]
    static let unequalB: [Double] = [16.2, 14.9, 18.3, 17.1, 15.5, 19.0, 16.8, 13.9, 20.2, 17.7]

    static let cases: [Case] = [
        // a = [12.1, 15.3, 9.8, 11.0, 14.2, 13.3, 10.7]
        // b = [16.2, 14.9, 18.3, 17.1, 15.5, 19.0, 16.8, 13.9, 20.2, 17.7]
        Case(name: "unequal sizes", a: unequalA, b: unequalB,
             u: 3.0, z: 3.0740852297878796, p: 0.0021114910066706016),
        // mannwhitneyu(b, a): same p, U for the first argument
        Case(name: "unequal sizes, swapped", a: unequalB, b: unequalA,
             u: 67.0, z: 3.0740852297878796, p: 0.0021114910066706016),
        // a = [1,2,2,3,3,3,4,4,5,5]; b = [2,3,3,4,4,4,5,5,6,6,6]
        Case(name: "many ties", a: [1, 2, 2, 3, 3, 3, 4, 4, 5, 5], b: [2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6],
             u: 30.0, z: 1.7586737566720745, p: 0.07863293732266337),
        // a = [10 + (i*37 % 23)*0.5 for i in range(40)]; b = [14 + (i*53 % 29)*0.5 for i in range(45)]
        Case(name: "clear shift",
             a: (0..<40).map { 10 + Double($0 * 37 % 23) * 0.5 },
             b: (0..<45).map { 14 + Double($0 * 53 % 29) * 0.5 },
             u: 281.5, z: 5.443900184471625, p: 5.212643662942932e-08),
        // a = b = [5,6,7,8,9]
        Case(name: "identical groups", a: [5, 6, 7, 8, 9], b: [5, 6, 7, 8, 9],
             u: 12.5, z: -0.10606601717798213, p: 1.0),
        // a = [3.0, 4.0, 5.5, 6.1]; b = [4 + (i*7 % 11)*0.75 for i in range(20)]
        Case(name: "one tiny group", a: [3.0, 4.0, 5.5, 6.1], b: (0..<20).map { 4 + Double($0 * 7 % 11) * 0.75 },
             u: 12.0, z: 2.1371211131049113, p: 0.03258814213083867),
        // a = [20 + (i*7919 % 1009)*0.01 for i in range(3000)]
        // b = [20.3 + (i*104729 % 997)*0.01 for i in range(2500)]
        Case(name: "large with ties",
             a: (0..<3000).map { 20 + Double($0 * 7919 % 1009) * 0.01 },
             b: (0..<2500).map { 20.3 + Double($0 * 104_729 % 997) * 0.01 },
             u: 3_584_864.0, z: 2.8163057092933244, p: 0.004857941628641057),
    ]

    @Test(arguments: cases)
    func matchesScipy(reference: Case) throws {
        let result = try MannWhitney.test(reference.a, reference.b).get()
        #expect(result.u == reference.u)
        #expect(isClose(result.z, reference.z))
        #expect(isClose(result.p, reference.p))
        #expect(result.nA == reference.a.count && result.nB == reference.b.count)
    }

    @Test func presortedEntryPointAgrees() throws {
        let unsorted = try MannWhitney.test(Self.unequalA, Self.unequalB).get()
        let presorted = try MannWhitney.test(sortedA: Self.unequalA.sorted(), sortedB: Self.unequalB.sorted()).get()
        #expect(unsorted == presorted)
    }

    @Test func directionComesFromU() throws {
        // A is smaller here: few (a, b) pairs have a > b.
        let result = try MannWhitney.test(Self.unequalA, Self.unequalB).get()
        #expect(result.probabilityAGreater == 3.0 / 70.0)
    }

    @Test func allValuesTiedGivesPOne() throws {
        let result = try MannWhitney.test([4, 4, 4, 4], [4, 4, 4, 4, 4]).get()
        #expect(result.p == 1)
        #expect(result.z == 0)
        #expect(result.u == 10)
    }

    /// Small groups are tested, with scipy's numbers. References:
    /// `scipy.stats.mannwhitneyu(a, b, method="asymptotic")` (scipy 1.17.1), z as
    /// `norm.isf(p / 2)`, and the smallest p as the same call on the pooled values
    /// split into the lowest len(a) and the rest.
    static let smallCases: [(name: String, a: [Double], b: [Double], u: Double, z: Double, p: Double, smallest: Double)] = [
        ("three against thirteen", [1, 2, 3], (10...22).map(Double.init),
         0, 2.5561566171859877, 0.01058354713701517, 0.01058354713701517),
        ("one against one", [5], [7], 0, 0, 1, 1),
        ("one against three", [2.5], [1, 4, 6], 1, 0, 1, 0.37109336952269756),
        ("two against two, tied within groups", [4, 4], [9, 9],
         0, 1.2990381056766576, 0.1939308522824107, 0.1939308522824107),
        ("three against three, distinct", [10, 11, 12], [50, 51, 52],
         0, 1.7457431218879398, 0.08085559837005224, 0.08085559837005224),
    ]

    @Test(arguments: smallCases)
    func smallGroupsAreTested(reference: (name: String, a: [Double], b: [Double], u: Double, z: Double, p: Double,
                                          smallest: Double)) throws {
        let result = try MannWhitney.test(reference.a, reference.b).get()
        #expect(result.u == reference.u)
        #expect(isClose(result.z, reference.z))
        #expect(isClose(result.p, reference.p))
        #expect(isClose(result.smallestPossibleP, reference.smallest))
    }

    @Test func theSmallestPossiblePIsTheMostExtremeSplit() throws {
        // The groups interleave, so p is far from its floor; the floor is the
        // p of [1, 2, 3] against [10, …, 22], the same pooled values split apart.
        // scipy: mannwhitneyu([1, 15, 22], mixed, method="asymptotic") → U = 20, p = 1.0
        let mixed: [Double] = [2, 3, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21]
        let result = try MannWhitney.test([1, 15, 22], mixed).get()
        #expect(result.u == 20 && result.p == 1)
        #expect(isClose(result.smallestPossibleP, 0.01058354713701517))
    }

    /// A tie straddling the split keeps its shared midrank, so U cannot
    /// reach 0. Before, the floor was the p of U = 0 with the pooled ties, a
    /// split the values cannot form (1, 1, 1 against 1, 1, 2 gave 0.00766
    /// and no note that the test cannot reach 0.05). References: scipy
    /// 1.17.1, `mannwhitneyu(lo, hi, method="asymptotic")` on the pooled
    /// values split into the lowest len(a) and the rest, and into the
    /// highest len(a) and the rest; the smaller p.
    @Test(arguments: [
        ([1, 1, 1], [1, 1, 2], 0.5049850750938458),
        ([1, 1, 1, 1], [1, 1, 1, 2], 0.4532547047537364),
        ([5, 5, 1], [5, 9, 9, 9, 9], 0.05004352124870507),
        // The high split is the more extreme: [4, 5, 6] against [1, 2, 3, 3].
        ([1, 2, 3], [3, 4, 5, 6], 0.04974599072150299),
        ([2, 2, 2], [1, 1, 1], 0.04685417760387376),
    ] as [([Double], [Double], Double)])
    func theFloorKeepsTiesAcrossTheSplitTied(a: [Double], b: [Double], smallest: Double) throws {
        let result = try MannWhitney.test(a, b).get()
        #expect(isClose(result.smallestPossibleP, smallest))
        #expect(result.smallestPossibleP <= result.p)
    }

    @Test(arguments: [(0, 5), (5, 0), (0, 0)])
    func anEmptyGroupIsRefused(sizes: (a: Int, b: Int)) {
        let a = (0..<sizes.a).map(Double.init)
        let b = (0..<sizes.b).map { Double($0) + 0.5 }
        guard case .failure(let refusal) = MannWhitney.test(a, b) else {
            Issue.record("expected a refusal for \(sizes)")
            return
        }
        #expect(refusal.needed == 1)
        #expect(refusal.available == 0)
        #expect(refusal.reason.contains("has no values"))
    }
}
