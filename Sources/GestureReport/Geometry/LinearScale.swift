/// Maps a value of a domain linearly onto a range of drawing coordinates.
///
/// The range may run backwards (an SVG y axis grows downwards), and the
/// scale inverts exactly, so a test can read a plotted value back:
///
///     let y = LinearScale(domain: 0...1000, range: (280, 20))
///     y(500)              // 150
///     y.invert(150)       // 500
package struct LinearScale: Sendable, Equatable {
    package var domainLower: Double
    package var domainUpper: Double
    package var rangeStart: Double
    package var rangeEnd: Double

    /// A degenerate domain (one value) is widened by one unit so the scale stays finite.
    package init(domain: ClosedRange<Double>, range: (Double, Double)) {
        domainLower = domain.lowerBound
        domainUpper = domain.upperBound > domain.lowerBound ? domain.upperBound : domain.lowerBound + 1
        rangeStart = range.0
        rangeEnd = range.1
    }

    package func callAsFunction(_ value: Double) -> Double {
        rangeStart + (value - domainLower) / (domainUpper - domainLower) * (rangeEnd - rangeStart)
    }

    /// The domain value drawn at `coordinate`.
    package func invert(_ coordinate: Double) -> Double {
        domainLower + (coordinate - rangeStart) / (rangeEnd - rangeStart) * (domainUpper - domainLower)
    }
}
