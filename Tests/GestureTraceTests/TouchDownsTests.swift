import Testing
@testable import GestureTrace

/// ``TouchDowns`` answers as a dictionary of (session, touch) would, for
/// any numbering of touches: dense runs, gaps, descending, negative and
/// extreme ids, interleaved sessions.
@Suite struct TouchDownsTests {
    static let numberings: [(String, [Int64])] = [
        ("one, two, three…", Array(1...500)),
        ("from zero with gaps", [0, 1, 2, 5, 9, 4_000, 4_001, 20_000, 3, 8_000]),
        ("descending", Array((1...300).reversed())),
        ("negative and positive", [-5, -4, 10, -1_000_000, 0, 7]),
        ("extremes", [Int64.max, Int64.min, 0, Int64.max - 1, Int64.min + 1, 1]),
        ("far apart", [1, 1 << 40, 2, (1 << 40) + 1, 4_097, 4_098, 9_000]),
        // 5,000 is too far from 0 and is kept apart; 4,000 and then 8,000
        // grow the run over it.
        ("a run grown over an id kept apart", [0, 5_000, 4_000, 8_000]),
        // A shuffled capture's touch ids (an independent check found it
        // refused: 22942 kept apart, then run over by 16054, 19682, 23464).
        ("shuffled ids", [12_130, 22_942, 16_054, 19_682, 23_464]),
    ]

    @Test(arguments: numberings)
    func answersAsADictionary(_ name: String, _ touches: [Int64]) {
        var downs = TouchDowns()
        var reference: [String: TouchDowns.Down] = [:]
        for (index, touch) in touches.enumerated() {
            for session in [3, 1] {  // two sessions, interleaved, numbered alike
                #expect(downs[session: session, touch: touch] == nil, "\(name): \(touch) before it went down")
                let down = TouchDowns.Down(nanos: Int64(index) * 1_000 - 7, line: index * 2 + session)
                downs[session: session, touch: touch] = down
                reference["\(session) \(touch)"] = down
            }
        }
        for session in [0, 1, 2, 3, 4, 1_000] {
            for touch in touches + [-3, 501, 4_096, Int64.max / 2] {
                #expect(downs[session: session, touch: touch] == reference["\(session) \(touch)"], "\(name): \(session) \(touch)")
            }
        }
    }
}
