import Foundation
import GRDB
import GestureStore

extension Benchmark {
    /// SQLite's own time to write the rows the import stored: every table of
    /// the finished store copied by `INSERT … SELECT` into a new store, in one
    /// transaction, to the store at rest.
    ///
    /// The copy parses nothing, binds nothing and derives nothing, and reads
    /// each table in the order of its key, the cheapest order to write it in:
    /// an import writing the same rows on one connection cannot beat it. So
    /// it says how much of a target is within reach at all. A mix whose
    /// floor is under 1,000,000 records/s cannot import at that rate on this
    /// machine, whatever the reading pass costs.
    func sqliteFloor(storePath: String, records: Int, importSeconds: Double, baselineSeconds: Double?,
                     log: (String) -> Void) throws -> [Measurement] {
        log("copying the stored rows into a new store, for SQLite's own floor")
        let floorPath = (options.directory as NSString).appendingPathComponent("floor.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: floorPath + suffix) }
        let started = ContinuousClock.now
        let floor = try GestureDatabase(path: floorPath)
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
            try db.inTransaction(.immediate) {
                for table in tables {
                    // The WHERE keeps SQLite from copying pages whole (its
                    // transfer optimisation), which no import could do.
                    try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM stored.\(table) WHERE true")
                }
                return .commit
            }
        }
        try floor.close()
        let seconds = elapsed(since: started)
        var note = "INSERT … SELECT of every stored table into a new store, in key order: no parsing, no binding"
        if let baselineSeconds, baselineSeconds > 0 {
            note += String(format: "; %.2f of sqlite3 .import's time", seconds / baselineSeconds)
        }
        return [
            Measurement(step: "SQLite's floor: the stored rows written again", count: records, seconds: seconds,
                        target: "", met: nil, note: note),
            Measurement(step: "import time / SQLite's floor", count: nil, seconds: importSeconds, target: "",
                        met: nil, note: String(format: "ratio %.2f", importSeconds / seconds)),
        ]
    }
}
