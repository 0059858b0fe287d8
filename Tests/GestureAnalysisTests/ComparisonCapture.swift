import GestureTrace

/// Captures built from exact latency lists, so comparisons can be checked
/// against scipy and numpy run on the same numbers.
enum ComparisonCapture {
    /// One session per group, split by the config key `mode`; each latency is
    /// one touch whose `touchDown` arrives that many milliseconds after it.
    static func groups(_ groups: [(mode: String, latencies: [Double])]) -> String {
        var records: [TraceRecord] = []
        for (index, group) in groups.enumerated() {
            let session = "s\(index)"
            records.append(.session(SessionRecord(
                id: session, experiment: "x", variant: "variant-\(group.mode)",
                config: [("mode", .string(group.mode))],
                device: DeviceInfo(model: "iPhone15,2", screenWidth: 393, screenHeight: 852))))
            for (touch, latency) in group.latencies.enumerated() {
                let down = Int64(touch + 1) * 10_000_000_000
                records.append(.touch(TouchRecord(session: session, touch: Int64(touch + 1), phase: .began,
                                                  timeNanos: down, x: 200, y: 400)))
                records.append(.delivery(DeliveryRecord(session: session, target: "button", event: "touchDown",
                                                        via: "control-event", timeNanos: down + nanos(latency))))
            }
        }
        return TraceWriter.capture(header: TraceHeader(recorder: "ComparisonCapture"), records: records)
    }

    /// One session where each touch's `began` is heard by both channels.
    static func channels(observer: [Double], targetAction: [Double]) -> String {
        var records: [TraceRecord] = [.session(SessionRecord(id: "s", experiment: "x", variant: "v"))]
        for (touch, (first, second)) in zip(observer, targetAction).enumerated() {
            let down = Int64(touch + 1) * 10_000_000_000
            records.append(.touch(TouchRecord(session: "s", touch: Int64(touch + 1), phase: .began,
                                              timeNanos: down, x: 200, y: 400)))
            records.append(.delivery(DeliveryRecord(session: "s", target: "pan", event: "began", via: "observer",
                                                    timeNanos: down + nanos(first))))
            records.append(.delivery(DeliveryRecord(session: "s", target: "pan", event: "began", via: "target-action",
                                                    timeNanos: down + nanos(second))))
        }
        return TraceWriter.capture(header: TraceHeader(), records: records)
    }

    private static func nanos(_ milliseconds: Double) -> Int64 {
        Int64((milliseconds * 1_000_000).rounded())
    }
}
