import Foundation
import Testing
import TestScratch

/// A capture whose recorder dropped events, through the binary: the import
/// counts the records, `sessions` shows the total, `compare` says so.
@Suite struct DroppedEventsCommandTests {
    static let capture = """
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"a","experiment":"e","variant":"off","config":{"deferred_edges":"none"}}
        {"type":"session","session":"b","experiment":"e","variant":"on","config":{"deferred_edges":"bottom"}}
        {"type":"touch","session":"a","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"delivery","session":"a","target":"b","event":"touchDown","via":"control-event","t":1.5,"touch":1}
        {"type":"touch","session":"b","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"dropped","session":"b","count":5,"t":1.1,"kinds":{"touch":4,"frame":1}}
        {"type":"delivery","session":"b","target":"b","event":"touchDown","via":"control-event","t":1.25,"touch":1}

        """

    @Test func importSessionsAndCompareSpeakOfTheDrops() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("drops.jsonl", Self.capture)
        let imported = try folder.run(["import", "--db", "lab.sqlite", path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardError.contains("(touch 2, transition 0, delivery 2, frame 0, dropped 1)"))

        let sessions = try folder.run(["sessions", "--db", "lab.sqlite", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(sessions.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["dropped"] as? Int } == [0, 5])

        let compared = try folder.run(["compare", "--db", "lab.sqlite", "--by", "deferred_edges"])
        #expect(compared.status == 0, "\(compared.standardError)")
        #expect(compared.standardOutput.contains(
            "note: group bottom drew on 1 session whose recorder dropped 5 events: its latencies may be biased"))
    }
}
