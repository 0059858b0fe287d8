import Testing
@testable import GestureSimulation
import GestureTrace

/// Instant Pan 2023 (docs/sources.md), checked on the derived relations after import: target-action
/// hears the instant pan's `.began` about 0.75 s after KVO does on iPad and
/// in the iPhone's home-indicator band, and promptly elsewhere.
@Suite struct DeliveryChannelScenarioTests {
    private func capture() throws -> ImportedCapture { try SharedCaptures.deliveryChannel.get() }

    /// Per touch, target-action's `.began` response minus the observer's.
    private func pairedLag(variant: String, regionFilter: String) throws -> [Double] {
        try capture().numbers("""
            SELECT a.latency_ms - o.latency_ms FROM responses a
            JOIN responses o ON o.session_id = a.session_id AND o.touch = a.touch
             AND o.target = 'pan' AND o.event = 'began' AND o.via = 'observer'
            WHERE a.target = 'pan' AND a.event = 'began' AND a.via = 'target-action'
              AND a.variant = '\(variant)' AND \(regionFilter)
            """)
    }

    @Test func iPadTargetActionLagsTheObserverByThreeQuartersOfASecond() throws {
        let lags = try pairedLag(variant: "ipad", regionFilter: "1")
        #expect(lags.count > 100)
        let lag = median(lags)
        #expect(lag > 700 && lag < 800, "iPad median lag \(lag) ms")
        #expect(lags.min()! > 600, "every iPad touch is gated")
    }

    @Test func iPhoneLagsOnlyNearTheHomeIndicator() throws {
        let bottom = try pairedLag(variant: "iphone", regionFilter: "a.region LIKE 'bottom%'")
        let elsewhere = try pairedLag(variant: "iphone", regionFilter: "a.region NOT LIKE 'bottom%'")
        #expect(bottom.count > 20 && elsewhere.count > 50)
        #expect(median(bottom) > 700 && median(bottom) < 800, "bottom band median lag \(median(bottom)) ms")
        #expect(median(elsewhere) >= 0 && median(elsewhere) < 5, "elsewhere median lag \(median(elsewhere)) ms")
        #expect(elsewhere.max()! < 100)
    }

    @Test func theObserverHearsTheBeganAtOnce() throws {
        let observer = try #require(try capture().number("""
            SELECT median(latency_ms) FROM responses WHERE target = 'pan' AND event = 'began' AND via = 'observer'
            """))
        #expect(observer > 0.5 && observer < 5, "observer p50 \(observer) ms")
        // Dispatch: KVO fires inside the state setter, well under a millisecond.
        let kvo = try #require(try capture().number(
            "SELECT max(latency_ms) FROM dispatches WHERE event = 'began' AND via = 'observer'"))
        #expect(kvo < 1)
        let recognition = try #require(try capture().number(
            "SELECT median(latency_ms) FROM recognitions WHERE recognizer = 'pan'"))
        #expect(recognition < 5, "instant pan begins at touch-down: p50 \(recognition) ms")
    }

    @Test func gatedDispatchIsAboutThreeQuartersOfASecond() throws {
        let dispatch = try #require(try capture().number("""
            SELECT median(latency_ms) FROM dispatches
            WHERE variant = 'ipad' AND target = 'pan' AND event = 'began' AND via = 'target-action'
            """))
        #expect(dispatch > 700 && dispatch < 800)
    }

    @Test func dragsMoveAtTheTouchSampleRate() throws {
        let records = try readStrictly(try capture().path)
        var lastSample: [String: TouchRecord] = [:]
        var intervals: [Int64] = []
        var movedTouches = Set<String>()
        for case .touch(let touch) in records where touch.phase != .ended {
            let key = "\(touch.session)/\(touch.touch)"
            if touch.phase == .moved, let previous = lastSample[key] {
                intervals.append(touch.timeNanos - previous.timeNanos)
                #expect(touch.x != previous.x || touch.y != previous.y, "a drag sample moves")
                movedTouches.insert(key)
            }
            lastSample[key] = touch
        }
        #expect(movedTouches.count > 100, "drags are most pan touches")
        #expect(Set(intervals).isSubset(of: [8_333_333, 8_333_334]), "120 Hz samples")
        let changed = records.filter {
            if case .transition(let transition) = $0 { return transition.to == .changed }
            return false
        }
        #expect(changed.count >= intervals.count, "each sample moves the recognizer to .changed")
    }
}
