import Testing
@testable import GestureSimulation

/// UIButton highlight and WWDC 2014 (docs/sources.md), checked on `responses` after import: with
/// `delaysContentTouches` the button hears `touchesBegan` about 150 ms
/// later, or at lift for quicker presses.
@Suite struct ContentTouchesScenarioTests {
    private func capture() throws -> ImportedCapture { try SharedCaptures.contentTouches.get() }

    private func touchesBegan(_ variant: String) throws -> [Double] {
        try capture().numbers("""
            SELECT latency_ms FROM responses WHERE variant = '\(variant)'
              AND target = 'cellButton' AND event = 'touchesBegan' AND via = 'touches'
            """)
    }

    @Test func delayingContentTouchesCostsAbout150Milliseconds() throws {
        let on = try touchesBegan("delays-on"), off = try touchesBegan("delays-off")
        #expect(on.count > 60 && off.count > 100, "presses (and, without delays, scrolls) reach the button")
        let difference = median(on) - median(off)
        #expect(difference > 130 && difference < 170, "median difference \(difference) ms")
        #expect(median(off) < 10)
    }

    @Test func theDelayEndsAtTheTimerOrAtLift() throws {
        let on = try touchesBegan("delays-on")
        // Dispatch (a few ms, now and then a hitch) plus at most the 150 ms timer.
        #expect(on.max()! < 150 + 50)
        // Presses shorter than 150 ms are delivered when the finger lifts.
        let early = Double(on.filter { $0 < 140 }.count) / Double(on.count)
        #expect(early > 0.1 && early < 0.5, "share delivered at lift \(early)")
    }

    @Test func scrollsStartedBeforeTheTimerNeverReachTheButton() throws {
        // With delays a scroll takes the touch before the button hears it; without, the button is cancelled.
        let cancelledOn = try #require(try capture().number(
            "SELECT count(*) FROM responses WHERE variant = 'delays-on' AND event = 'touchesCancelled'"))
        let cancelledOff = try #require(try capture().number(
            "SELECT count(*) FROM responses WHERE variant = 'delays-off' AND event = 'touchesCancelled'"))
        let scrollsOff = try #require(try capture().number("""
            SELECT count(*) FROM recognitions WHERE variant = 'delays-off' AND recognizer = 'scrollView.pan'
            """))
        #expect(scrollsOff > 20)
        #expect(cancelledOff == scrollsOff, "every scroll cancels the button's touch")
        #expect(cancelledOn < cancelledOff / 4)
    }

    @Test func theScrollPanBeginsOnlyAfterMovement() throws {
        let recognition = try #require(try capture().number(
            "SELECT min(latency_ms) FROM recognitions WHERE recognizer = 'scrollView.pan'"))
        #expect(recognition > 8, "the pan waits for the finger to pass its hysteresis")
    }

    @Test func sessionsDeclareTheSettingAsABoolean() throws {
        let configs = try capture().strings("""
            SELECT DISTINCT session.variant || ':' || value || ':' || value_type FROM session_config
            JOIN session ON session.id = session_config.session_id WHERE key = 'delays_content_touches' ORDER BY 1
            """)
        #expect(configs == ["delays-off:false:boolean", "delays-on:true:boolean"])
    }
}
