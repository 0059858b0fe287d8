import Foundation
import GRDB
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

    @Test func namesCompareAsSQLiteComparesThemByteForByte() {
        // The same letter, decomposed and precomposed: equal to Swift, ordered by their bytes in SQLite.
        #expect(ResponseTally.bytesAscending("e\u{301}", "\u{e9}"))
        #expect(!ResponseTally.bytesAscending("\u{e9}", "e\u{301}"))
        #expect(ResponseTally.bytesAscending("Zebra", "apple"))
        #expect(ResponseTally.bytesAscending(["kvo", "began"], ["kvo", "changed"]))
        #expect(!ResponseTally.bytesAscending(["kvo", "began"], ["kvo", "began"]))
    }
}
