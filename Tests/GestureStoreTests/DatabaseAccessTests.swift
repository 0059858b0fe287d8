import Foundation
import GRDB
import Testing
@testable import GestureStore
import TestScratch

/// Reading and writing access: readers never write or wait, writers take
/// turns, and a file at rest holds everything itself.
@Suite struct DatabaseAccessTests {
    /// Lines `notice` was called with, in order.
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var lines: [String] { lock.withLock { recorded } }
        var callback: @Sendable (String) -> Void { { line in self.lock.withLock { self.recorded.append(line) } } }
    }

    @Test func closedWriterLeavesOneWholeFileInRollbackMode() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        let notices = Notices()
        let database = try GestureDatabase(path: path, notice: notices.callback)
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        #expect(try database.connection.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        try database.close()

        #expect(notices.lines == ["created \(path) (gesturelab schema version \(Migration.embedded.count))"])
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let copy = try copyOfMainFileAlone(path, in: folder)
        #expect(try capturesAndSessions(copy) == [1, 2])
        #expect(try journalMode(copy) == "delete")
    }

    @Test func writerClosingBesideAnotherConnectionStillPutsEveryCommitInTheMainFile() throws {
        // A reader that opens while the file is in WAL mode keeps it open
        // until it ends: the writer cannot switch it back to rollback mode,
        // but must still checkpoint.
        let (folder, path, writer, reader) = try importBesideAReader()
        try writer.close()
        #expect(try journalMode(path) == "wal")
        #expect(try capturesAndSessions(try copyOfMainFileAlone(path, in: folder)) == [1, 2])
        // The reader is between reads: the WAL is emptied, not left at the import's size.
        let walSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(walSize == 0)
        #expect(try reader.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") } == 2)
        try reader.close()

        // The next writer to end alone puts the file at rest again.
        try GestureDatabase(path: path).close()
        #expect(try journalMode(path) == "delete")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    /// A reader that ends while the writer is putting the file at rest: the
    /// writer waits a moment for it, and the file goes back to rollback
    /// mode, so later reads create no -wal or -shm (an independent check
    /// found the file left in WAL mode, with the import's WAL beside it).
    @Test func aReaderEndingAsTheWriterEndsLeavesTheFileAtRest() throws {
        let (_, path, writer, reader) = try importBesideAReader()
        let closing = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        let failure = Notices()
        Thread.detachNewThread {
            closing.signal()
            do { try writer.close() } catch { failure.callback("\(error)") }
            closed.signal()
        }
        closing.wait()
        // Well within the writer's second of grace.
        Thread.sleep(forTimeInterval: 0.05)
        try reader.close()
        closed.wait()
        #expect(failure.lines == [])
        #expect(try journalMode(path) == "delete")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    /// A store, a writer that has imported the sample capture, and a
    /// reader opened (and read, before the import) while the file was in
    /// WAL mode, still open.
    private func importBesideAReader() throws -> (ScratchFolder, String, GestureDatabase, GestureDatabase) {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try GestureDatabase(path: path).close()
        let writer = try GestureDatabase(path: path)
        let reader = try GestureDatabase(readingAt: path)
        #expect(try reader.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM capture") } == 0)
        _ = try CaptureImporter(database: writer).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        return (folder, path, writer, reader)
    }

    @Test func readerOfAMissingOrEmptyFileCreatesNothing() throws {
        let folder = try ScratchFolder()
        let path = folder.path("nothing.sqlite")
        let missing = #expect(throws: StoreError.self) { try GestureDatabase(readingAt: path) }
        #expect(missing?.message.hasPrefix("no database at \(path): nothing has been imported there.") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)

        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let empty = #expect(throws: StoreError.self) { try GestureDatabase(readingAt: path) }
        #expect(empty?.message.hasPrefix("\(path) is empty") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["nothing.sqlite"])
    }

    @Test func readerWritesNothingAndCreatesNothingBesideTheFile() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try importSample(into: path, folder: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let reader = try GestureDatabase(readingAt: path)
        #expect(try reader.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM touches") } == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["a.jsonl", "lab.sqlite"])
        // Opened with SQLITE_OPEN_READONLY: even a write attempt cannot change the file.
        #expect(throws: DatabaseError.self) {
            try reader.connection.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM capture") }
        }
        try reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["a.jsonl", "lab.sqlite"])
    }

    @Test func openingWithNothingPendingNeitherWritesNorWaitsForAWriter() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try importSample(into: path, folder: folder)
        // Another writer holds the write lock, as a long import does.
        let holder = try holdWriteLock(path)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM session_config") }
        let notices = Notices()
        let reader = try GestureDatabase(readingAt: path, notice: notices.callback)
        #expect(try reader.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session_config") } == 4)
        // A second writer opens too; only its first write would wait.
        let second = try GestureDatabase(path: path, notice: notices.callback)
        #expect(notices.lines.isEmpty)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try reader.close()
        try holder.close()
        try second.close()
    }

    @Test func secondWriterWaitsItsTurnAndSaysSoOnce() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        try GestureDatabase(path: path).close()
        let first = try holdWriteLock(path)

        let notices = Notices()
        let second = try GestureDatabase(path: path, notice: notices.callback)
        let capture = try folder.write("a.jsonl", sampleCapture)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Notices()
        let seconds = Notices()
        Thread {
            do {
                let summary = try CaptureImporter(database: second).importCapture(path: capture)
                outcome.callback("imported \(summary.recordCount)")
                seconds.callback("\(summary.seconds)")
            } catch {
                outcome.callback("failed: \(error)")
            }
            finished.signal()
        }.start()

        // Events in order: the second writer says it waits, still has not
        // imported, and finishes only after the first lets go.
        while notices.lines.isEmpty { usleep(10_000) }
        #expect(notices.lines == ["waiting: another process is writing to \(path) (an import?); this command goes on when it ends"])
        #expect(outcome.lines.isEmpty)
        // Two more seconds of waiting, which are not the import's: its time
        // (and so its records/s) starts when the lock is its own. Only a
        // 10-record import taking two seconds could fail this.
        sleep(2)
        try first.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        finished.wait()
        #expect(outcome.lines == ["imported 10"])
        let took = try #require(seconds.lines.first.flatMap(Double.init))
        #expect(took < 2, "the import's time includes its wait for the lock: \(took) s")
        #expect(notices.lines.count == 1)
        try first.close()
        try second.close()
        #expect(try journalMode(path) == "delete")
    }

    @Test func readerMigratesAnOlderDatabaseItMayWriteAndSaysSo() throws {
        let folder = try ScratchFolder()
        let path = folder.path("old.sqlite")
        let older = SchemaMigrator(migrations: Array(Migration.embedded.dropLast()))
        try GestureDatabase(path: path, migrator: older).close()

        let notices = Notices()
        let reader = try GestureDatabase(readingAt: path, notice: notices.callback)
        let newest = Migration.embedded.last!
        #expect(notices.lines == ["migrated \(path) from schema version \(newest.version - 1) to \(newest.version) (\(newest.name))"])
        #expect(try reader.connection.read { db in try SchemaMigrator().appliedMigrations(db).count } == Migration.embedded.count)
        try reader.close()
        #expect(try journalMode(path) == "delete")

        // Up to date: the next open says nothing.
        let again = Notices()
        try GestureDatabase(readingAt: path, notice: again.callback).close()
        try GestureDatabase(path: path, notice: again.callback).close()
        #expect(again.lines.isEmpty)
    }

    @Test func interruptedWritersCommitsReachTheMainFile() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.sqlite")
        let database = try GestureDatabase(path: path)
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        // Another connection holds a transaction that never commits, as an
        // import interrupted during its next file does.
        let holder = try holdWriteLock(path)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM session_config") }
        // Before the checkpoint the main file alone does not even hold the schema.
        let before = try copyOfMainFileAlone(path, in: folder)
        #expect(throws: DatabaseError.self) { try capturesAndSessions(before) }
        #expect(GestureDatabase.copyCommittedPagesToMainFile(path: path))
        #expect(try capturesAndSessions(try copyOfMainFileAlone(path, in: folder)) == [1, 2])
        try holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try holder.close()
        try database.close()
    }

    // MARK: - Helpers

    /// A store at `path` holding `sampleCapture`, closed.
    private func importSample(into path: String, folder: ScratchFolder) throws {
        let writer = try GestureDatabase(path: path)
        _ = try CaptureImporter(database: writer).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        try writer.close()
    }

    /// Another connection in a write transaction, as a running import is.
    private func holdWriteLock(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "BEGIN IMMEDIATE")
        }
        return queue
    }

    /// The main file copied alone, as a user mails it: no -wal, no -shm.
    private func copyOfMainFileAlone(_ path: String, in folder: ScratchFolder) throws -> String {
        let copy = folder.path("copy-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    private func capturesAndSessions(_ path: String) throws -> [Int] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM capture") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? -1]
        }
    }

    /// The journal mode in the file's header (bytes 18 and 19: 2 for WAL).
    private func journalMode(_ path: String) throws -> String {
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 20) ?? Data()
        return header.count == 20 && header[18] == 2 && header[19] == 2 ? "wal" : "delete"
    }
}
