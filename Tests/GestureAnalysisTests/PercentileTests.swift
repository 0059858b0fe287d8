import Testing
@testable import GestureAnalysis

/// The Swift percentile functions against numpy.
@Suite struct PercentileTests {
    static let latencies: [Double] = [12.5, 3.25, 7.0, 19.75, 4.5, 8.125, 15.0, 2.0, 11.5, 6.75, 9.0, 13.25, 5.5]

    // lat = [12.5, 3.25, 7.0, 19.75, 4.5, 8.125, 15.0, 2.0, 11.5, 6.75, 9.0, 13.25, 5.5]
    // for q in [0, 10, 25, 33.3, 50, 90, 95, 99, 100]:
    //     float(np.percentile(lat, q)), float(np.percentile(lat, q, method="lower"))
    static let numpyReference: [(percent: Double, linear: Double, lower: Double)] = [
        (0, 2.0, 2.0),
        (10, 3.5, 3.25),
        (25, 5.5, 5.5),
        (33.3, 6.744999999999999, 5.5),
        (50, 8.125, 8.125),
        (90, 14.650000000000002, 13.25),
        (95, 16.89999999999999, 15.0),
        (99, 19.179999999999996, 15.0),
        (100, 19.75, 19.75),
    ]

    @Test(arguments: numpyReference)
    func matchesNumpy(reference: (percent: Double, linear: Double, lower: Double)) {
        let sorted = Self.latencies.sorted()
        #expect(isClose(Percentile.of(sorted: sorted, percent: reference.percent), reference.linear))
        #expect(Percentile.discrete(sorted: sorted, percent: reference.percent) == reference.lower)
    }

    @Test func sqliteDocumentationExample() {
        // np.percentile([1,4,6,7,8,9,11,11,11], 15) == 4.4; method="lower" gives 4
        let values: [Double] = [1, 4, 6, 7, 8, 9, 11, 11, 11]
        #expect(isClose(Percentile.of(sorted: values, percent: 15), 4.4))
        #expect(Percentile.discrete(sorted: values, percent: 15) == 4.0)
    }

    @Test func emptyHasNoPercentile() {
        #expect(Percentile.of(sorted: [], percent: 50) == nil)
        #expect(Percentile.discrete(sorted: [], percent: 50) == nil)
    }

    @Test func singleValueIsEveryPercentile() {
        for percent in [0.0, 37.5, 100] {
            #expect(Percentile.of(sorted: [42.5], percent: percent) == 42.5)
            #expect(Percentile.discrete(sorted: [42.5], percent: percent) == 42.5)
        }
    }
}
