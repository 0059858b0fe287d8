/// Integer nanoseconds as the decimal seconds a capture writes.
enum TraceTime {
    /// The times a capture may hold: |t| < 2^62 ns (about 4.61e9 s, 146
    /// years of uptime, far beyond any monotonic clock).
    ///
    /// Bounded so that the difference of any two times fits in 64-bit
    /// nanoseconds: every latency derived from accepted records, while
    /// reading or in SQL, is then exact and cannot overflow.
    static let range: ClosedRange<Int64> = (-(1 << 62) + 1)...((1 << 62) - 1)

    /// `range.contains(nanos)` in one comparison, for every `t` read.
    @inline(__always)
    static func isInRange(_ nanos: Int64) -> Bool {
        nanos.magnitude < 1 << 62
    }

    /// The range as refusals state it.
    static let rangeText = "seconds between \(secondsText(range.lowerBound)) and \(secondsText(range.upperBound)) (|t| < 2^62 ns, so that any two times differ by a 64-bit number of nanoseconds)"

    /// Exact decimal seconds with no trailing zeros: 12000000001 ns →
    /// `12.000000001`, 5 s → `5`, −1500000000 ns → `-1.5`.
    static func secondsText(_ nanos: Int64) -> String {
        var bytes: [UInt8] = []
        appendSeconds(nanos, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendSeconds(_ nanos: Int64, to output: inout [UInt8]) {
        if nanos < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = nanos.magnitude
        appendDigits(magnitude / 1_000_000_000, to: &output)
        var fraction = magnitude % 1_000_000_000
        guard fraction != 0 else { return }
        var digits = 9
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        output.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// The decimal digits of `value`, most significant first.
    static func appendDigits(_ value: UInt64, to output: inout [UInt8]) {
        if value < 10 {
            output.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 20 digits fit; stack, no allocation
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { storage in
            while rest > 0 {
                storage[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                output.append(storage[count])
            }
        }
    }
}
