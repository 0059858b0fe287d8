#if PostgreSQL
import Foundation
import GRDB
import Testing
import TestScratch

/// A capture the server refuses is named and skipped; the captures after it
/// are pushed; the push ends non-zero, naming what it left out.
@Suite(.enabled(if: PostgresTestServer.enabled), .serialized)
struct PushRefusalTests {
    static func capture(_ variant: String, session: String) -> String {
        """
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"\(session)","experiment":"edge","variant":"\(variant)"}
        {"type":"touch","session":"\(session)","touch":1,"phase":"began","t":1,"x":300,"y":840}
        {"type":"delivery","session":"\(session)","target":"record","event":"touchDown","via":"control-event","t":1.25}

        """
    }

    /// 3,000 letters no compressor shrinks much (xorshift, fixed seed): as
    /// the server's index sees it, longer than its 2,704-byte entries.
    static let unindexable: String = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return String((0..<3_000).map { _ -> Character in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(state % 26)))
        })
    }()

    /// A store made before names were bounded may hold a variant of 3,000
    /// letters: here one is written into the store after import, as such a
    /// store would hold it.
    @Test func aCaptureTheServerRefusesIsNamedAndSkippedAndTheRestArePushed() throws {
        let folder = try ScratchFolder()
        for (name, variant) in [("a", "before"), ("b", "too-long"), ("c", "after")] {
            try Self.capture(variant, session: name).write(toFile: folder.path("\(name).jsonl"), atomically: true, encoding: .utf8)
        }
        let imported = try folder.run(["import", "--db", "lab.sqlite", "a.jsonl", "b.jsonl", "c.jsonl"])
        try #require(imported.status == 0, "\(imported.standardError)")
        try DatabaseQueue(path: folder.path("lab.sqlite")).write { db in
            try db.execute(sql: "UPDATE session SET variant = ? WHERE variant = 'too-long'", arguments: [Self.unindexable])
        }
        let server = try PostgresTestServer.freshDatabase()

        let push = try folder.run(["push", "--db", "lab.sqlite", "--to", server])
        #expect(push.status == 1)
        let lines = push.standardError.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(push.standardError)")
        #expect(lines[0].hasPrefix("a.jsonl: pushed 1 sessions"))
        #expect(lines[1].hasPrefix("b.jsonl: refused by the server, not pushed: index row size "))
        #expect(lines[1].contains("exceeds btree version 4 maximum 2704 for index \"session_by_experiment\""))
        #expect(lines[2].hasPrefix("c.jsonl: pushed 1 sessions"))
        #expect(lines[3] == "Error: pushed 2 of 3 captures (16 rows) to \(try ServerMessageTests.masked(server)), but the server "
            + "refused 1, which was not pushed: b.jsonl (the lines above say why)")
        #expect(try PostgresTestServer.psql(server, "SELECT string_agg(file_name, ',' ORDER BY file_name) FROM capture")
            == "a.jsonl,c.jsonl")

        // Again: the two are there, the third is refused again, and said so.
        let again = try folder.run(["push", "--db", "lab.sqlite", "--to", server])
        #expect(again.status == 1)
        #expect(again.standardError.contains("b.jsonl: refused by the server, not pushed: index row size"))
        #expect(again.standardError.hasSuffix("Error: pushed 0 of 3 captures (0 rows) to \(try ServerMessageTests.masked(server)), "
            + "but the server refused 1, which was not pushed: b.jsonl (the lines above say why)\n"))
    }
}
#endif
