import Foundation
import GRDB
import GRDBSQLite
import Testing
@testable import GestureStore
import TestScratch

/// A store a writer was killed in the middle of changing in rollback mode:
/// its `-journal` is hot. Readers and the next import must still open it,
/// and see it as it was before.
@Suite struct InterruptedJournalTests {
    /// A store holding the sample capture, and beside it a copy taken while
    /// another connection had changed pages of it in a rollback-mode
    /// transaction (the main file written, the journal holding the old
    /// pages): what a kill at that moment leaves.
    private func killedMidChange(_ folder: ScratchFolder) throws -> String {
        let path = folder.path("lab.sqlite")
        let writer = try GestureDatabase(path: path)
        _ = try CaptureImporter(database: writer).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        try writer.close()

        var connection: OpaquePointer?
        #expect(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(connection) }
        // A small cache makes SQLite write changed pages to the file before the commit.
        #expect(sqlite3_exec(connection, """
            PRAGMA cache_size = 2; BEGIN IMMEDIATE; DELETE FROM stored_touch_sample;
            CREATE TABLE junk (x); INSERT INTO junk SELECT randomblob(4000) FROM session, session, session, session;
            """, nil, nil, nil) == SQLITE_OK)
        let copy = folder.path("killed.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
        sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
        return copy
    }

    @Test func aReaderRollsBackAKilledWritersJournalAndSeesTheStoreAsBefore() throws {
        let folder = try ScratchFolder()
        let copy = try killedMidChange(folder)
        #expect(GestureDatabase.fileSize(copy + "-journal") > 0)
        // Before, this failed: "attempt to write a readonly database".
        let reader = try GestureDatabase(readingAt: copy)
        // As before the change: the samples it deleted are back, the table it made is gone.
        let original = try GestureDatabase(readingAt: folder.path("lab.sqlite"))
        let expected = try original.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM touch_sample") }
        try original.close()
        let (captures, samples, junk) = try reader.connection.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM capture"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM touch_sample"),
             try db.tableExists("junk"))
        }
        #expect(captures == 1 && samples == expected && (expected ?? 0) > 0 && !junk)
        try reader.close()
        #expect(!FileManager.default.fileExists(atPath: copy + "-journal"))
    }

    @Test func theNextImportRollsItBackToo() throws {
        let folder = try ScratchFolder()
        let copy = try killedMidChange(folder)
        let writer = try GestureDatabase(path: copy)
        let other = sampleCapture.replacingOccurrences(of: #""recorder":"StoreTests""#, with: #""recorder":"StoreTests b""#)
        _ = try CaptureImporter(database: writer).importCapture(path: try folder.write("b.jsonl", other))
        try writer.close()
        let reader = try GestureDatabase(readingAt: copy)
        #expect(try reader.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM capture") } == 2)
        try reader.close()
    }
}
