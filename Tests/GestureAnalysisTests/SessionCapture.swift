import GestureTrace

/// Captures of sessions described by their attributes and latencies, for the
/// tests of splits, filters and budgets: each latency is one touch whose
/// `touchDown` arrives that many milliseconds after it; `liftLatencies`, when
/// given, add a `touchUpInside` a second later.
struct SessionCapture {
    struct Session {
        var id: String
        var variant = "v"
        var config: [(key: String, value: ConfigValue)] = []
        var device: DeviceInfo?
        var app: AppInfo?
        var startedAt: String?
        var latencies: [Double]
        var liftLatencies: [Double] = []
    }

    var sessions: [Session]

    var text: String {
        var records: [TraceRecord] = []
        for session in sessions {
            records.append(.session(SessionRecord(id: session.id, experiment: "x", variant: session.variant,
                                                  config: session.config, device: session.device, app: session.app,
                                                  startedAt: session.startedAt)))
            for (touch, latency) in session.latencies.enumerated() {
                let down = Int64(touch + 1) * 10_000_000_000
                records.append(.touch(TouchRecord(session: session.id, touch: Int64(touch + 1), phase: .began,
                                                  timeNanos: down, x: 200, y: 400)))
                records.append(.delivery(DeliveryRecord(session: session.id, target: "button", event: "touchDown",
                                                        via: "control-event", timeNanos: down + Self.nanos(latency))))
                if touch < session.liftLatencies.count {
                    records.append(.delivery(DeliveryRecord(
                        session: session.id, target: "button", event: "touchUpInside", via: "control-event",
                        timeNanos: down + 1_000_000_000 + Self.nanos(session.liftLatencies[touch]))))
                }
            }
        }
        return TraceWriter.capture(header: TraceHeader(recorder: "SessionCapture"), records: records)
    }

    static func nanos(_ milliseconds: Double) -> Int64 {
        Int64((milliseconds * 1_000_000).rounded())
    }

    /// The budget cases' latencies: session `j`'s touch `k`, 5 to 14.5 ms.
    static func baseLatency(session j: Int, touch k: Int) -> Double {
        5 + Double((k * 7 + j * 3) % 20) * 0.5
    }
}
