import Testing
@testable import GestureTrace

/// `t` is bounded to ±2^62 ns so that any two times differ by a 64-bit
/// number of nanoseconds: no derived latency can overflow.
struct TraceReaderTimeRangeTests {
    // 2^62 = 4611686018427387904 (Python: 2**62).
    static let range = "seconds between -4611686018.427387903 and 4611686018.427387903 (|t| < 2^62 ns, so that any two times differ by a 64-bit number of nanoseconds)"

    @Test(arguments: [
        ("4611686018.427387903", Int64(4_611_686_018_427_387_903)),
        ("-4611686018.427387903", -4_611_686_018_427_387_903),
        ("4611686018.4273879025", 4_611_686_018_427_387_902),  // ties to even: ...902.5 → ...902
        ("4.611686018427387903e9", 4_611_686_018_427_387_903),
        ("-0.000000001", -1),
    ])
    func timesInsideTheRangeAreAccepted(_ text: String, _ nanos: Int64) throws {
        let capture = try TemporaryCapture(lines: [TemporaryCapture.header, TemporaryCapture.session,
                                                   #"{"type":"frame","session":"s1","t":"# + text + "}"])
        #expect(try capture.records().last?.record == .frame(FrameRecord(session: "s1", timeNanos: nanos)))
    }

    @Test(arguments: ["4611686018.427387904", "-4611686018.427387904", "4611686018.4273879035", "9e9", "-9e9",
                      "9223372036.854775807", "1e10", "-1e300"])
    func timesOutsideTheRangeAreRefusedAsFieldT(_ text: String) throws {
        let capture = try TemporaryCapture(lines: [TemporaryCapture.header, TemporaryCapture.session,
                                                   #"{"type":"frame","session":"s1","t":"# + text + "}"])
        let error = try #require(capture.strictError())
        #expect(error.description == "\(capture.path):3: field 't': found \(text), out of range; expected \(Self.range)")
    }

    @Test func aNonFiniteTimeStillSaysNonFinite() throws {
        let capture = try TemporaryCapture(lines: [TemporaryCapture.header, TemporaryCapture.session,
                                                   #"{"type":"frame","session":"s1","t":1e999}"#])
        let error = try #require(capture.strictError())
        #expect(error.message == "found 1e999, a non-finite number; expected \(Self.range)")
    }

    /// The capture of the report: a began at -9e9 s and a delivery at 9e9 s.
    @Test func bothEndsOfAnOverflowingLatencyAreRejectedWithTheirLines() throws {
        let capture = try TemporaryCapture(lines: [
            TemporaryCapture.header, TemporaryCapture.session,
            #"{"type":"touch","session":"s1","touch":1,"phase":"began","t":-9e9,"x":0,"y":0}"#,
            #"{"type":"delivery","session":"s1","target":"b","event":"touchDown","via":"control-event","t":9e9}"#,
            #"{"type":"frame","session":"s1","t":1}"#,
        ])
        #expect(capture.strictError()?.line == 3)
        let items = try capture.items(.init(skipInvalid: true))
        #expect(items.map(\.line) == [2, 3, 4, 5])
        #expect(items.compactMap(\.rejection).map(\.error.field) == ["t", "t"])
    }
}
