import Testing
import GestureStore
@testable import GestureAnalysis
@testable import GestureTrace

/// Splits and filters on what a session is: its device, app build, day,
/// capture and configuration (`--by`, `--where`), against counts and
/// medians computed with numpy on the same latencies:
///
///     sessions i = 0…11: build 40 + i // 3; iPad13,4 when i is even, else iPhone15,2;
///     day 2026-11-2(i % 3); touchDown latencies 10·(build − 40) + i % 3 + k + 0.5, k = 0…9
///     np.percentile(build 40's 30 values, 50) = 6.0, 41: 16.0, 42: 26.0, 43: 36.0
///     iPad13,4: 60 values in 6 sessions, median 20.5; iPhone15,2: 21.5
///     iPad of builds 41 and 43: one session each, medians 16.0 and 36.0
///     days 20, 21, 22: 40 values each, medians 20.0, 21.0, 22.0
@Suite struct SessionSplitTests {
    static func sessions(lifts: Bool = false) -> [SessionCapture.Session] {
        (0..<12).map { i in
            let build = 40 + i / 3
            let iPad = i % 2 == 0
            let latencies = (0..<10).map { Double(10 * (build - 40) + i % 3 + $0) + 0.5 }
            return SessionCapture.Session(
                id: "s\(i)", config: [("deferred_edges", .string(i % 2 == 0 ? "bottom" : "none"))],
                device: DeviceInfo(model: iPad ? "iPad13,4" : "iPhone15,2", os: iPad ? "iPadOS 17.5" : "iOS 17.5"),
                app: AppInfo(name: "Probe", version: "2.3", build: String(build)),
                startedAt: "2026-11-2\(i % 3)T10:00:00Z", latencies: latencies,
                liftLatencies: lifts ? latencies.map { $0 + 100 } : [])
        }
    }

    private func fixture(lifts: Bool = false) throws -> AnalysisFixture {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: SessionCapture(sessions: Self.sessions(lifts: lifts)).text, name: "lab.jsonl")
        return fixture
    }

    private func run(_ fixture: AnalysisFixture, _ selection: ComparisonSelection, a: String? = nil,
                     b: String? = nil) throws -> Comparer.Run {
        try fixture.database.connection.read { db in
            try Comparer.run(.init(selection: selection, a: a, b: b, options: .init()), in: db)
        }
    }

    @Test func buildsSplitAgainstTheFirstAsBaseline() throws {
        let run = try run(try fixture(), ComparisonSelection(by: "app.build", event: "touchDown"))
        #expect(run.comparisons.map(\.a.label) == ["40", "40", "40"])
        #expect(run.comparisons.map(\.b.label) == ["41", "42", "43"])
        #expect(run.comparisons.map(\.b.sessions) == [3, 3, 3] && run.comparisons.map(\.b.n) == [30, 30, 30])
        #expect(run.comparisons[0].a.p50 == 6.0)
        #expect(run.comparisons.map(\.b.p50) == [16.0, 26.0, 36.0])
        #expect(run.choiceNote == "A = 40 (the first value); each other value of app.build is a B")
    }

    @Test func aNamedBaselineAloneIsComparedWithEveryOtherValue() throws {
        let run = try run(try fixture(), ComparisonSelection(by: "app.build", event: "touchDown"), a: "42")
        #expect(run.comparisons.map(\.b.label) == ["40", "41", "43"])
        #expect(run.comparisons.allSatisfy { $0.a.label == "42" && $0.a.p50 == 26.0 })
    }

    @Test(arguments: [
        ("device.model", ["iPad13,4", "iPhone15,2"], [60, 60], [20.5, 21.5]),
        ("day", ["2026-11-20", "2026-11-21", "2026-11-22"], [40, 40, 40], [20.0, 21.0, 22.0]),
        ("device.os", ["iOS 17.5", "iPadOS 17.5"], [60, 60], [21.5, 20.5]),
    ])
    func sessionAttributesSplit(key: String, values: [String], sizes: [Int], medians: [Double]) throws {
        let run = try run(try fixture(), ComparisonSelection(by: key, event: "touchDown"))
        let groups = [run.comparisons[0].a] + run.comparisons.map(\.b)
        #expect(groups.map(\.label).sorted() == values)
        let byLabel = Dictionary(uniqueKeysWithValues: groups.map { ($0.label, $0) })
        #expect(values.map { byLabel[$0]?.n } == sizes)
        #expect(values.map { byLabel[$0]?.p50 } == medians)
    }

    @Test func whereKeepsTheSessionsWithOneOfTheValues() throws {
        let selection = ComparisonSelection(by: "app.build", event: "touchDown", conditions: [
            SessionCondition(key: "device.model", values: ["iPad13,4"]),
            SessionCondition(key: "app.build", values: ["41", "43"]),
        ])
        let run = try run(try fixture(), selection)
        #expect(run.comparisons.count == 1)
        let comparison = run.comparisons[0]
        #expect(comparison.a.label == "41" && comparison.b.label == "43")
        #expect(comparison.a.sessions == 1 && comparison.a.n == 10 && comparison.a.p50 == 16.0)
        #expect(comparison.b.sessions == 1 && comparison.b.p50 == 36.0)
    }

    @Test func whereOnAConfigKeyAndSplitByCapture() throws {
        let fixture = try fixture()
        try fixture.importCapture(text: SessionCapture(sessions: Array(Self.sessions().prefix(3))).text
            .replacingOccurrences(of: "SessionCapture", with: "second"), name: "second.jsonl")
        let run = try run(fixture, ComparisonSelection(by: "capture", event: "touchDown", conditions: [
            SessionCondition(key: "deferred_edges", values: ["none"]),
        ]))
        let comparison = try #require(run.comparisons.first)
        // lab.jsonl's sessions with none: 1, 3, 5, 7, 9, 11; second.jsonl's: 1.
        #expect([comparison.a.label, comparison.b.label].sorted() == ["lab.jsonl", "second.jsonl"])
        #expect(Set([comparison.a.sessions, comparison.b.sessions]) == [6, 1])
    }

    @Test func aWhereOfOneValueOnTheSplitKeyLeavesOneGroup() throws {
        let selection = ComparisonSelection(by: "app.build", event: "touchDown",
                                            conditions: [SessionCondition(key: "app.build", values: ["41"])])
        let error = try #require(throws: QueryError.self) { try run(try fixture(), selection) }
        #expect(error.message == "--by app.build with --where app.build=… leaves one group: drop one of them")
    }

    @Test(arguments: [("device", "--by"), ("participant", "--where")])
    func anUnknownKeyListsTheKeysTheStoreHas(key: String, option: String) throws {
        let selection = option == "--by"
            ? ComparisonSelection(by: key, event: "touchDown")
            : ComparisonSelection(by: "app.build", event: "touchDown", conditions: [SessionCondition(key: key, values: ["x"])])
        let error = try #require(throws: QueryError.self) { try run(try fixture(), selection) }
        let splitKeys = option == "--by" ? ", event, region, target, via" : ""
        #expect(error.message == "\(option) \(key): no session has a configuration key \(key). Keys this store has: "
            + "experiment, variant, capture, day, device.model, device.os, app.name, app.version, app.build, "
            + "deferred_edges" + splitKeys)
    }

    @Test func anAttributeNoSessionRecordedIsNamedAsSuch() throws {
        let fixture = try AnalysisFixture(captures: [])
        var sessions = Self.sessions()
        for index in sessions.indices { sessions[index].app = nil }
        try fixture.importCapture(text: SessionCapture(sessions: sessions).text, name: "old.jsonl")
        let error = try #require(throws: QueryError.self) {
            try run(fixture, ComparisonSelection(by: "app.build", event: "touchDown"))
        }
        #expect(error.message.hasPrefix("--by app.build: no session has a value of app.build. Keys this store has: "
            + "experiment, variant, capture, day, device.model, device.os, deferred_edges"))
    }

    /// The touchDowns and touchUpInsides of every touch: 120 each.
    @Test func severalEventsAreRefusedWithTheirCounts() throws {
        let fixture = try fixture(lifts: true)
        for a: String? in [nil, "40"] {
            let error = try #require(throws: QueryError.self) {
                try run(fixture, ComparisonSelection(by: "app.build"), a: a, b: a == nil ? nil : "41")
            }
            let counts = a == nil ? (120, 120) : (60, 60)
            #expect(error.message == "the selection holds 2 events, and a latency means one; name one with --event: "
                + "touchDown (\(counts.0)), touchUpInside (\(counts.1))")
        }
        // One event named, or the split by event itself, is one latency a group.
        #expect(try run(fixture, ComparisonSelection(by: "app.build", event: "touchUpInside")).comparisons[0].a.p50 == 1106.0)
        #expect(try run(fixture, ComparisonSelection(by: "event")).comparisons.count == 1)
    }
}

/// `--where KEY=VALUE[,VALUE…]` as typed.
@Suite struct SessionConditionTests {
    @Test func aModelWithACommaIsMatchedWhole() throws {
        let condition = try SessionCondition(parsing: "device.model=iPad13,4,iPhone15,2")
        #expect(condition.key == "device.model" && condition.values == ["iPad13", "4", "iPhone15", "2"])
        #expect(condition.candidates == ["iPad13", "4", "iPhone15", "2", "iPad13,4", "4,iPhone15", "iPhone15,2",
                                         "iPad13,4,iPhone15", "4,iPhone15,2", "iPad13,4,iPhone15,2"])
        #expect(try SessionCondition(parsing: "build=42").candidates == ["42"])
    }

    @Test(arguments: [
        ("build", "--where takes KEY=VALUE[,VALUE…], not 'build'"),
        ("=42", "--where '=42' has no key before '='"),
        ("build=", "--where 'build=' has an empty value; give KEY=VALUE[,VALUE…]"),
        ("build=41,,42", "--where 'build=41,,42' has an empty value; give KEY=VALUE[,VALUE…]"),
    ])
    func badConditionsAreRefusedInOneLine(text: String, message: String) {
        let error = #expect(throws: QueryError.self) { try SessionCondition(parsing: text) }
        #expect(error?.message == message)
    }

    /// Sessions of iPad13,4 are found by the model's whole name.
    @Test func whereFindsAModelWithAComma() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: SessionCapture(sessions: SessionSplitTests.sessions()).text, name: "lab.jsonl")
        let selection = ComparisonSelection(by: "app.build", event: "touchDown",
                                            conditions: [try SessionCondition(parsing: "device.model=iPad13,4")])
        let run = try fixture.database.connection.read { db in try Comparer.run(.init(selection: selection), in: db) }
        #expect(([run.comparisons[0].a] + run.comparisons.map(\.b)).map(\.sessions) == [2, 1, 2, 1])
    }
}
