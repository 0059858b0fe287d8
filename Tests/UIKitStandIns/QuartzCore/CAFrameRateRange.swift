// TEST MATERIAL: a stand-in of an Apple declaration (see CADisplayLink.swift).

/// Source: https://developer.apple.com/documentation/quartzcore/caframeraterange
/// `struct CAFrameRateRange`, iOS 15.0+.
public struct CAFrameRateRange: Sendable, Equatable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    /// https://developer.apple.com/documentation/quartzcore/caframeraterange/init(minimum:maximum:preferred:)
    /// `init(minimum: Float, maximum: Float, preferred: Float?)`
    public init(minimum: Float, maximum: Float, preferred: Float?) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// https://developer.apple.com/documentation/quartzcore/caframeraterange/default
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
