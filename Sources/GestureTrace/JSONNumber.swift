/// Conversions of JSON number text (already checked against the RFC 8259
/// grammar by `JSONScanner`) to the values records hold.
enum JSONNumber {
    /// Why a number could not become the value asked for.
    enum Problem: Error, Equatable {
        /// The value does not fit (an integer or a time beyond Int64 nanoseconds).
        case outOfRange
        /// An integer was asked for, but the text has a fraction or exponent.
        case notAnInteger
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The nearest Double, as `strtod` would give; infinite when the text
    /// overflows (e.g. `1e999`), which callers refuse as non-finite.
    static func double(_ bytes: UnsafePointer<UInt8>, count: Int) -> Double {
        // Fast path (Clinger): up to 15 significant digits are exact in a
        // Double, and so is 10^e for e ≤ 22, so one multiply or divide
        // rounds correctly.
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if JSONScanner.isDigit(byte) {
                if mantissa != 0 || byte != UInt8(ascii: "0") {
                    significantDigits += 1
                }
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        let exponent = index < count ? Self.exponent(bytes, from: index, count: count) : 0
        let decimalExponent = exponent - fractionDigits
        if significantDigits <= 15 && decimalExponent >= -22 && decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= powersOfTen[-decimalExponent]
            } else {
                value *= powersOfTen[decimalExponent]
            }
            return negative ? -value : value
        }
        // Coordinates printed by `Double.description` have 16 or 17 digits:
        // too many for the fast path above, few enough for 64 bits.
        if significantDigits <= 19, decimalExponent < 0, decimalExponent >= -19,
           let value = nearestQuotient(mantissa, tenToThe: -decimalExponent) {
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        return Double(text) ?? .nan
    }

    private static let integerPowersOfTen: [UInt64] = (0...19).map { exponent in
        var value: UInt64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The Double nearest to `numerator / 10^exponent` (exponent 1...19),
    /// or nil when it is not settled here (a tie, or a value outside the
    /// range checked), for `strtod` to answer.
    ///
    /// A quotient of two Doubles lands within about an ulp of the value, so
    /// the nearest Double is it or a neighbour; each candidate is checked
    /// exactly, in 128-bit integers, against the midpoints to its
    /// neighbours. No rounding is trusted, so the answer is `strtod`'s.
    static func nearestQuotient(_ numerator: UInt64, tenToThe exponent: Int) -> Double? {
        guard numerator != 0 else { return 0 }
        let divisor = integerPowersOfTen[exponent]
        let estimate = Double(numerator) / Double(divisor)
        if isNearest(estimate, to: numerator, over: divisor) { return estimate }
        if isNearest(estimate.nextDown, to: numerator, over: divisor) { return estimate.nextDown }
        if isNearest(estimate.nextUp, to: numerator, over: divisor) { return estimate.nextUp }
        return nil
    }

    /// Whether `candidate` = M × 2^E is the Double nearest to n / d: the
    /// value lies strictly between the midpoints (2M − 1) × 2^(E−1) and
    /// (2M + 1) × 2^(E−1), that is (2M − 1)·d < n·2^(1−E) < (2M + 1)·d.
    /// Powers of two (whose lower neighbour is nearer) and values of 2^53
    /// or more are left to the caller.
    private static func isNearest(_ candidate: Double, to numerator: UInt64, over divisor: UInt64) -> Bool {
        guard candidate.isNormal, candidate > 0, candidate.significandBitPattern != 0 else { return false }
        let significand = candidate.significandBitPattern | (1 << 52)
        let shift = 1 - (Int(candidate.exponent) - 52)
        // n·2^shift must fit 128 bits; a candidate near n / d (d ≤ 10^19) keeps it under 2^118.
        guard shift >= 1, shift <= 127, numerator.leadingZeroBitCount + 128 - 64 > shift else { return false }
        let scaled: (high: UInt64, low: UInt64) =
            shift >= 64 ? (numerator << UInt64(shift - 64), 0)
            : (numerator >> UInt64(64 - shift), numerator << UInt64(shift))
        let below = (2 * significand - 1).multipliedFullWidth(by: divisor)
        let above = (2 * significand + 1).multipliedFullWidth(by: divisor)
        return (below.high, below.low) < (scaled.high, scaled.low)
            && (scaled.high, scaled.low) < (above.high, above.low)
    }

    /// The exponent of an already validated number, `[eE] [+-]? digits`
    /// starting at `start` (the `e`). Its magnitude is capped at 1,000,000:
    /// beyond that every nonzero value is out of range or rounds to zero.
    private static func exponent(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start + 1
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        var exponent = 0
        while index < count {
            if exponent < 1_000_000 {
                exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
            }
            index += 1
        }
        return negative ? -exponent : exponent
    }

    /// An integer written without fraction or exponent that fits Int64.
    static func integer(_ bytes: UnsafePointer<UInt8>, count: Int) throws(Problem) -> Int64 {
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var magnitude: UInt64 = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { throw .notAnInteger }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw .outOfRange }
            magnitude = sum
            index += 1
        }
        return try signed(magnitude, negative: negative)
    }

    private static func signed(_ magnitude: UInt64, negative: Bool) throws(Problem) -> Int64 {
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .outOfRange }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .outOfRange }
        return Int64(magnitude)
    }

    /// Seconds as exact integer nanoseconds, computed from the decimal digits
    /// (never through Double).
    ///
    /// Digits beyond the ninth fraction digit are rounded to nearest, ties to
    /// even (`0.0000000005` → 0 ns, `0.0000000015` → 2 ns), symmetrically for
    /// negative values. Exponents shift the decimal point exactly.
    static func nanoseconds(_ bytes: UnsafePointer<UInt8>, count: Int) throws(Problem) -> Int64 {
        if let nanos = plainNanoseconds(bytes, count: count) {
            return nanos
        }
        return try shiftedNanoseconds(bytes, count: count)
    }

    /// The common `123.456789` form: at most 9 integer and 9 fraction
    /// digits and no exponent, which needs no rounding and cannot overflow.
    @inline(__always)
    private static func plainNanoseconds(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int64? {
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var seconds: Int64 = 0
        let integerStart = index
        while index < count, JSONScanner.isDigit(bytes[index]) {
            // Wrapping: more than 9 digits are sent to the exact path below.
            seconds = seconds &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        guard index - integerStart <= 9 else { return nil }
        var fraction: Int64 = 0
        var scale: Int64 = 1_000_000_000
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, JSONScanner.isDigit(bytes[index]) {
                fraction = fraction &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            let fractionDigits = index - fractionStart
            guard fractionDigits <= 9 else { return nil }
            for _ in 0..<fractionDigits { scale /= 10 }
        }
        guard index == count else { return nil }  // an exponent follows
        let nanos = seconds * 1_000_000_000 + fraction * scale
        return negative ? -nanos : nanos
    }

    private static func shiftedNanoseconds(_ bytes: UnsafePointer<UInt8>, count: Int) throws(Problem) -> Int64 {
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // The digits D (integer then fraction digits, point removed) and where
        // the point sits: value = D × 10^(pointPosition − digitCount).
        let digitsStart = index
        var integerDigits = 0
        while index < count, JSONScanner.isDigit(bytes[index]) {
            index += 1
            integerDigits += 1
        }
        var fractionStart = index
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < count, JSONScanner.isDigit(bytes[index]) {
                index += 1
                fractionDigits += 1
            }
        }
        let exponent = index < count ? Self.exponent(bytes, from: index, count: count) : 0
        let digitCount = integerDigits + fractionDigits
        @inline(__always) func digit(_ position: Int) -> UInt64 {
            let offset = position < integerDigits ? digitsStart + position : fractionStart + position - integerDigits
            return UInt64(bytes[offset] &- UInt8(ascii: "0"))
        }
        // Nanoseconds = D × 10^shift; the first `kept` digits form the integer part.
        let shift = integerDigits + exponent - digitCount + 9
        let kept = digitCount + shift
        var magnitude: UInt64 = 0
        var position = 0
        while position < min(kept, digitCount) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit(position))
            guard !overflow1, !overflow2 else { throw .outOfRange }
            magnitude = sum
            position += 1
        }
        if kept > digitCount, magnitude != 0 {
            // Whole zeros to append; a nonzero value overflows within 20 steps.
            for _ in 0..<(kept - digitCount) {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { throw .outOfRange }
                magnitude = times10
            }
        } else if kept < digitCount, kept >= 0 {
            // Round to nearest, ties to even, on the dropped digits.
            let firstDropped = digit(kept)
            var roundUp = firstDropped > 5
            if firstDropped == 5 {
                var sticky = false
                var later = kept + 1
                while later < digitCount, !sticky {
                    sticky = digit(later) != 0
                    later += 1
                }
                roundUp = sticky || magnitude & 1 == 1
            }
            if roundUp {
                let (sum, overflow) = magnitude.addingReportingOverflow(1)
                guard !overflow else { throw .outOfRange }
                magnitude = sum
            }
        }
        // kept < 0: the value is below a tenth of a nanosecond and rounds to 0.
        return try signed(magnitude, negative: negative)
    }
}
