import Testing
@testable import GestureSimulation

/// WWDC 2014 and Parhi 2006 (docs/sources.md), checked on `outcomes` after import: a 44 × 44 pt
/// hit area lets more taps reach small icons than their 28 pt frames do.
///
/// The exact counts come from the independent reference
/// (Tests/Reference/outcomes.py) run on the capture these tests import:
///
///     gesturelab simulate --seed 11 --sessions 3 --touches 40 --experiment hit-area --out hit-area.jsonl
///     python3 Tests/Reference/outcomes.py hit-area.jsonl
///     reached hit-area enlarged-44pt 110/120
///     reached hit-area visible-frame 78/120
@Suite struct HitAreaScenarioTests {
    private func capture() throws -> ImportedCapture { try SharedCaptures.hitArea.get() }

    /// reached and touches per variant, as `k/n`.
    private func reached(_ variant: String) throws -> String {
        let counts = try capture().numbers("""
            SELECT sum(reached) FROM outcomes WHERE variant = '\(variant)'
            UNION ALL SELECT count(*) FROM outcomes WHERE variant = '\(variant)'
            """)
        return "\(Int(counts[0]))/\(Int(counts[1]))"
    }

    @Test func theEnlargedHitAreaReachesMoreTouchesThanTheFrame() throws {
        #expect(try reached("visible-frame") == "78/120")
        #expect(try reached("enlarged-44pt") == "110/120")
    }

    /// By the reference's rows: in the frame variant every miss hit nothing
    /// (42); with enlarged areas 7 hit nothing and 3 landed in the nearest
    /// icon's area but the hit-test chose the neighbour above it in the overlap.
    @Test func missesHitNothingOrAnOverlappingNeighbour() throws {
        let rows = try capture().strings("""
            SELECT variant || ' ' || chosen || ' ' || count(*) FROM (
                SELECT variant, CASE WHEN hit = '' THEN 'none' WHEN hit = target THEN 'nearest' ELSE 'other' END AS chosen
                FROM outcomes)
            GROUP BY variant, chosen ORDER BY 1
            """)
        #expect(rows == ["enlarged-44pt nearest 110", "enlarged-44pt none 7", "enlarged-44pt other 3",
                         "visible-frame nearest 78", "visible-frame none 42"])
        // A touch the hit-test gave to a neighbour lies in the nearest icon's enlarged area too.
        let others = try capture().numbers("""
            SELECT inside_hit_area FROM outcomes WHERE hit <> '' AND hit <> target
            """)
        #expect(others == [1, 1, 1])
    }

    @Test func sessionsDeclareFiveIconsWithTheirHitAreas() throws {
        let declared = try capture().strings("""
            SELECT variant || ' ' || count(*) || ' ' || count(hit_w) || ' ' || min(w) || ' ' || coalesce(max(hit_w), 0)
            FROM targets GROUP BY variant ORDER BY variant
            """)
        // Three sessions of five icons each; only the enlarged variant states a hit area.
        #expect(declared == ["enlarged-44pt 15 15 28.0 44.0", "visible-frame 15 0 28.0 0"])
        #expect(try capture().number("SELECT count(*) FROM touches WHERE hit IS NULL") == 0)
    }

    @Test func theHitTestPicksTheLaterOfTwoOverlappingAreas() {
        let scenario = HitAreaScenario(enlarged: true)
        let first = scenario.icons[0].frame, second = scenario.icons[1].frame
        // Between the frames, nearer the first icon but inside both enlarged areas.
        let x = first.x + first.width + 2
        #expect(x < (first.x + first.width + second.x) / 2)
        #expect(scenario.hitTest(x: x, y: first.y + 1) == "icon2")
        #expect(HitAreaScenario(enlarged: false).hitTest(x: x, y: first.y + 1) == nil)
    }
}
