import Foundation
import Testing
import GestureTrace

/// `Int.grouped`, written by hand: the same text as Foundation's number
/// style in `en_US`, which it replaced.
struct GroupedCountTests {
    static let cases: [(Int, String)] = [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (100_000, "100,000"),
        (1_234_567, "1,234,567"), (12_000_553, "12,000,553"), (-1, "-1"), (-1_000, "-1,000"),
        (-999_999, "-999,999"), (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
    ]

    @Test(arguments: cases)
    func countsAreGroupedByThousands(_ value: Int, _ expected: String) {
        #expect(value.grouped == expected)
    }

    /// The style it replaced, over every length of number.
    @Test func theSameAsTheNumberStyle() {
        var value = 1
        for _ in 0..<18 {
            for candidate in [value, value + 1, -value, value * 9 + 8] {
                #expect(candidate.grouped == candidate.formatted(.number.locale(Locale(identifier: "en_US"))))
            }
            value *= 10
        }
    }
}
