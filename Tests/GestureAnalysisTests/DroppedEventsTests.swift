import GRDB
import GestureAnalysis
import GestureStore
import Testing

/// `dropped` records end to end: summed per session at import, shown by
/// `sessions`, and noted by `compare` for the groups that drew on them.
struct DroppedEventsTests {
    /// Variant "on" has two sessions, one with drops (3 + 4 = 7 events);
    /// variant "off" has none.
    static let capture = """
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"off-1","experiment":"edge","variant":"off","config":{"deferred_edges":"none"}}
        {"type":"session","session":"on-1","experiment":"edge","variant":"on","config":{"deferred_edges":"bottom+right"}}
        {"type":"session","session":"on-2","experiment":"edge","variant":"on","config":{"deferred_edges":"bottom+right"}}
        {"type":"touch","session":"off-1","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"delivery","session":"off-1","target":"b","event":"touchDown","via":"control-event","t":1.5,"touch":1}
        {"type":"touch","session":"on-1","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"dropped","session":"on-1","count":3,"t":1.1,"kinds":{"touch":3}}
        {"type":"delivery","session":"on-1","target":"b","event":"touchDown","via":"control-event","t":1.25,"touch":1}
        {"type":"dropped","session":"on-1","count":4,"t":1.3}
        {"type":"touch","session":"on-2","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"delivery","session":"on-2","target":"b","event":"touchDown","via":"control-event","t":1.125,"touch":1}

        """

    @Test func importSumsDropsPerSessionAndSessionsShowsThem() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: Self.capture, name: "drops.jsonl")
        let rows = try fixture.rows("SELECT session, dropped FROM (\(SessionCatalog.sql))")
        #expect(rows == [["off-1", "0"], ["on-1", "7"], ["on-2", "0"]])
    }

    @Test func compareNotesTheGroupThatDrewOnSessionsWithDrops() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: Self.capture, name: "drops.jsonl")
        let run = try fixture.database.connection.read { db in
            try Comparer.run(.init(selection: ComparisonSelection(by: "deferred_edges")), in: db)
        }
        let comparison = try #require(run.comparisons.first)
        #expect(comparison.a.label == "none")
        #expect(comparison.dropNotes
            == ["group bottom+right drew on 1 session whose recorder dropped 7 events: its latencies may be biased"])
        #expect(comparison.notes.first == comparison.dropNotes.first)
    }

    @Test func noNoteWithoutDrops() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: Self.capture, name: "drops.jsonl")
        let drops = try fixture.database.connection.read { db in
            try ComparisonSelection(by: "variant").droppedEvents(db, value: "off")
        }
        #expect(drops.sessions == 0 && drops.events == 0 && drops.note == nil)
    }
}
