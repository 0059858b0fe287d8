import Testing
@testable import GestureSimulation

@Suite struct FrameTrackTests {
    private let origin: Int64 = 1_000_000_000_000

    private func drain(_ track: inout FrameTrack) -> [Int64] {
        var times: [Int64] = []
        while let time = track.removeNext() { times.append(time) }
        return times
    }

    @Test func refreshesAre120HzExactToTheNanosecond() {
        let track = FrameTrack(origin: origin, rate: 120)
        #expect(track.time(ofIndex: 1) - origin == 8_333_333)
        #expect(track.time(ofIndex: 120) - origin == 1_000_000_000, "no drift over a second")
        #expect(track.index(atOrAfter: origin + 8_333_333) == 1)
        #expect(track.index(atOrAfter: origin + 8_333_334) == 2)
        #expect(track.index(atOrBefore: origin + 8_333_334) == 1)
        #expect(track.index(atOrBefore: origin - 1) == -1)
    }

    @Test func overlappingSpansPresentEachRefreshOnce() {
        var track = FrameTrack(origin: origin, rate: 120)
        track.present(from: origin + 10_000_000, through: origin + 40_000_000)  // refreshes 2...5
        track.present(from: origin + 30_000_000, through: origin + 60_000_000)  // 4...8
        track.present(from: origin + 100_000_000, through: origin + 100_000_000)  // 12
        #expect(track.pendingCount == 8)
        let frames = drain(&track)
        #expect(frames.map { track.index(atOrAfter: $0) } == [2, 3, 4, 5, 6, 7, 8, 12])
        #expect(frames.allSatisfy { track.time(ofIndex: track.index(atOrAfter: $0)) == $0 }, "on the refresh grid")
    }

    @Test func stoppingCutsTheAnimationAndLaterSpansStartAfterWhatWasWritten() {
        var track = FrameTrack(origin: origin, rate: 120)
        track.present(from: origin, through: origin + 1_000_000_000)
        _ = track.removeNext()
        _ = track.removeNext()  // refreshes 0 and 1 written
        track.stop(after: origin + 50_000_000)  // keep through refresh 6
        #expect(track.pendingCount == 5)
        #expect(track.lastTime == track.time(ofIndex: 6))
        track.present(from: origin, through: origin + 10_000_000)  // nothing new before refresh 2
        #expect(track.pendingCount == 5)
        #expect(track.nextTime == track.time(ofIndex: 2))
    }
}
