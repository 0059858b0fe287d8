import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureReport
@testable import GestureStore

/// The one-pass tally of a SQLite store gives what the views give: the same
/// counts, means, and so the same suggested comparisons.
@Suite struct ResponseTallyTests {
    @Test func theSuggestionsAreThoseOfTheViews() throws {
        let made = try DemoStore.get()
        let (tallied, viewed) = try made.database.connection.read { db in
            (try ReportSuggestions.plans(db, alpha: 0.05), try ReportSuggestions.plans(SQLiteAsWritten(db), alpha: 0.05))
        }
        #expect(tallied.count >= 4)
        #expect(tallied.map(\.selection) == viewed.map(\.selection))
        #expect(tallied.map(\.title) == viewed.map(\.title))
        #expect(tallied.contains { $0.selection.by == "via" } && tallied.contains { $0.selection.region != nil })
    }

    @Test func countsAndMeansAreThoseOfTheViews() throws {
        let made = try DemoStore.get()
        try made.database.connection.read { db in
            for experiment in try db.fetchStrings(sql: "SELECT DISTINCT experiment FROM session") {
                let tally = try ResponseTally(db, experiment: experiment)
                let heard = try db.fetchRows(sql: """
                    SELECT target, event, via, count(*), avg(latency_ms) FROM responses WHERE experiment = ?
                    GROUP BY target, event, via
                    """, arguments: [experiment])
                #expect(tally.heard.count == heard.count && !heard.isEmpty)
                for row in heard {
                    let target: String = row[0], event: String = row[1], via: String = row[2]
                    let count: Int = row[3], mean: Double = row[4]
                    let mine = try #require(tally.heard.first { ($0.target, $0.event, $0.via) == (target, event, via) })
                    #expect(mine.count == count)
                    #expect(abs(mine.meanMs - mean) <= 1e-12 * max(1, abs(mean)))
                }
                let pairs = try db.fetchRows(sql: """
                    SELECT variant, target, event, count(*), avg(first_ms) FROM response_pairs
                    WHERE experiment = ? AND second_via > first_via GROUP BY variant, target, event
                    """, arguments: [experiment])
                #expect(tally.paired.count == pairs.count)
                for row in pairs {
                    let variant: String = row[0], target: String = row[1], event: String = row[2]
                    let count: Int = row[3], mean: Double = row[4]
                    let mine = try #require(tally.paired.first { ($0.variant, $0.target, $0.event) == (variant, target, event) })
                    #expect(mine.count == count)
                    #expect(abs(mine.meanMs - mean) <= 1e-12 * max(1, abs(mean)))
                }
            }
        }
    }

    /// Two variants and two channels whose names are the same letter,
    /// precomposed and decomposed: one text to Swift, two to SQL.
    static let lookalikeCapture = #"""
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"s1","experiment":"x","variant":"\u00e9"}
        {"type":"session","session":"s2","experiment":"x","variant":"e\u0301"}
        {"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":10,"y":10}
        {"type":"delivery","session":"s1","touch":1,"target":"t","event":"e","via":"\u00e9","t":1.010}
        {"type":"delivery","session":"s1","touch":1,"target":"t","event":"e","via":"e\u0301","t":1.030}
        {"type":"touch","session":"s2","touch":1,"phase":"began","t":2,"x":10,"y":10}
        {"type":"delivery","session":"s2","touch":1,"target":"t","event":"e","via":"\u00e9","t":2.020}
        {"type":"delivery","session":"s2","touch":1,"target":"t","event":"e","via":"e\u0301","t":2.050}
        {"type":"touch","session":"s2","touch":2,"phase":"began","t":3,"x":10,"y":10}
        {"type":"delivery","session":"s2","touch":2,"target":"t","event":"e","via":"\u00e9","t":3.040}
        {"type":"delivery","session":"s2","touch":2,"target":"t","event":"e","via":"e\u0301","t":3.045}

        """#

    @Test func variantsAndChannelsAreTheirBytesAsInSQL() throws {
        let folder = try TestScratch.newFolder("gesturelab-tally")
        let capture = folder.appending(path: "lookalike.jsonl").path
        try Data(Self.lookalikeCapture.utf8).write(to: URL(fileURLWithPath: capture))
        let database = try GestureDatabase(path: folder.appending(path: "lab.sqlite").path)
        _ = try CaptureImporter(database: database).importCapture(path: capture)
        try database.connection.read { db in
            let tally = try ResponseTally(db, experiment: "x")
            // By hand: "e\u{301}" (65 cc 81) sorts before "\u{e9}" (c3 a9), so it is each touch's first
            // channel; variant "\u{e9}" (s1) has one touch, first heard at 30 ms; variant "e\u{301}" (s2)
            // two, at 50 and 45 ms.
            var found: [[UInt8]: (count: Int, meanMs: Double)] = [:]
            for paired in tally.paired { found[Array(paired.variant.utf8)] = (paired.count, paired.meanMs) }
            #expect(found.count == 2)
            #expect(found[Array("\u{e9}".utf8)]?.count == 1 && found[Array("\u{e9}".utf8)]?.meanMs == 30)
            #expect(found[Array("e\u{301}".utf8)]?.count == 2 && found[Array("e\u{301}".utf8)]?.meanMs == 47.5)
            // The view agrees.
            let viewed = try db.fetchRows(sql: """
                SELECT hex(variant), count(*), avg(first_ms), hex(first_via) FROM response_pairs
                WHERE experiment = 'x' AND second_via > first_via GROUP BY variant ORDER BY 1
                """)
            #expect(viewed.map { [$0[0], $0[3]] as [String] } == [["65CC81", "65CC81"], ["C3A9", "65CC81"]])
            #expect(viewed.map { $0[1] as Int } == [2, 1])
            #expect(viewed.map { $0[2] as Double } == [47.5, 30])
        }
    }

    @Test func namesCompareAsSQLiteComparesThemByteForByte() {
        // The same letter, decomposed and precomposed: equal to Swift, ordered by their bytes in SQLite.
        #expect(ResponseTally.bytesAscending("e\u{301}", "\u{e9}"))
        #expect(!ResponseTally.bytesAscending("\u{e9}", "e\u{301}"))
        #expect(ResponseTally.bytesAscending("Zebra", "apple"))
        #expect(ResponseTally.bytesAscending(["kvo", "began"], ["kvo", "changed"]))
        #expect(!ResponseTally.bytesAscending(["kvo", "began"], ["kvo", "began"]))
    }
    /// Latencies whose sums overflow an `Int64` (the importer takes up to
    /// 2^62 ns each) and small negative ones, which must not be lost against
    /// the high word: (latencies in ns, the mean in ms).
    static let sums: [([Int64], Double)] = [
        (Array(repeating: 1_000_000_000_000_000_000, count: 10), 1e12),
        (Array(repeating: 1 << 62, count: 8), Double(1 << 62) / 1e6),
        ([Int64.max, Int64.max, 2], (2 * Double(Int64.max) + 2) / 3 / 1e6),
        ([-3_000_000, -1_000_000], -2),
        ([-(1 << 62), -(1 << 62), -(1 << 62)], -Double(1 << 62) / 1e6),
        ([7_000_000, -5_000_000, 1_000_000], 1),
    ]

    @Test(arguments: sums)
    func meansOfLatenciesWhoseSumOverflowsInt64(latencies: [Int64], meanMs: Double) {
        var one = ResponseTally.Sum()
        for latency in latencies { one.add(latency) }
        #expect(one.count == latencies.count)
        #expect(one.meanMs == meanMs)
        // Summed in two runs and added, as the pairs are.
        var first = ResponseTally.Sum(), second = ResponseTally.Sum()
        for (index, latency) in latencies.enumerated() {
            if index % 2 == 0 { first.add(latency) } else { second.add(latency) }
        }
        first.add(second)
        #expect(first.meanMs == meanMs)
    }

    /// The tester's capture: ten touches each heard 10^9 s after touch-down,
    /// on two channels so the pairs are summed too. The report trapped on it.
    @Test func aReportOfLatenciesOfABillionSecondsIsWritten() throws {
        let folder = try TestScratch.newFolder("gesturelab-tally-huge")
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#,
                     #"{"type":"session","session":"s1","experiment":"e","variant":"v"}"#]
        for touch in 1...10 {
            lines.append(#"{"type":"touch","session":"s1","touch":\#(touch),"phase":"began","t":\#(100 + touch),"x":10,"y":10}"#)
            for via in ["kvo", "target-action"] {
                lines.append(#"{"type":"delivery","session":"s1","target":"b","event":"touchDown","via":"\#(via)","#
                    + #""t":\#(1_000_000_100 + touch),"touch":\#(touch)}"#)
            }
        }
        let database = try CaptureLines.store(lines, named: "huge", in: folder)
        let (tally, html) = try database.connection.read { db in
            (try ResponseTally(db, experiment: "e"), try HTMLReport.render(db, plans: nil, options: .init()))
        }
        #expect(tally.heard.map(\.count) == [10, 10])
        #expect(tally.heard.allSatisfy { $0.meanMs == 1e12 })
        #expect(tally.paired.map(\.count) == [10] && tally.paired.first?.meanMs == 1e12)
        #expect(PageXML(html).error == nil)
    }
}
