import Foundation
import GRDB
import GestureSimulation
import Testing
@testable import GestureStore
import TestScratch

/// A disk that fills between an import's commit and the copy of its pages
/// into the main file: the import must not end as if the file alone were
/// whole (it had ended with a note and status 0 while a copy of the
/// `.sqlite` alone was malformed), and any later command with room again
/// must finish the copy.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs (mount -t tmpfs) as the full disk"))
struct FullDiskCheckpointTests {
    @Test func aCheckpointOntoAFullDiskFailsAndTheNextCommandFinishesIt() throws {
        let folder = try ScratchFolder()
        let disk = try SmallDisk(megabytes: 24)
        defer { disk.unmount() }
        let path = disk.path("lab.sqlite")
        let first = try GestureDatabase(path: path)
        _ = try CaptureImporter(database: first).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        try first.close()

        // A capture of a few megabytes, read from another disk.
        let simulator = Simulator(options: SimulationOptions(seed: 3, sessionsPerVariant: 2, touchesPerSession: 60))
        let big = folder.path("big.jsonl")
        try simulator.write(simulator.records(approximateRecords: 40_000), path: big)
        let writer = try GestureDatabase(path: path)
        let stored = try CaptureImporter(database: writer).importCapture(path: big)
        let sessions = 2 + (stored.recordCounts["session"] ?? 0)
        try disk.fill()

        let error = try #require(throws: StoreError.self) { try writer.close() }
        #expect(error.message.hasPrefix("cannot write to \(path): database or disk is full"))
        #expect(error.message.contains("everything is committed and safe in \(path)-wal"))
        #expect(error.message.contains("free some space, and run any gesturelab command on \(path)"))
        #expect(!error.message.contains("\n"))
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        // Still full: a reader reads everything (through the WAL) and says
        // the file is not whole yet.
        let notices = DatabaseAccessTests.Notices()
        let fullReader = try GestureDatabase(readingAt: path, notice: notices.callback)
        #expect(try counts(fullReader.connection) == [2, sessions])
        try fullReader.connection.close()
        #expect(notices.lines.count == 1)
        #expect(notices.lines.first?.hasPrefix("note: \(path) still lacks part of what \(path)-wal holds") == true)

        // Room again: the next command, a reader, finishes the copy and
        // puts the file at rest.
        disk.emptyFiller()
        let quiet = DatabaseAccessTests.Notices()
        let reader = try GestureDatabase(readingAt: path, notice: quiet.callback)
        #expect(try counts(reader.connection) == [2, sessions])
        try reader.connection.close()
        #expect(quiet.lines.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let copy = folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let alone = try DatabaseQueue(path: copy)
        defer { try? alone.close() }
        #expect(try counts(alone) == [2, sessions])
        let problems = try alone.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        // SQLite 3.40.1 reports NULLs in WITHOUT ROWID tables that are not
        // there (RELIABILITY.md); damage would show as anything else.
        #expect(problems.filter { $0 != "ok" && !$0.hasPrefix("NULL value in ") }.isEmpty)
    }

    /// A new store on a full disk cannot get even its schema: the open
    /// fails in one line and removes the empty file it made (it had left a
    /// 0-byte store behind). A file that was there before is never removed.
    @Test func aNewStoreOnAFullDiskIsRefusedAndLeavesNothing() throws {
        let disk = try SmallDisk(megabytes: 1)
        defer { disk.unmount() }
        try disk.fill()
        let path = disk.path("new.sqlite")
        let error = try #require(throws: StoreError.self) { try GestureDatabase(path: path) }
        #expect(error.message.hasPrefix("cannot open database \(path): database or disk is full")
            || error.message.hasPrefix("cannot write to \(path): database or disk is full"), "\(error.message)")
        #expect(!error.message.contains("\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler-0"])

        // An empty file the user made stays.
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        #expect(throws: StoreError.self) { try GestureDatabase(path: path) }
        #expect(FileManager.default.fileExists(atPath: path))
    }

    private func counts(_ queue: DatabaseQueue) throws -> [Int] {
        try queue.read { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM capture") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? -1]
        }
    }
}
