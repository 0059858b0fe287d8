import Foundation
import GRDB
import GestureAnalysis
import GestureSimulation
import TestScratch
import Testing
@testable import GestureStore

/// Migration 0008: names stored once, the old tables as views. A store made
/// by the schema before it reads the same after it, every relation and every
/// canned query; a failure midway leaves it as it was.
@Suite struct InternedNamesMigrationTests {
    /// The demo's five experiments, small: targets, outcomes, false starts,
    /// channels and orphans all have rows.
    /// The demo's captures without the sessions' `app`, which no schema
    /// before 0012 can hold: a store made at an old schema and migrated
    /// reads as a fresh import of these.
    static func demoCaptures(in folder: ScratchFolder) throws -> [String] {
        let simulator = Simulator(options: SimulationOptions(seed: 11, sessionsPerVariant: 2, touchesPerSession: 12))
        let captures = try simulator.writeCaptures(to: folder.path("captures"))
        let app = try NSRegularExpression(pattern: #","app":\{[^}]*\}"#)
        for capture in captures {
            let text = try String(contentsOfFile: capture, encoding: .utf8)
            let stripped = app.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            try Data(stripped.utf8).write(to: URL(fileURLWithPath: capture))
        }
        return captures
    }

    /// A store at schema 0007 holding the rows `source` (a current store)
    /// reads through its relations: what the importer before 0008 stored.
    static func storeAtSchema7(_ path: String, copying source: String) throws {
        let database = try GestureDatabase(path: path, migrator: Self.schema7)
        try database.connection.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [source])
            try db.inTransaction {
                for table in Self.tablesAtSchema7 {
                    // Schema 0007's own columns: later migrations added more.
                    let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid",
                                                      arguments: [table]).joined(separator: ", ")
                    // The relations 0013 folded are read from their views, by 0007's columns.
                    let source = Self.foldedBySchema13[table].map { "\($0.columns) FROM current.\($0.view)" }
                        ?? "\(columns) FROM current.\(table)"
                    try db.execute(sql: "INSERT INTO main.\(table) (\(columns)) SELECT \(source)")
                }
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE current")
        }
        try database.close()
    }

    static let schema7 = SchemaMigrator(migrations: Array(Migration.embedded.prefix(7)))

    /// Every table of schema 0007, parents first.
    static let tablesAtSchema7 = [
        "capture", "session", "session_config", "touch", "touch_sample", "transition", "delivery", "frame",
        "response", "recognition", "dispatch", "session_orphans", "target", "outcome", "touch_start",
    ]

    /// The columns of `session` up to schema 0011.
    static let sessionColumnsAtSchema7 = "id, capture_id, session, experiment, variant, device_model, device_os, "
        + "screen_w, screen_h, screen_scale, started_at, line, dropped"

    static let touchesColumnsAtSchema7 = "capture, session, experiment, variant, touch, down_ns, x, y, region, kind, "
        + "line, capture_id, session_id"

    /// The relations of schema 0007 that 0013 left only in the views users
    /// query, each with that view and 0007's columns as the view names them.
    static let foldedBySchema13: [String: (view: String, columns: String)] = [
        "touch": ("touches", "session_id, touch, down_ns, x, y, kind, line, region, hit"),
        "response": ("responses", "session_id, touch, target, event, via, t_ns, down_ns, latency_ns, line, region"),
        "recognition": ("recognitions",
                        "session_id, touch, recognizer, class, event AS state, t_ns, down_ns, latency_ns, line, region"),
        "dispatch": ("dispatches", "session_id, t_ns, line, target, event, via, touch, transition_ns, latency_ns, region"),
        "target": ("targets", "session_id, target, t_ns, x, y, w, h, hit_x, hit_y, hit_w, hit_h, class, line"),
        "outcome": ("outcomes", "session_id, touch, target, distance_pt, inside_frame, inside_hit_area, reached, target_line"),
        "touch_start": ("starts",
                        "session_id, touch, target, start_event, start_ns, start_line, cancel_event, cancel_ns, cancel_line"),
    ]

    /// Every relation of schema 0007 (tables and views) with its rows,
    /// sorted, columns named; and every canned query's CSV.
    static func snapshot(_ path: String, migrator: SchemaMigrator = SchemaMigrator(),
                         folder: ScratchFolder) throws -> [String: [String]] {
        let database = try GestureDatabase(path: path, prepareConnection: PercentileFunctions.register,
                                           migrator: migrator)
        defer { try? database.close() }
        var snapshot: [String: [String]] = [:]
        try database.connection.read { (db: Database) throws in
            let relations = tablesAtSchema7 + [
                "touches", "responses", "recognitions", "dispatches", "response_pairs", "targets", "outcomes",
                "starts", "false_starts",
            ]
            for relation in relations {
                // A session's app came later (0012), and a touch's hit in
                // `touches` (0013): their columns are compared as before.
                var select = "SELECT * FROM \(relation)"
                if relation == "session" {
                    select = "SELECT \(Self.sessionColumnsAtSchema7) FROM session"
                } else if relation == "touches" {
                    select = "SELECT \(Self.touchesColumnsAtSchema7) FROM touches"
                } else if let folded = Self.foldedBySchema13[relation], try !db.tableExists(relation),
                          try !db.viewExists(relation) {
                    select = "SELECT \(folded.columns) FROM \(folded.view)"
                }
                snapshot[relation] = try Row.fetchAll(db, sql: select).map(\.description).sorted()
            }
            for var query in try QueryCatalog().queries {
                // The canned queries that read the tables by their stored layout
                // ran, before 0008, as it was then.
                if migrator.migrations.count == 7, let sql = Self.queriesAtSchema7[query.name] {
                    query.sql = sql
                }
                // Defaults, then a filter by event where the query takes one.
                var runs: [[(name: String, value: String)]] = [[]]
                if query.parameters.contains(where: { $0.name == "event" }) {
                    runs.append([("event", "touchDown"), ("experiment", "edge-deferral")])
                }
                var outputs: [String] = []
                for parameters in runs {
                    let file = folder.path("query-\(UUID().uuidString).csv")
                    let output = try TextOutput(path: file)
                    _ = try QueryCatalog.run(query, parameters: parameters, in: db, format: .csv, to: output)
                    try output.flush()
                    outputs.append(try String(contentsOfFile: file, encoding: .utf8))
                }
                snapshot["query " + query.name] = outputs
            }
        }
        return snapshot
    }

    /// The canned queries rewritten for schema 0008, as shipped with 0007.
    static let queriesAtSchema7 = [
        "dispatch-by-channel": dispatchByChannelAtSchema7,
        "channel-comparison": """
            WITH pairs AS (
                SELECT experiment, variant, target, event, region, first_ms, second_ms, lag_ms
                FROM response_pairs
                WHERE first_via = :first AND second_via = :second
                  AND (:experiment IS NULL OR experiment = :experiment)
            )
            SELECT experiment,
                   variant,
                   target,
                   event,
                   count(*) AS n,
                   median(first_ms) AS first_p50_ms,
                   median(second_ms) AS second_p50_ms,
                   median(lag_ms) AS lag_p50_ms,
                   percentile(lag_ms, 95) AS lag_p95_ms,
                   max(lag_ms) AS lag_max_ms
            FROM pairs
            GROUP BY experiment, variant, target, event
            ORDER BY experiment, target, event, variant;
            """,
        "response-by-variant": """
            SELECT experiment,
                   variant,
                   target,
                   event,
                   via,
                   count(*) AS n,
                   percentile(latency_ms, 50) AS p50_ms,
                   percentile(latency_ms, 90) AS p90_ms,
                   percentile(latency_ms, 95) AS p95_ms,
                   percentile(latency_ms, 99) AS p99_ms,
                   max(latency_ms) AS max_ms
            FROM responses
            WHERE (:experiment IS NULL OR experiment = :experiment)
              AND (:event IS NULL OR event = :event)
            GROUP BY experiment, variant, target, event, via
            ORDER BY experiment, target, event, via, variant;
            """,
        "response-by-region": """
            SELECT experiment,
                   variant,
                   coalesce(region, 'unknown') AS region,
                   target,
                   event,
                   via,
                   count(*) AS n,
                   percentile(latency_ms, 50) AS p50_ms,
                   percentile(latency_ms, 90) AS p90_ms,
                   percentile(latency_ms, 95) AS p95_ms,
                   percentile(latency_ms, 99) AS p99_ms,
                   max(latency_ms) AS max_ms
            FROM responses
            WHERE (:experiment IS NULL OR experiment = :experiment)
              AND (:event IS NULL OR event = :event)
            GROUP BY experiment, variant, region, target, event, via
            ORDER BY experiment, target, event, via, region, variant;
            """,
    ]

    /// Queries/dispatch-by-channel.sql as shipped with schema 0007.
    static let dispatchByChannelAtSchema7 = """
        WITH channel AS MATERIALIZED (
            SELECT experiment, variant, target, event, via,
                   dense_rank() OVER (ORDER BY experiment, variant, target, event, via) AS channel_id
            FROM (SELECT DISTINCT session.experiment, session.variant, run.target, run.event, run.via
                  FROM (SELECT DISTINCT session_id, target, event, via FROM dispatch) AS run
                  JOIN session ON session.id = run.session_id
                  JOIN capture ON capture.id = session.capture_id
                  WHERE (:experiment IS NULL OR session.experiment = :experiment))
        )
        -- CROSS JOIN keeps this loop order: group, its sessions, their dispatches.
        SELECT channel.experiment,
               channel.variant,
               channel.target,
               channel.event,
               channel.via,
               count(*) AS n,
               percentile(dispatch.latency_ns / 1e6, 50) AS p50_ms,
               percentile(dispatch.latency_ns / 1e6, 90) AS p90_ms,
               percentile(dispatch.latency_ns / 1e6, 95) AS p95_ms,
               percentile(dispatch.latency_ns / 1e6, 99) AS p99_ms,
               max(dispatch.latency_ns / 1e6) AS max_ms
        FROM channel
        CROSS JOIN session ON session.experiment = channel.experiment AND session.variant = channel.variant
        CROSS JOIN capture ON capture.id = session.capture_id
        CROSS JOIN dispatch ON dispatch.session_id = session.id AND dispatch.target = channel.target
                           AND dispatch.event = channel.event AND dispatch.via = channel.via
        GROUP BY channel.channel_id
        ORDER BY channel.experiment, channel.target, channel.event, channel.via, channel.variant;
        """

    @Test func aStoreOfSchema7ReadsTheSameAfterTheMigration() throws {
        let folder = try ScratchFolder()
        let current = try GestureDatabase(path: folder.path("current.sqlite"))
        for capture in try Self.demoCaptures(in: folder) {
            _ = try CaptureImporter(database: current).importCapture(path: capture)
        }
        try current.close()
        let oldPath = folder.path("old.sqlite")
        try Self.storeAtSchema7(oldPath, copying: folder.path("current.sqlite"))

        let before = try Self.snapshot(oldPath, migrator: Self.schema7, folder: folder)
        for table in Self.tablesAtSchema7 {
            #expect(before[table]?.isEmpty == false, "the demo stores no \(table) rows")
        }
        #expect(before["query response-by-region"]?.last?.split(separator: "\r\n").count ?? 0 > 1)
        #expect(before["query reach-by-target"]?.first?.split(separator: "\r\n").count ?? 0 > 1)
        #expect(before["query false-starts-by-target"]?.first?.split(separator: "\r\n").count ?? 0 > 1)

        // The fresh import reads the same too: the views give what 0007's tables held.
        try Self.expectMigrationKeepsReads(oldPath, before: before, folder: folder)

        let migrated = try DatabaseQueue(path: oldPath)
        try migrated.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT max(version) FROM gesturelab_migration") == Migration.embedded.count)
            // Every name once, every id column pointing at one.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) - count(DISTINCT text) FROM name") == 0)
            #expect(try Int.fetchOne(db, sql: """
                SELECT count(*) FROM stored_delivery WHERE target_id NOT IN (SELECT id FROM name)
                    OR event_id NOT IN (SELECT id FROM name) OR via_id NOT IN (SELECT id FROM name)
                """) == 0)
            // Every relation over a table that keeps names as ids is a view.
            for relation in ["touches", "touch_sample", "transition", "delivery", "responses", "recognitions",
                             "dispatches", "targets", "outcomes", "starts"] {
                #expect(try db.viewExists(relation), "\(relation) is not a view")
            }
        }
        try migrated.close()
    }

    /// Migrates the store at `path` to `migrator`'s last migration by reading
    /// it, and expects every relation and canned query to read as `before`
    /// (taken at the old schema), a fresh import of the same captures
    /// (`current.sqlite` in `folder`) to read so too, and the migrated file
    /// to be whole: `integrity_check` and `foreign_key_check` clean.
    static func expectMigrationKeepsReads(_ path: String, before: [String: [String]],
                                          migrator: SchemaMigrator = SchemaMigrator(), folder: ScratchFolder) throws {
        let after = try snapshot(path, migrator: migrator, folder: folder)
        #expect(after.keys.sorted() == before.keys.sorted())
        for key in before.keys.sorted() {
            #expect(after[key] == before[key], "\(key) differs after the migration")
        }
        #expect(try snapshot(folder.path("current.sqlite"), folder: folder) == before)
        let migrated = try DatabaseQueue(path: path)
        try migrated.read { (db: Database) throws in
            #expect(try integrityProblems(db) == [])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try migrated.close()
    }

    /// `PRAGMA integrity_check`'s findings, less its false "NULL value in
    /// T.C" for NOT NULL columns of WITHOUT ROWID tables that hold no NULL
    /// (SQLite 3.40 reports those for schema 0007's tables as well).
    static func integrityProblems(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { finding in
            guard finding != "ok" else { return false }
            let prefix = "NULL value in "
            guard finding.hasPrefix(prefix) else { return true }
            let column = finding.dropFirst(prefix.count).split(separator: ".")
            guard column.count == 2 else { return true }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(column[0]) WHERE \(column[1]) IS NULL") != 0
        }
    }

    @Test func aMigrationFailingMidwayLeavesTheStoreAtSchema7() throws {
        let folder = try ScratchFolder()
        let current = try GestureDatabase(path: folder.path("current.sqlite"))
        _ = try CaptureImporter(database: current).importCapture(path: try Self.demoCaptures(in: folder)[3])
        try current.close()
        let oldPath = folder.path("old.sqlite")
        try Self.storeAtSchema7(oldPath, copying: folder.path("current.sqlite"))
        try Self.expectFailingMigrationLeavesTheStore(
            oldPath, at: Self.schema7, failingWith: "INSERT INTO name (text) VALUES (NULL);", folder: folder
        ) { (db: Database) throws in
            #expect(try !db.tableExists("name"))
        }
    }

    /// Runs the migration after `migrator`'s last, as shipped, with
    /// `failingStatement` appended, on the store at `path`: it must fail
    /// naming the migration and leave every relation, canned query, schema
    /// statement and the recorded version as they were; `check` looks at
    /// what that migration would have changed.
    static func expectFailingMigrationLeavesTheStore(
        _ path: String, at migrator: SchemaMigrator, failingWith failingStatement: String, folder: ScratchFolder,
        check: (Database) throws -> Void
    ) throws {
        let before = try snapshot(path, migrator: migrator, folder: folder)
        func schema() throws -> [String] {
            try DatabaseQueue(path: path).read { (db: Database) throws in
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
            }
        }
        let schemaBefore = try schema()
        let version = migrator.migrations.count
        var migrations = Array(Migration.embedded.prefix(version + 1))
        migrations[version].sql += "\n\(failingStatement)\n"
        let error = #expect(throws: StoreError.self) {
            _ = try GestureDatabase(path: path, migrator: SchemaMigrator(migrations: migrations))
        }
        #expect(error.map { "\($0)" }?.contains("migration \(migrations[version].name) failed") == true,
                "\(String(describing: error))")

        #expect(try snapshot(path, migrator: migrator, folder: folder) == before)
        #expect(try schema() == schemaBefore)
        let queue = try DatabaseQueue(path: path)
        try queue.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT max(version) FROM gesturelab_migration") == version)
            try check(db)
        }
        try queue.close()
    }

    @Test func importingIntoAMigratedStoreEqualsImportingIntoANewOne() throws {
        let folder = try ScratchFolder()
        let captures = try Self.demoCaptures(in: folder)
        let first = try GestureDatabase(path: folder.path("first.sqlite"))
        _ = try CaptureImporter(database: first).importCapture(path: captures[0])
        try first.close()
        let migratedPath = folder.path("migrated.sqlite")
        try Self.storeAtSchema7(migratedPath, copying: folder.path("first.sqlite"))
        try Self.expectImportsAlike(captures, migratedPath: migratedPath, folder: folder)
    }

    /// Imports every one of `captures` into the store at `migratedPath`
    /// (migrating it first) and into a new store, and expects the two to
    /// read the same on every relation and canned query; returns what the
    /// new store reads.
    @discardableResult
    static func expectImportsAlike(_ captures: [String], migratedPath: String,
                                   folder: ScratchFolder) throws -> [String: [String]] {
        let fresh = try GestureDatabase(path: folder.path("fresh.sqlite"))
        let migrated = try GestureDatabase(path: migratedPath)
        for database in [fresh, migrated] {
            for capture in captures {
                _ = try? CaptureImporter(database: database).importCapture(path: capture)
            }
            // Only the wall clock of each import differs.
            try database.connection.write { try $0.execute(sql: "UPDATE capture SET imported_at = ''") }
            try database.close()
        }
        let freshRows = try snapshot(folder.path("fresh.sqlite"), folder: folder)
        let migratedRows = try snapshot(migratedPath, folder: folder)
        #expect(freshRows["capture"]?.count == captures.count)
        for key in freshRows.keys.sorted() {
            #expect(migratedRows[key] == freshRows[key], "\(key) differs")
        }
        return freshRows
    }

    /// Names as written, whatever their bytes; the hit of no target is ''.
    static let oddNames = [
        #"it's"#, #"say "hi""#, #"back\slash"#, "naïve Ünïcödé", "日本語のボタン", "🙂 emoji", "tab\there", "comma, too",
        "percent % and _ underscore",
    ]

    @Test(arguments: [false, true]) func oddNamesRoundTrip(migrated: Bool) throws {
        let folder = try ScratchFolder()
        func quoted(_ text: String) -> String {
            var json = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\t": json += "\\t"
                default: json.unicodeScalars.append(scalar)
                }
            }
            return json + "\""
        }
        var lines = [
            #"{"type":"header","format":"gesture-trace","version":1,"recorder":"odd names"}"#,
            #"{"type":"session","session":"s","experiment":"e","variant":"v","device":{"model":"m","os":"o","screen_w":400,"screen_h":800,"scale":2}}"#,
        ]
        for (index, name) in Self.oddNames.enumerated() {
            let t = Double(index + 1)
            lines.append(#"{"type":"target","session":"s","target":\#(quoted(name)),"class":\#(quoted(name + " class")),"t":\#(t),"x":\#(index * 40),"y":100,"w":30,"h":30}"#)
            lines.append(#"{"type":"touch","session":"s","touch":\#(index + 1),"phase":"began","t":\#(t + 0.1),"x":\#(index * 40 + 5),"y":110,"hit":\#(quoted(index == 0 ? "" : name))}"#)
            lines.append(#"{"type":"transition","session":"s","recognizer":\#(quoted(name)),"class":\#(quoted(name + " class")),"from":"possible","to":"began","t":\#(t + 0.2)}"#)
            lines.append(#"{"type":"delivery","session":"s","target":\#(quoted(name)),"event":"began","via":\#(quoted(name + " via")),"t":\#(t + 0.3),"touch":\#(index + 1)}"#)
            lines.append(#"{"type":"touch","session":"s","touch":\#(index + 1),"phase":"ended","t":\#(t + 0.4),"x":\#(index * 40 + 5),"y":110}"#)
        }
        let capture = try folder.write("odd.jsonl", lines.joined(separator: "\n") + "\n")
        let path = folder.path("odd.sqlite")
        let database: GestureDatabase
        if migrated {
            let current = try GestureDatabase(path: folder.path("current.sqlite"))
            _ = try CaptureImporter(database: current).importCapture(path: capture)
            try current.close()
            try Self.storeAtSchema7(path, copying: folder.path("current.sqlite"))
            database = try GestureDatabase(path: path)
        } else {
            database = try GestureDatabase(path: path)
            _ = try CaptureImporter(database: database).importCapture(path: capture)
        }
        try database.connection.read { (db: Database) throws in
            let names = Self.oddNames
            #expect(try String.fetchAll(db, sql: "SELECT target FROM targets ORDER BY t_ns") == names)
            #expect(try String.fetchAll(db, sql: "SELECT class FROM targets ORDER BY t_ns") == names.map { $0 + " class" })
            #expect(try String.fetchAll(db, sql: "SELECT hit FROM touches ORDER BY touch") == [""] + names.dropFirst())
            #expect(try String.fetchAll(db, sql: "SELECT recognizer FROM transition ORDER BY t_ns") == names)
            #expect(try String.fetchAll(db, sql: "SELECT via FROM delivery ORDER BY t_ns") == names.map { $0 + " via" })
            #expect(try String.fetchAll(db, sql: "SELECT target FROM responses ORDER BY t_ns") == names)
            #expect(try String.fetchAll(db, sql: "SELECT target FROM dispatches ORDER BY t_ns") == names)
            #expect(try String.fetchAll(db, sql: "SELECT target FROM outcomes ORDER BY touch") == names)
            // The touch on target 0 names no hit (''), so it did not reach it; the others did.
            #expect(try Int.fetchAll(db, sql: "SELECT reached FROM outcomes ORDER BY touch")
                == [0] + Array(repeating: 1, count: names.count - 1))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM name WHERE text = ''") == 1)
        }
        try database.close()
    }
}
