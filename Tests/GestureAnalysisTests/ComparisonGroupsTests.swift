import GRDB
import GestureAnalysis
import GestureStore
import Testing

/// Groups read in one pass (`sessionLatencies(_:values:)`,
/// `valuesAndSessionLatencies`) are exactly the groups read one by one, and
/// the values listed exactly what `values(_:)` lists.
struct ComparisonGroupsTests {
    /// Four sessions: `mode` a (two sessions), b and c (one each); session
    /// s4 has no screen size, so its touches have no region (`unknown`);
    /// the others' touches are bottom-left.
    /// Each touch is heard by both channels, observer then target-action.
    static let capture: String = {
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        let sessions: [(id: String, mode: String, screen: Bool, latencies: [Double])] = [
            ("s1", "a", true, [12, 5, 9]), ("s2", "b", true, [30, 20]), ("s3", "a", true, [7]),
            ("s4", "c", false, [40, 44]),
        ]
        for session in sessions {
            let device = session.screen ? #","device":{"screen_w":400,"screen_h":800}"# : ""
            lines.append(#"{"type":"session","session":"\#(session.id)","experiment":"x","variant":"v-\#(session.mode)","#
                + #""config":{"mode":"\#(session.mode)"}\#(device)}"#)
            for (index, latency) in session.latencies.enumerated() {
                let touch = index + 1, down = Double(touch * 10)
                lines.append(#"{"type":"touch","session":"\#(session.id)","touch":\#(touch),"phase":"began","t":\#(down),"x":10,"y":780}"#)
                for (via, extra) in [("observer", 0.0), ("target-action", 1.0)] {
                    let time = down + (latency + extra) / 1000
                    lines.append(#"{"type":"delivery","session":"\#(session.id)","target":"t\#(touch % 2)","event":"touchDown","#
                        + #""via":"\#(via)","t":\#(time),"touch":\#(touch)}"#)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    private func withStore<T>(_ body: (Database) throws -> T) throws -> T {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: Self.capture, name: "groups.jsonl")
        return try fixture.database.connection.read(body)
    }

    /// Each session's values, ascending, by session in id order.
    private func contents(_ group: SessionGroup) -> [[Double]] { group.sessions.map(\.sorted) }

    @Test(arguments: ["mode", "via", "region", "target", "variant", "experiment"])
    func onePassMatchesOneReadAValue(by: String) throws {
        let selection = ComparisonSelection(by: by)
        try withStore { db in
            let (values, groups) = try selection.valuesAndSessionLatencies(db)
            #expect(values == (try selection.values(db)))
            #expect(groups == (try values.map { try selection.sessionLatencies(db, value: $0) }))
            let named = try selection.sessionLatencies(db, values: [values.last!, values.first!, "absent"])
            #expect(named[0] == (try selection.sessionLatencies(db, value: values.last!)))
            #expect(named[1] == (try selection.sessionLatencies(db, value: values.first!)))
            #expect(named[2].count == 0)
        }
    }

    @Test func groupsHoldTheValuesByHand() throws {
        try withStore { db in
            let (values, groups) = try ComparisonSelection(by: "mode", via: "observer").valuesAndSessionLatencies(db)
            #expect(values == ["a", "b", "c"])
            #expect(groups.map(contents) == [[[5, 9, 12], [7]], [[20, 30]], [[40, 44]]])
            let regions = try ComparisonSelection(by: "region", via: "target-action").valuesAndSessionLatencies(db)
            #expect(regions.values == ["bottom-left", "unknown"])
            #expect(regions.groups.map(contents) == [[[6, 10, 13], [21, 31], [8]], [[41, 45]]])
        }
    }

    @Test func aStoredUnknownIsListedOnceAndIsNotTheGroupOfNulls() throws {
        // Region `unknown` is the touches without a region; a target named
        // `unknown` is listed with it but (as `target IS NULL` selects
        // neither) belongs to no group.
        let capture = Self.capture.replacingOccurrences(of: #""target":"t1""#, with: #""target":"unknown""#)
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: capture, name: "named-unknown.jsonl")
        try fixture.database.connection.read { db in
            let selection = ComparisonSelection(by: "target")
            let (values, groups) = try selection.valuesAndSessionLatencies(db)
            #expect(values == (try selection.values(db)))
            #expect(values == ["t0", "unknown"])
            #expect(groups[1].count == 0)
            #expect(groups == (try values.map { try selection.sessionLatencies(db, value: $0) }))
        }
    }

    /// A split by an attribute of the session reads each session's value
    /// once: a variant stored as the text `unknown` is a group like any
    /// other (a session always has a variant, so there is no group of rows
    /// without one); filters on other columns still apply.
    @Test func aSessionColumnSplitAnswersAsAColumnSplit() throws {
        let capture = Self.capture.replacingOccurrences(of: #""variant":"v-c""#, with: #""variant":"unknown""#)
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: capture, name: "variant-unknown.jsonl")
        try fixture.database.connection.read { db in
            let selection = ComparisonSelection(by: "variant", via: "target-action")
            let (values, groups) = try selection.valuesAndSessionLatencies(db)
            #expect(values == ["unknown", "v-a", "v-b"])
            #expect(values == (try selection.values(db)))
            #expect(groups.map(contents) == [[[41, 45]], [[6, 10, 13], [8]], [[21, 31]]])
            #expect(groups == (try values.map { try selection.sessionLatencies(db, value: $0) }))
            let named = try selection.sessionLatencies(db, values: ["v-b", "unknown", "v-a"])
            #expect(named.map(contents) == [[[21, 31]], [[41, 45]], [[6, 10, 13], [8]]])
            #expect(try selection.sessionLatencies(db, values: ["unknown"]).map(contents) == [[[41, 45]]])
            // A filter on the session's experiment narrows the sessions read.
            let inX = ComparisonSelection(by: "variant", via: "target-action", experiment: "x")
            #expect(try inX.valuesAndSessionLatencies(db).groups == groups)
            let elsewhere = ComparisonSelection(by: "variant", via: "target-action", experiment: "y")
            #expect(try elsewhere.valuesAndSessionLatencies(db).values.isEmpty)
            #expect(try elsewhere.sessionLatencies(db, values: ["v-a"]).map(contents) == [[]])
        }
    }

    /// A configuration key's values are those of sessions with a selected
    /// row: by hand, touch 2 (target t0) exists in s1 (a), s2 (b) and s4
    /// (c); only s4 has no screen, so no region; s3 (a) has one touch.
    @Test func aKeysValuesAreThoseOfSessionsWithSelectedRows() throws {
        let cases: [(ComparisonSelection, [String])] = [
            (ComparisonSelection(by: "mode", target: "t0"), ["a", "b", "c"]),
            (ComparisonSelection(by: "mode", region: "unknown"), ["c"]),
            (ComparisonSelection(by: "mode", via: "observer", region: "bottom-left"), ["a", "b"]),
            (ComparisonSelection(by: "mode", target: "t0", region: "bottom-left"), ["a", "b"]),
            (ComparisonSelection(by: "mode", target: "t0", experiment: "y"), []),
        ]
        try withStore { db in
            for (selection, expected) in cases {
                let found = try selection.values(db), written = try selection.values(SQLiteAsWritten(db))
                let onePass = try selection.valuesAndSessionLatencies(db).values
                #expect(found == expected && written == expected && onePass == expected)
            }
        }
    }

    @Test func refusalsAreThoseOfValues() throws {
        try withStore { db in
            for selection in [ComparisonSelection(by: "via", via: "observer"), ComparisonSelection(by: "no_such_key"),
                              ComparisonSelection(by: "via", metric: .recognition)] {
                let expected = #expect(throws: QueryError.self) { try selection.values(db) }
                let found = #expect(throws: QueryError.self) { try selection.valuesAndSessionLatencies(db) }
                #expect(found?.message == expected?.message)
            }
        }
    }

    @Test func droppedEventsFromTheGroupsMatchTheQuery() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: DroppedEventsTests.capture, name: "drops.jsonl")
        try fixture.database.connection.read { db in
            let selection = ComparisonSelection(by: "deferred_edges")
            let (values, groups) = try selection.valuesAndSessionLatencies(db)
            let fromGroups = try selection.droppedEvents(db, groups: Array(zip(values, groups)).map { ($0, $1) })
            #expect(fromGroups == (try values.map { try selection.droppedEvents(db, value: $0) }))
            // bottom+right sorts before none; on-1 dropped 3 + 4 events.
            #expect(values == ["bottom+right", "none"])
            #expect(fromGroups.map(\.events) == [7, 0])
            #expect(fromGroups.map(\.sessions) == [1, 0])
        }
    }
}
