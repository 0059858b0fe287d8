import Testing
@testable import GestureSimulation

/// WWDC 2014 (docs/sources.md), checked on `starts` and `responses` after import: a touch-delay
/// recognizer removes most false starts of slow swipes over draggable dots,
/// and every start it lets through is about 150 ms later.
///
/// The exact counts come from the independent reference
/// (Tests/Reference/outcomes.py) run on the capture these tests import:
///
///     gesturelab simulate --seed 11 --sessions 3 --touches 40 --experiment touch-delay --out touch-delay.jsonl
///     python3 Tests/Reference/outcomes.py touch-delay.jsonl
///     false-starts touch-delay delay-off 49/120
///     false-starts touch-delay delay-on 13/72
///     reached touch-delay delay-off 116/120
///     reached touch-delay delay-on 118/120
@Suite struct TouchDelayScenarioTests {
    private func capture() throws -> ImportedCapture { try SharedCaptures.touchDelay.get() }

    private func rate(_ sql: String) throws -> String {
        let counts = try capture().numbers(sql)
        return "\(Int(counts[0]))/\(Int(counts[1]))"
    }

    @Test func theTouchDelayRemovesMostFalseStarts() throws {
        for (variant, expected) in [("delay-off", "49/120"), ("delay-on", "13/72")] {
            #expect(try rate("""
                SELECT sum(false_start) FROM starts WHERE variant = '\(variant)'
                UNION ALL SELECT count(*) FROM starts WHERE variant = '\(variant)'
                """) == expected)
        }
        #expect(try rate("""
            SELECT sum(reached) FROM outcomes WHERE variant = 'delay-off' UNION ALL SELECT count(*) FROM outcomes WHERE variant = 'delay-off'
            """) == "116/120")
    }

    @Test func everyStartWaitsForTheTimer() throws {
        let off = try capture().numbers("SELECT latency_ms FROM responses WHERE variant = 'delay-off' AND event = 'touchesBegan'")
        let on = try capture().numbers("SELECT latency_ms FROM responses WHERE variant = 'delay-on' AND event = 'touchesBegan'")
        #expect(off.count == 120 && on.count == 72)
        let cost = median(on) - median(off)
        #expect(cost > 140 && cost < 160, "median cost \(cost) ms")
        // Dispatch (a few ms) plus the 150 ms timer: no start comes sooner with the delay.
        #expect(on.min()! >= 150)
    }

    @Test func swipesThePanTakesInTimeNeverReachTheDot() throws {
        // With the delay the recognizer fails once per touch: at its timer, or sooner when the pan takes the touch.
        #expect(try capture().strings("""
            SELECT s.variant || ' ' || t.to_state || ' ' || count(*) FROM transition t JOIN session s ON s.id = t.session_id
            WHERE t.recognizer = 'canvas.touchDelay' GROUP BY s.variant, t.to_state
            """) == ["delay-on failed 120"])
        // 120 touches, 72 starts: 48 swipes taken before the timer, the dot never hearing of them.
        let unheard = try capture().numbers("""
            SELECT (t.t_ns - o.down_ns) / 1e6 FROM touches o
            JOIN transition t ON t.session_id = o.session_id AND t.touch = o.touch AND t.recognizer = 'canvas.touchDelay'
            WHERE o.variant = 'delay-on'
              AND NOT EXISTS (SELECT 1 FROM starts st WHERE st.session_id = o.session_id AND st.touch = o.touch)
            """)
        #expect(unheard.count == 48)
        #expect(unheard.allSatisfy { $0 < 150 + 50 }, "failed before the timer plus dispatch")
    }

    @Test func droppedDotsMoveAndLaterTouchesUseTheirNewFrames() throws {
        // 12 dots declared at each session's start, then one record per drop (a grab ends with touchesEnded).
        let grabs = try #require(try capture().number("""
            SELECT count(*) FROM touches o WHERE o.experiment = 'touch-delay'
              AND EXISTS (SELECT 1 FROM responses r WHERE r.session = o.session AND r.capture = o.capture
                          AND r.touch = o.touch AND r.event = 'touchesEnded')
            """))
        #expect(try capture().number("SELECT count(*) FROM targets") == 6 * 12 + grabs)
        // Outcomes measured against a moved frame: the record they used is not a session-start one.
        let movedUsed = try #require(try capture().number("""
            SELECT count(*) FROM outcomes o JOIN targets t ON t.session_id = o.session_id AND t.line = o.target_line
            WHERE o.experiment = 'touch-delay' AND t.t_ns > (SELECT min(t_ns) FROM targets u WHERE u.session_id = t.session_id)
            """))
        #expect(movedUsed == 134)
    }
}
