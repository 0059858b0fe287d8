import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

/// The latencies of docs/latencies.md on a hand-made capture. Every expected
/// value below was worked out by hand from the capture's times (comments).
@Suite struct DerivedLatencyTests {
    /// Tests/Fixtures/derived-latencies.jsonl, line by line:
    ///  1 header; 2 session s (screen 400×800); 3 session n (no screen)
    ///  4–8 touches 1–5 of s, down at 1, 2, 3, 4, 5 s
    ///  9 delivery naming touch 1 at 2.5; 10, 11 the same without touch at 2.5 and 2.3
    /// 12 at 3.0 (= down of touch 3); 13 at 0.5 (before any touch); 14 naming touch 99
    /// 15 pan began at 1.004; 16 pan changed at 1.1; 17, 18 pan began delivered at
    /// 1.004 (observer) and 1.754 (target-action); 19 tap recognized at 4.010 naming
    /// touch 4; 20 its delivery at 4.012; 21 touchesBegan at 5.150; 22, 23 session n.
    static let capture = try! String(contentsOfFile: fixturePath("derived-latencies.jsonl"), encoding: .utf8)

    private func imported() throws -> GestureDatabase {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("derived.jsonl", Self.capture))
        return database
    }

    @Test func responsesAssociateByTouchThenByTimeAndKeepTheEarliest() throws {
        let rows = try imported().connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT session, touch, region, target, event, via, latency_ms, line FROM responses
                ORDER BY session DESC, touch, target, via
                """).map { row -> String in
                let region: String? = row["region"]
                let latency: Double = row["latency_ms"]
                return "\(row["session"] as String) \(row["touch"] as Int) \(region ?? "NULL") "
                    + "\(row["target"] as String) \(row["event"] as String) \(row["via"] as String) \(latency) @\(row["line"] as Int)"
            }
        }
        #expect(rows == [
            "s 1 bottom btn touchDown control-event 1500.0 @9",    // names touch 1: 2.5 - 1.0
            "s 1 bottom pan began observer 4.0 @17",               // by time: 1.004 - 1.0
            "s 1 bottom pan began target-action 754.0 @18",        // 1.754 - 1.0
            "s 2 left btn touchDown control-event 300.0 @11",      // 2.5 and 2.3 both touch 2: earliest 2.3
            "s 3 bottom-right btn touchDown control-event 0.0 @12", // t == down of touch 3: touch 3
            "s 4 top-left tap recognized target-action 12.0 @20",  // 4.012 - 4.0
            "s 5 center view touchesBegan touches 150.0 @21",      // 5.150 - 5.0; y 779.999 < 780
            "n 1 NULL btn touchDown control-event 10.0 @23",       // no screen size: region unknown
        ])
    }

    @Test func recordsOfNoTouchAreCountedNotDropped() throws {
        let orphans = try imported().connection.read { db in
            try Row.fetchAll(db, sql: """
                SELECT session.session, orphan_deliveries, orphan_transitions
                FROM session_orphans JOIN session ON session.id = session_id ORDER BY session.session
                """).map { "\($0["session"] as String) \($0["orphan_deliveries"] as Int) \($0["orphan_transitions"] as Int)" }
        }
        // t = 0.5 comes before every touch; touch 99 does not exist.
        #expect(orphans == ["n 0 0", "s 2 0"])
    }

    @Test func recognitionIsTheFirstBeganOrRecognized() throws {
        let rows = try imported().connection.read { db in
            try Row.fetchAll(db, sql: "SELECT touch, recognizer, class, event, latency_ms FROM recognitions ORDER BY touch")
                .map { "\($0["touch"] as Int) \($0["recognizer"] as String) \(($0["class"] as String?) ?? "-") \($0["event"] as String) \($0["latency_ms"] as Double)" }
        }
        #expect(rows == [
            "1 pan UIPanGestureRecognizer began 4.0",   // 1.004 - 1.0; the changed at 1.1 does not count
            "4 tap - recognized 10.0",                  // names touch 4: 4.010 - 4.0
        ])
    }

    @Test func dispatchIsDeliveryMinusTheLatestMatchingTransition() throws {
        let rows = try imported().connection.read { db in
            try Row.fetchAll(db, sql: "SELECT touch, target, event, via, latency_ms FROM dispatches ORDER BY t_ns")
                .map { "\($0["touch"] as Int) \($0["target"] as String) \($0["event"] as String) \($0["via"] as String) \($0["latency_ms"] as Double)" }
        }
        #expect(rows == [
            "1 pan began observer 0.0",            // 1.004 - 1.004
            "1 pan began target-action 750.0",     // 1.754 - 1.004
            "4 tap recognized target-action 2.0",  // 4.012 - 4.010
        ])
    }

    @Test func derivedRowsArePerCapture() throws {
        let database = try imported()
        let folder = try ScratchFolder()
        let second = Self.capture.replacingOccurrences(of: "\"variant\":\"w\"", with: "\"variant\":\"w2\"")
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("second.jsonl", second))
        let counts = try database.connection.read { db in
            try Row.fetchAll(db, sql: "SELECT capture, count(*) AS n FROM responses GROUP BY capture ORDER BY capture")
                .map { "\($0["capture"] as String) \($0["n"] as Int)" }
        }
        #expect(counts == ["derived.jsonl 8", "second.jsonl 8"])
    }
}
