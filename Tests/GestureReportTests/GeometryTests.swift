import Foundation
import Testing
@testable import GestureReport

/// The numbers under the plots: scales, ticks, the percentile axis, curves,
/// CDF steps and the binning of large groups.
@Suite struct GeometryTests {
    @Test func linearScaleMapsAndInvertsWithAnUpsideDownRange() {
        let y = LinearScale(domain: 0...1000, range: (280, 20))
        #expect(y(0) == 280)
        #expect(y(1000) == 20)
        #expect(y(500) == 150)
        #expect(y.invert(150) == 500)
        #expect(y.invert(y(958.5)) == 958.5)
    }

    @Test(arguments: [
        (0.0, 958.0, [0.0, 200, 400, 600, 800, 1000]),
        (0.0, 7.3, [0.0, 2, 4, 6, 8]),
        (0.0, 0.34, [0.0, 0.1, 0.2, 0.3, 0.4]),
        (-12.0, 749.0, [-200.0, 0, 200, 400, 600, 800]),
        (1.0, 60.0, [0.0, 20, 40, 60]),
    ])
    func niceTicksAreRoundAndCoverTheData(lower: Double, upper: Double, expected: [Double]) {
        let ticks = NiceTicks(covering: lower...upper, count: 5)
        #expect(ticks.values == expected)
        #expect(ticks.domain.lowerBound <= lower && ticks.domain.upperBound >= upper)
    }

    @Test func percentileAxisSpacesTheTailEvenly() {
        // log10(1/(1 − p)): numpy gives 0, 0.30103, 1, 2, 3 for 0, 50, 90, 99, 99.9 %.
        let positions = PercentileAxis.ticks.map { PercentileAxis.position(percent: $0) }
        let expected = [0, 0.3010299956639812, 1, 2, 3]
        for (position, value) in zip(positions, expected) { #expect(abs(position - value) < 1e-12) }
        #expect(abs(PercentileAxis.percent(position: 2) - 99) < 1e-9)
        #expect(PercentileAxis.ticks.map(PercentileAxis.label) == ["0%", "50%", "90%", "99%", "99.9%"])
    }

    @Test func percentileCurveRunsFromTheMinimumToP999WithAtMostTheAskedPoints() {
        let sorted = (1...10_000).map(Double.init)
        let curve = PercentileCurve(sorted: sorted, count: 1_000)
        #expect(curve.points.count == 1_000)
        #expect(curve.points.first == .init(percent: 0, latency: 1))
        // numpy.percentile(range(1, 10001), 99.9) = 9990.001
        #expect(curve.points.last?.percent == 99.9)
        #expect(abs((curve.points.last?.latency ?? 0) - 9990.001) < 1e-6)
        #expect(zip(curve.points, curve.points.dropFirst()).allSatisfy { $0.latency <= $1.latency })
        #expect(PercentileCurve(sorted: []).points.isEmpty)
    }

    @Test func empiricalCDFStepsAfterEachValueAndThinsLargeGroups() {
        let steps = EmpiricalCDF(sorted: [1, 2, 2, 5]).steps
        #expect(steps.map(\.latency) == [1, 2, 2, 5])
        #expect(steps.map(\.fraction) == [0.25, 0.5, 0.75, 1])
        let thinned = EmpiricalCDF(sorted: (0..<100_000).map(Double.init), maximumSteps: 1_000).steps
        #expect(thinned.count == 1_000)
        #expect(thinned.first?.latency == 0 && thinned.last?.fraction == 1)
    }

    @Test func histogramBinsHoldEveryValueOnce() {
        let values: [Double] = [740, 748, 749, 751, 760, -3, 0]
        let histogram = Histogram(sorted: values.sorted(), binCount: 30)
        #expect(histogram.counts.reduce(0, +) == values.count)
        #expect(histogram.width == 50)   // 763 / 30 = 25.4 → 50
        #expect(histogram.start == -50)
        #expect(histogram.counts.first == 1 && histogram.counts[1] == 1)
    }

    @Test func screenBinsAddUpToTheTouchesAndKeepTheirMedian() {
        let touches: [(x: Double, y: Double, latency: Double)] = [
            (1, 1, 10), (2, 3, 30), (9, 9, 20),   // cell (0, 0): median 20
            (392, 851, 900),                       // the bottom-right cell
            (400, 900, 5),                         // off the screen: clamped into the same cell
        ]
        let bins = ScreenBinning(touches: touches, width: 393, height: 852, cellSize: 10)
        #expect(bins.cells.map(\.count).reduce(0, +) == touches.count)
        #expect(bins.cells.first == .init(column: 0, row: 0, count: 3, medianLatency: 20))
        #expect(bins.cells.last == .init(column: 39, row: 85, count: 2, medianLatency: 452.5))
        #expect(ScreenBinning.cellSize(width: 393, height: 852, maximumCells: 2_400) == 12)
    }

    @Test func orderTrendTakesTheMedianOfEachRunOfOrders() {
        let trend = OrderTrend(touches: [(1, 900), (1, 850), (2, 5), (3, 4)], binCount: 50)
        #expect(trend.binWidth == 1)
        #expect(trend.bins.map(\.median) == [875, 5, 4])
        let wide = OrderTrend(touches: (1...200).map { (order: $0, latency: Double($0)) }, binCount: 50)
        #expect(wide.binWidth == 4)
        #expect(wide.bins.count == 50)
        #expect(wide.bins[0] == .init(firstOrder: 1, lastOrder: 4, count: 4, median: 2.5))
    }

    @Test func viridisRunsFromPurpleToYellow() {
        #expect(ColorRamp.viridis.hex(at: 0) == "#440154")
        #expect(ColorRamp.viridis.hex(at: 1) == "#fde725")
        #expect(ColorRamp.viridis.hex(at: 7) == "#fde725")
        // Midway between stops 4 (#26828e) and 5 (#1f9e89), halves rounded away from zero.
        #expect(ColorRamp.viridis.hex(at: 0.5) == "#23908c")
    }

    @Test func textIsEscapedAndNumbersHaveOneForm() {
        #expect(XMLText.escape("a < b & \"c\" 'd'") == "a &lt; b &amp; &quot;c&quot; &#39;d&#39;")
        // Controls XML cannot hold are drawn as their Control Pictures, so
        // names differing only there still differ; line feed and tab stay.
        #expect(XMLText.escape("on\rOVER\u{1B}[2J\u{7F}\u{0}") == "on\u{240D}OVER\u{241B}[2J\u{2421}\u{2400}")
        #expect(XMLText.escape("a\nb\tc") == "a\nb\tc")
        // C1 controls have no pictures: drawn as a terminal shows them (a raw
        // U+009B, a terminal's CSI, had reached the page); é and the rest of
        // Latin-1 stay.
        #expect(XMLText.escape("on\u{9B}2J\u{85}\u{80}é\u{A0}") == "on\\u009B2J\\u0085\\u0080é\u{A0}")
        #expect(XMLText.coordinate(-0.001) == "0.00")
        #expect(XMLText.coordinate(12.345) == "12.35" || XMLText.coordinate(12.345) == "12.34")
        #expect(XMLText.number(1000) == "1000")
        #expect(XMLText.number(0.25) == "0.25")
    }

    /// Few touch-downs: one mark each, where it landed, in the given order.
    @Test func outcomeMarksDrawEachTouchWhileTheyFit() {
        let points: [(x: Double, y: Double, outcome: OutcomeMarks.Outcome)] = [
            (10.3, 4.9, .missed), (1.0, 1.0, .reached), (10.3, 4.9, .another),
        ]
        let marks = OutcomeMarks(points, maximumMarks: 3)
        #expect(marks.cellSize == nil)
        #expect(marks.marks == [.init(x: 10.3, y: 4.9, outcome: .missed, count: 1),
                                .init(x: 1.0, y: 1.0, outcome: .reached, count: 1),
                                .init(x: 10.3, y: 4.9, outcome: .another, count: 1)])
    }

    /// Worked by hand: 2-pixel cells put the two reached touches in cell
    /// (row 0, column 0) and the missed one in (0, 1): two marks.
    @Test func outcomeMarksGatherByOutcomeIntoCells() {
        let points: [(x: Double, y: Double, outcome: OutcomeMarks.Outcome)] = [
            (0.5, 0.5, .reached), (1.5, 1.9, .reached), (3.0, 0.0, .missed),
        ]
        let marks = OutcomeMarks(points, maximumMarks: 2)
        #expect(marks.cellSize == 2)
        #expect(marks.marks == [.init(x: 1, y: 1, outcome: .reached, count: 2), .init(x: 3, y: 1, outcome: .missed, count: 1)])
    }

    /// Two touches in cells (0, 0) and (1, 1) of 2 pixels do not fit one
    /// mark; in 4-pixel cells they share (0, 0).
    @Test func outcomeMarksDoubleTheCellsUntilTheyFit() {
        let marks = OutcomeMarks([(0.5, 0.5, .reached), (3.0, 3.0, .reached)], maximumMarks: 1)
        #expect(marks.cellSize == 4)
        #expect(marks.marks == [.init(x: 2, y: 2, outcome: .reached, count: 2)])
    }

    /// Many touch-downs: at most the limit of marks, every touch in the one
    /// mark of its cell and outcome, the counts adding up per outcome.
    @Test func outcomeMarksAccountForEveryTouch() {
        // Spread over a panel by two coprime strides, fractions included.
        let points: [(x: Double, y: Double, outcome: OutcomeMarks.Outcome)] = (0..<20_000).map { index in
            (20 + Double(index * 7_919 % 4_800) / 10, 22 + Double(index * 104_729 % 2_780) / 10,
             OutcomeMarks.Outcome(rawValue: index % 3)!)
        }
        let marks = OutcomeMarks(points)
        let size = try! #require(marks.cellSize)
        #expect(marks.marks.count <= OutcomeMarks.maximumMarks)
        var expected: [String: Int] = [:]
        for point in points {
            let column = (point.x / size).rounded(.down), row = (point.y / size).rounded(.down)
            expected["\((column + 0.5) * size) \((row + 0.5) * size) \(point.outcome)", default: 0] += 1
        }
        var drawn: [String: Int] = [:]
        for mark in marks.marks { drawn["\(mark.x) \(mark.y) \(mark.outcome)"] = mark.count }
        #expect(drawn == expected)
        #expect(OutcomeMarks(points) == marks)
    }
}
