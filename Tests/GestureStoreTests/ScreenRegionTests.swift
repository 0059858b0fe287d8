import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

/// The region decided at import (Swift) and by migration 0003 (SQL, the
/// expression 0002's views used) agree, boundaries included, and the
/// relations read the same before and after the migration.
@Suite struct ScreenRegionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var x: Double
        var y: Double
        var width: Double?
        var height: Double?
        /// Worked by hand from docs/latencies.md; nil is unknown.
        var region: String?
        var testDescription: String { "(\(x), \(y)) on \(width.map { "\($0)" } ?? "?")×\(height.map { "\($0)" } ?? "?")" }
    }

    static let cases: [Case] = [
        Case(x: 200, y: 400, width: 390, height: 844, region: "center"),
        // The margin is inclusive: 20 points from an edge is on it.
        Case(x: 200, y: 20, width: 390, height: 844, region: "top"),
        Case(x: 200, y: 20.000000000000004, width: 390, height: 844, region: "center"),
        Case(x: 200, y: -3, width: 390, height: 844, region: "top"),
        Case(x: 200, y: 824, width: 390, height: 844, region: "bottom"),
        Case(x: 200, y: 823.9999999999999, width: 390, height: 844, region: "center"),
        Case(x: 200, y: 900, width: 390, height: 844, region: "bottom"),
        Case(x: 20, y: 400, width: 390, height: 844, region: "left"),
        Case(x: 370, y: 400, width: 390, height: 844, region: "right"),
        Case(x: 369.99999999999994, y: 400, width: 390, height: 844, region: "center"),
        // Corners: the vertical edge first.
        Case(x: 1, y: 1, width: 390, height: 844, region: "top-left"),
        Case(x: 389, y: 1, width: 390, height: 844, region: "top-right"),
        Case(x: 1, y: 843, width: 390, height: 844, region: "bottom-left"),
        Case(x: 370, y: 824, width: 390, height: 844, region: "bottom-right"),
        // Narrower than two margins: top wins over bottom, left over right.
        Case(x: 15, y: 15, width: 30, height: 30, region: "top-left"),
        Case(x: 25, y: 25, width: 30, height: 30, region: "bottom-right"),
        // `screen_h - 20` in doubles: 100.3 - 20 is exactly 80.3.
        Case(x: 80.3, y: 80.3, width: 100.3, height: 100.3, region: "bottom-right"),
        // No screen size, or half of one: unknown.
        Case(x: 1, y: 1, width: nil, height: nil, region: nil),
        Case(x: 1, y: 1, width: 390, height: nil, region: nil),
        Case(x: 1, y: 1, width: nil, height: 844, region: nil),
    ]

    @Test(arguments: cases)
    func importDecidesTheHandWorkedRegion(_ testCase: Case) {
        let region = ScreenRegion(x: testCase.x, y: testCase.y,
                                  screenWidth: testCase.width, screenHeight: testCase.height)
        #expect(region?.rawValue == testCase.region)
    }

    @Test func storedSpellingsAreTheRawValues() {
        for region in ScreenRegion.allCases { #expect("\(region.text)" == region.rawValue) }
    }

    /// Every case stored at schema 0002 (one session per screen, a response,
    /// recognition and dispatch per touch), then migrated: each row carries
    /// its touch's hand-worked region, a dispatch of no touch none.
    @Test func migrationDecidesTheSameRegions() throws {
        let folder = try ScratchFolder()
        let path = folder.path("old.sqlite")
        try Self.storeAtSchema2(path) { db in
            for (index, testCase) in Self.cases.enumerated() {
                let session = Int64(index + 1)
                try db.execute(sql: """
                    INSERT INTO session (id, capture_id, session, experiment, variant, screen_w, screen_h, line)
                    VALUES (?, 1, ?, 'e', 'v', ?, ?, 2);
                    INSERT INTO touch (session_id, touch, down_ns, x, y, line) VALUES (?, 1, 1000, ?, ?, 3);
                    INSERT INTO response (session_id, touch, target, event, via, t_ns, down_ns, latency_ns, line)
                    VALUES (?, 1, 'b', 'touchDown', 'control-event', 1500, 1000, 500, 4);
                    INSERT INTO recognition (session_id, touch, recognizer, state, t_ns, down_ns, latency_ns, line)
                    VALUES (?, 1, 'pan', 'began', 1200, 1000, 200, 5);
                    INSERT INTO dispatch (session_id, t_ns, line, target, event, via, touch, transition_ns, latency_ns)
                    VALUES (?, 1500, 4, 'b', 'touchDown', 'control-event', 1, 1400, 100),
                           (?, 900, 6, 'b', 'touchDown', 'control-event', NULL, 800, 100);
                    """, arguments: [session, "s\(index)", testCase.width, testCase.height, session, testCase.x,
                                     testCase.y, session, session, session, session])
            }
        }
        let database = try GestureDatabase(path: path)
        try database.connection.read { db in
            for (index, testCase) in Self.cases.enumerated() {
                let stored = try String?.fetchAll(db, sql: """
                    SELECT region FROM touches WHERE session_id = :s
                    UNION ALL SELECT region FROM responses WHERE session_id = :s
                    UNION ALL SELECT region FROM recognitions WHERE session_id = :s
                    UNION ALL SELECT region FROM dispatches WHERE session_id = :s AND touch IS NOT NULL
                    """, arguments: ["s": index + 1])
                #expect(stored == Array(repeating: testCase.region, count: 4), "\(testCase.testDescription)")
            }
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dispatches WHERE touch IS NULL AND region IS NULL")
                == Self.cases.count)
        }
    }

    /// A capture of 1,200 touches drawn towards the edges and corners,
    /// imported now (regions decided while reading) and copied into a
    /// schema-0002 store without them: the relations read the same rows
    /// from the old views as from the new ones, before and after migrating.
    @Test func relationsReadTheSameAcrossTheMigration() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("edges.jsonl", Self.edgeCapture(touches: 1_200))
        let current = try GestureDatabase(path: folder.path("current.sqlite"))
        _ = try CaptureImporter(database: current).importCapture(path: capture)
        let currentRelations = try Self.relations(current.connection)
        #expect(currentRelations.count > 3_600)
        #expect(try current.connection.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT region) FROM touches") } == 9)

        let oldPath = folder.path("old.sqlite")
        try Self.storeAtSchema2(oldPath) { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [folder.path("current.sqlite")])
            try db.execute(sql: """
                DELETE FROM capture;
                INSERT INTO capture SELECT id, file_name, path, sha256, size_bytes, imported_at, tool_version, recorder,
                    format_version, session_count, touch_count, transition_count, delivery_count, frame_count,
                    unknown_count, rejected_count FROM current.capture;
                INSERT INTO session SELECT id, capture_id, session, experiment, variant, device_model, device_os,
                    screen_w, screen_h, screen_scale, started_at, line FROM current.session;
                INSERT INTO touch SELECT session_id, touch, down_ns, x, y, kind, line FROM current.touches;
                INSERT INTO response SELECT session_id, touch, target, event, via, t_ns, down_ns, latency_ns, line
                    FROM current.responses;
                INSERT INTO recognition SELECT session_id, touch, recognizer, class, event, t_ns, down_ns, latency_ns, line
                    FROM current.recognitions;
                INSERT INTO dispatch SELECT session_id, t_ns, line, target, event, via, touch, transition_ns, latency_ns
                    FROM current.dispatches;
                """)
        }
        let old = try DatabaseQueue(path: oldPath)
        #expect(try Self.relations(old) == currentRelations)
        try old.close()
        let migrated = try GestureDatabase(path: oldPath)
        #expect(try Self.relations(migrated.connection) == currentRelations)
    }

    /// A store at schema 0002 with one capture row, changed by `change`.
    private static func storeAtSchema2(_ path: String, change: (Database) throws -> Void) throws {
        let migrator = SchemaMigrator(migrations: Array(Migration.embedded.prefix(2)))
        let database = try GestureDatabase(path: path, migrator: migrator)
        try database.connection.write { db in
            try db.execute(sql: """
                INSERT INTO capture (id, file_name, path, size_bytes, imported_at, tool_version, format_version)
                VALUES (1, 'c.jsonl', 'c.jsonl', 0, '2026-11-21T00:00:00Z', 'test', 1)
                """)
            try change(db)
        }
        try database.connection.close()
    }

    private static func relations(_ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in
            try ["touches", "responses", "recognitions", "dispatches"].flatMap { relation in
                // A touch's hit came later (0006 stored it, 0013 showed it in `touches`).
                let columns = relation == "touches" ? InternedNamesMigrationTests.touchesColumnsAtSchema7 : "*"
                return try Row.fetchAll(db, sql: "SELECT '\(relation)', \(columns) FROM \(relation) ORDER BY session_id, line, 6")
                    .map { row in row.databaseValues.map { "\($0)" }.joined(separator: "|") }
            }
        }
    }

    /// Two sessions on screens of different sizes; each touch lands at a
    /// coordinate near an edge (on it, just inside, just outside) or in the
    /// middle, and is followed by a transition and a delivery.
    private static func edgeCapture(touches: Int) -> String {
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#]
        let screens = [(390.0, 844.0), (1024.0, 1366.0)]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func coordinate(_ extent: Double) -> Double {
            [0, 19.5, 20, 20.000000000000004, 20.5, extent / 2, extent - 20.5, extent - 20, extent - 19.5, extent][next(10)]
        }
        for (index, screen) in screens.enumerated() {
            lines.append(#"{"type":"session","session":"s\#(index)","experiment":"e","variant":"v","device":{"screen_w":\#(screen.0),"screen_h":\#(screen.1)}}"#)
            for touch in 1...(touches / screens.count) {
                let t = Double(touch)
                lines.append(#"{"type":"touch","session":"s\#(index)","touch":\#(touch),"phase":"began","t":\#(t),"x":\#(coordinate(screen.0)),"y":\#(coordinate(screen.1))}"#)
                lines.append(#"{"type":"transition","session":"s\#(index)","recognizer":"pan","to":"began","t":\#(t + 0.25)}"#)
                lines.append(#"{"type":"delivery","session":"s\#(index)","target":"pan","event":"began","via":"target-action","t":\#(t + 0.5)}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
