import Foundation
import Testing
@testable import GestureStore

/// `Date.iso8601UTC`, worked out from `gmtime_r`: the text
/// `ISO8601DateFormatter` gave, which it replaced.
struct TimestampTextTests {
    static let cases: [(Double, String)] = [
        (0, "1970-01-01T00:00:00Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (1_795_970_459.999, "2026-11-29T16:40:59Z"),
        (4_102_444_799, "2099-12-31T23:59:59Z"),
    ]

    @Test(arguments: cases)
    func timesAreWrittenInUTCToTheSecond(_ seconds: Double, _ expected: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.iso8601UTC == expected)
        #expect(date.iso8601UTC == ISO8601DateFormatter().string(from: date))
    }
}
