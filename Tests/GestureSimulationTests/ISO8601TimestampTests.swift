import Testing
@testable import GestureSimulation

@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_717_405_200_000_000_000, "2024-06-03T09:00:00.000Z"),
        (1_709_164_799_999_999_999, "2024-02-28T23:59:59.999Z"),
        (1_709_164_800_123_456_789, "2024-02-29T00:00:00.123Z"),
        (951_782_400_000_000_000, "2000-02-29T00:00:00.000Z"),
        (4_107_542_400_000_000_000, "2100-03-01T00:00:00.000Z"),
    ])
    func formatsUTCWithMilliseconds(nanos: Int64, text: String) {
        #expect(ISO8601Timestamp.text(epochNanos: nanos) == text)
    }
}
