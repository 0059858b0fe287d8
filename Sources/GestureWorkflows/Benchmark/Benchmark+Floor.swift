import Foundation
import GRDB
import GestureStore

extension Benchmark {
    /// SQLite's own time to write the rows the import stored: every table of
    /// the finished store copied by `INSERT … SELECT` into a new store, in one
    /// transaction, to the store at rest, less the time the same `SELECT`s
    /// take alone.
    ///
    /// What is left is building each row's record and putting it in its
    /// B-tree, in key order (the cheapest order), and writing the pages:
    /// work any import of the same rows does on its one connection, besides
    /// parsing, deriving and binding them. So it says how much of a speed
    /// target is within reach at all.
    func sqliteFloor(storePath: String, records: Int, importSeconds: Double, baselineSeconds: Double?,
                     log: (String) -> Void) throws -> [Measurement] {
        log("copying the stored rows into a new store, for SQLite's own floor")
        // The least of three: the floor is a difference of two timings, and
        // one slow moment in either moves it by a third.
        var best: (copy: Double, reading: Double)?
        for _ in 1...3 {
            let run = try copyStoredRows(from: storePath)
            if best.map({ run.copy - run.reading < $0.copy - $0.reading }) ?? true { best = run }
        }
        let (copySeconds, readingSeconds) = best!
        let seconds = max(copySeconds - readingSeconds, 1e-9)
        var note = String(format: "INSERT … SELECT of every stored table into a new store, %.3f s, less %.3f s "
            + "reading the rows alone (the least of three): no parsing, no binding, in key order",
                          copySeconds, readingSeconds)
        if let baselineSeconds, baselineSeconds > 0 {
            note += String(format: "; %.2f of sqlite3 .import's time", seconds / baselineSeconds)
        }
        return [
            Measurement(step: "SQLite's floor: writing the stored rows", count: records, seconds: seconds,
                        target: "", met: nil, note: note),
            Measurement(step: "import time / SQLite's floor", count: nil, seconds: importSeconds, target: "",
                        met: nil, note: String(format: "ratio %.2f", importSeconds / seconds)),
        ]
    }

    /// One copy of every stored table into a new store: the copy's seconds
    /// (creating the store to closing it) and the seconds reading alone took.
    private func copyStoredRows(from storePath: String) throws -> (copy: Double, reading: Double) {
        let floorPath = (options.directory as NSString).appendingPathComponent("floor.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: floorPath + suffix) }
        let started = ContinuousClock.now
        let floor = try GestureDatabase(path: floorPath)
        var readingSeconds = 0.0
        try floor.connection.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.execute(sql: "ATTACH DATABASE ? AS stored", arguments: [storePath])
            defer { try? db.execute(sql: "DETACH DATABASE stored") }
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM stored.sqlite_schema
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'gesturelab_migration'
                ORDER BY rowid
                """)
            // The WHERE keeps SQLite from copying pages whole (its transfer
            // optimisation), which no import could do; the reading alone
            // runs first, so that both find the stored pages in the OS cache.
            let reading = ContinuousClock.now
            for table in tables {
                try Self.stepThrough(db, sql: "SELECT * FROM stored.\(table) WHERE true")
            }
            readingSeconds = elapsed(since: reading)
            try db.inTransaction(.immediate) {
                for table in tables {
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM stored.\(table) WHERE true")
                }
                return .commit
            }
        }
        try floor.close()
        return (elapsed(since: started) - readingSeconds, readingSeconds)
    }

    /// Steps a statement to its end: SQLite reads every column the statement
    /// names into its registers for each row; the cursor copies nothing out.
    private static func stepThrough(_ db: Database, sql: String) throws {
        let rows = try Row.fetchCursor(db, sql: sql)
        while try rows.next() != nil {}
    }
}
