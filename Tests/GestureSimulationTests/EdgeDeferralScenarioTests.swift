import Testing
@testable import GestureSimulation

/// Kulman 2019 and useyourloaf 2017 (docs/sources.md), checked on the store's derived `responses` after import:
/// the gate delays touch-down at the bottom edge only without deferral.
@Suite struct EdgeDeferralScenarioTests {
    private func capture() throws -> ImportedCapture { try SharedCaptures.edgeDeferral.get() }

    private func touchDownMedian(variant: String, bottom: Bool) throws -> Double? {
        try capture().number("""
            SELECT median(latency_ms) FROM responses
            WHERE variant = '\(variant)' AND target = 'recordButton' AND event = 'touchDown'
              AND via = 'control-event' AND region \(bottom ? "LIKE 'bottom%'" : "= 'center'")
            """)
    }

    @Test func withoutDeferralBottomTouchDownIsAboutASecondLate() throws {
        let bottom = try #require(try touchDownMedian(variant: "deferral-off", bottom: true))
        #expect(bottom > 500 && bottom < 1000, "bottom-edge touchDown p50 \(bottom) ms")
        // The gate waits 0.5–1.0 s: nearly no gated touch is quicker than 0.5 s.
        let quick = try #require(try capture().number("""
            SELECT avg(latency_ms < 500) FROM responses WHERE variant = 'deferral-off'
              AND region LIKE 'bottom%' AND event = 'touchDown'
            """))
        #expect(quick < 0.05)
    }

    @Test func deferringTheEdgesRemovesTheLag() throws {
        let bottom = try #require(try touchDownMedian(variant: "deferral-on", bottom: true))
        #expect(bottom < 50)
        let slowest = try #require(try capture().number("""
            SELECT max(latency_ms) FROM responses WHERE variant = 'deferral-on' AND event = 'touchDown'
            """))
        #expect(slowest < 100, "no gate anywhere with deferral; only dispatch and hitches")
    }

    @Test func centerTouchesAreNeverGated() throws {
        for variant in ["deferral-off", "deferral-on"] {
            let center = try #require(try touchDownMedian(variant: variant, bottom: false))
            #expect(center < 50, "\(variant) center p50 \(center) ms")
            #expect(center > 0.5, "dispatch takes a few milliseconds, not nothing")
        }
    }

    @Test func aboutHalfTheTouchesLandInTheBottomBand() throws {
        let share = try #require(try capture().number("""
            SELECT avg(region LIKE 'bottom%') FROM touches
            """))
        #expect(share > 0.4 && share < 0.6, "bottom share \(share)")
        let regions = Set(try capture().strings("SELECT DISTINCT region FROM touches"))
        #expect(regions.isSubset(of: ["bottom", "bottom-right", "center"]))
    }

    @Test func touchesBeganComesFirstAndTouchUpInsideLast() throws {
        let misordered = try #require(try capture().number("""
            SELECT count(*) FROM responses b
            JOIN responses d ON d.session_id = b.session_id AND d.touch = b.touch AND d.event = 'touchDown'
            JOIN responses u ON u.session_id = b.session_id AND u.touch = b.touch AND u.event = 'touchUpInside'
            WHERE b.event = 'touchesBegan' AND NOT (b.t_ns <= d.t_ns AND d.t_ns < u.t_ns)
            """))
        #expect(misordered == 0)
        let touches = try #require(try capture().number("SELECT count(*) FROM touches"))
        let complete = try #require(try capture().number(
            "SELECT count(DISTINCT session_id || '/' || touch) FROM responses WHERE event = 'touchUpInside'"))
        #expect(complete == touches, "every touch is heard, down and up")
    }

    @Test func sessionsDeclareTheirDeferredEdges() throws {
        let configs = try capture().strings("""
            SELECT DISTINCT session.variant || ':' || session_config.key || '=' || session_config.value
            FROM session_config JOIN session ON session.id = session_config.session_id ORDER BY 1
            """)
        #expect(configs == [
            "deferral-off:deferred_edges=none", "deferral-off:delivery=control-event",
            "deferral-on:deferred_edges=bottom+right", "deferral-on:delivery=control-event",
        ])
    }
}
