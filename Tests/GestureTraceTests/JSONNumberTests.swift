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
