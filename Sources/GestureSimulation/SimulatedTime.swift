/// Conversions to the integer nanoseconds captures are made of.
enum SimulatedTime {
    static let nanosPerMilli = 1_000_000.0

    /// Milliseconds as whole nanoseconds, rounded to the nearest.
    static func nanos(millis: Double) -> Int64 {
        Int64((millis * nanosPerMilli).rounded())
    }

    static func nanos(seconds: Int64) -> Int64 {
        seconds * 1_000_000_000
    }

    /// The time of sample `index` of a stream that runs `rate` times a second
    /// from `origin`, exact to the nanosecond without accumulating rounding.
    static func tick(_ index: Int64, rate: Int, from origin: Int64) -> Int64 {
        origin + index * 1_000_000_000 / Int64(rate)
    }
}
