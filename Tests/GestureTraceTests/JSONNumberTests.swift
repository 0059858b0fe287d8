import Testing
@testable import GestureTrace

struct JSONNumberTests {
    private func nanoseconds(_ text: String) throws(JSONNumber.Problem) -> Int64 {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(JSONNumber.Problem) in
            try JSONNumber.nanoseconds(buffer.baseAddress!, count: buffer.count)
        }
    }

    private func double(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBufferPointer { JSONNumber.double($0.baseAddress!, count: $0.count) }
    }

    private func integer(_ text: String) throws(JSONNumber.Problem) -> Int64 {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(JSONNumber.Problem) in
            try JSONNumber.integer(buffer.baseAddress!, count: buffer.count)
        }
    }

    @Test(arguments: [
        ("0", 0),
        ("-0", 0),
        ("5", 5_000_000_000),
        ("0.000001", 1_000),
        ("12.000000001", 12_000_000_001),
        ("1234567.123456789", 1_234_567_123_456_789),
        ("-1.5", -1_500_000_000),
        ("1e-3", 1_000_000),
        ("1E3", 1_000_000_000_000),
        ("1e+3", 1_000_000_000_000),
        ("0.5e1", 5_000_000_000),
        ("100e-2", 1_000_000_000),
        ("123.456789e2", 12_345_678_900_000),
        ("0e999", 0),
        ("1e-999", 0),
        ("000.1e-0", 100_000_000),
        ("9223372036.854775807", Int64.max),
        ("-9223372036.854775808", Int64.min),
        ("0.00000000049999", 0),
        ("0.0000000005", 0),            // tie: 0 is even
        ("0.0000000015", 2),            // tie: 1 is odd, rounds up
        ("0.0000000025", 2),            // tie: 2 is even
        ("0.00000000250001", 3),        // above the tie
        ("1.9999999995", 2_000_000_000),
        ("-0.0000000015", -2),          // symmetric for negative values
        ("0.00000000001", 0),
        ("7.0000000004999999999999999999", 7_000_000_000),
        ("999999999.999999999", 999_999_999_999_999_999),     // the largest plain form
        ("1000000000.5", 1_000_000_000_500_000_000),          // ten integer digits take the exact path
        ("0000000000000000000000000001.25", 1_250_000_000),   // so do leading zeros beyond nine
        ("-999999999.000000001", -999_999_999_000_000_001),
    ] as [(String, Int64)])
    func secondsConvertToExactNanoseconds(text: String, nanos: Int64) throws {
        #expect(try nanoseconds(text) == nanos)
    }

    @Test(arguments: ["9223372036.854775808", "-9223372036.854775809", "1e10", "-1e10", "1e999", "99999999999999999999",
                      "123456789012345678901234567890.123456789012345678901234567890"])
    func timesBeyondInt64NanosecondsAreOutOfRange(text: String) {
        #expect(throws: JSONNumber.Problem.outOfRange) { try nanoseconds(text) }
    }

    @Test(arguments: [
        ("0", 0.0), ("390.5", 390.5), ("0.1", 0.1), ("-2.25", -2.25), ("1e-5", 1e-5), ("5e-324", Double.leastNonzeroMagnitude),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("123456789012345678", 123456789012345678.0),
        ("0.30000000000000004", 0.30000000000000004), ("1e22", 1e22), ("1e23", 1e23),
    ] as [(String, Double)])
    func numbersParseToTheNearestDouble(text: String, value: Double) {
        #expect(double(text) == value)
    }

    /// 16 to 19 significant digits with a fraction: the 128-bit checked
    /// quotient, and the cases it leaves to strtod (ties, a power of two,
    /// 20 digits, 2^53 and above). Expected bit patterns from Python's
    /// correctly rounded float() (Tests/Reference/long_fractions.py): Swift
    /// literals round through Float80 on x86_64 and miss some of these.
    @Test(arguments: [
        ("113.42216416503388", 0x405C_5B04_BCD8_9746),  // 113.42216416503388
        ("35.16087407412336", 0x4041_9497_858B_912B),  // 35.16087407412336
        ("160.5843666317701", 0x4064_12B3_21A6_8A71),  // 160.5843666317701
        ("0.1000000000000000055511151231257827", 0x3FB9_9999_9999_999A),  // 0.1
        ("1234567890123456.7", 0x4311_8B54_F22A_EB03),  // 1234567890123456.8
        ("0.0000000000000000001", 0x3BFD_83C9_4FB6_D2AC),  // 1e-19
        ("0.9999999999999999999", 0x3FF0_0000_0000_0000),  // 1.0
        ("0.99999999999999994", 0x3FEF_FFFF_FFFF_FFFF),  // 0.9999999999999999
        ("4503599627370497.5", 0x4330_0000_0000_0002),  // 4503599627370498.0
        ("4503599627370498.5", 0x4330_0000_0000_0002),  // 4503599627370498.0
        ("2251799813685248.25", 0x4320_0000_0000_0000),  // 2251799813685248.0
        ("2251799813685248.75", 0x4320_0000_0000_0002),  // 2251799813685249.0
        ("9007199254740993.0", 0x4340_0000_0000_0000),  // 9007199254740992.0
        ("1844674407370955.1615", 0x431A_36E2_EB1C_432D),  // 1844674407370955.2
        ("0.30000000000000001665", 0x3FD3_3333_3333_3333),  // 0.3
        ("0.30000000000000001666", 0x3FD3_3333_3333_3334),  // 0.30000000000000004
    ] as [(String, UInt64)])
    func longFractionsParseToTheNearestDouble(text: String, bits: UInt64) {
        #expect(double(text).bitPattern == bits)
        #expect(double("-" + text) == -Double(bitPattern: bits))
    }

    /// Every form the checked quotient answers, against the standard
    /// library's conversion (strtod) on the same text: 16 to 19 digits,
    /// the point anywhere, drawn by a fixed linear congruential generator.
    @Test func longFractionsAgreeWithStrtod() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            let digitCount = 16 + Int(next() >> 62)  // 16...19
            var digits = String(1 + (next() >> 32) % 9)
            while digits.count < digitCount { digits += String((next() >> 32) % 10) }
            let point = 1 + Int(next() >> 40) % (digitCount - 1)
            let leadingZeros = next() >> 63 == 0 ? "" : "0." + String(repeating: "0", count: Int(next() >> 62))
            let text = leadingZeros.isEmpty
                ? String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
                : leadingZeros + digits
            if double(text) != Double(text)! { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func overflowingNumbersBecomeInfinite() {
        #expect(double("1e999") == .infinity)
        #expect(double("-1e999") == -.infinity)
        #expect(double("-0").sign == .minus)
    }

    @Test func integersMustHaveNoFractionOrExponentAndFitInt64() throws {
        #expect(try integer("42") == 42)
        #expect(try integer("-7") == -7)
        #expect(try integer("9223372036854775807") == Int64.max)
        #expect(try integer("-9223372036854775808") == Int64.min)
        #expect(throws: JSONNumber.Problem.outOfRange) { try integer("9223372036854775808") }
        #expect(throws: JSONNumber.Problem.notAnInteger) { try integer("1.0") }
        #expect(throws: JSONNumber.Problem.notAnInteger) { try integer("1e2") }
    }
}
