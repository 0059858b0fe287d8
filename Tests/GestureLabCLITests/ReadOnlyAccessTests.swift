import Foundation
import GRDB
import TestScratch
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database another account may read but not write: a colleague's file, a
/// chmod-444 file, a read-only folder. The tests run as root, whom file
/// permissions do not stop, so the reading runs as `nobody`; without root
/// and `runuser` they are skipped (GestureStoreTests' DatabaseAccessTests
/// still check that a reader opens read-only and creates nothing).
@Suite(.enabled(if: OtherUser.isAvailable, "needs root and runuser to run gesturelab as another account"))
struct ReadOnlyAccessTests {
    /// A folder `nobody` may enter and read; `writable` decides whether it may also create files in it.
    private func importedFolder(writable: Bool) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("groups.jsonl", twoGroupCapture)]).status == 0)
        try? FileManager.default.removeItem(atPath: folder.path("groups.jsonl"))
        chmod(folder.url.path, writable ? 0o777 : 0o755)
        // The scratch folders above it are root's: let nobody through.
        chmod(folder.url.deletingLastPathComponent().path, 0o755)
        return folder
    }

    private func runAsNobody(_ arguments: [String], in folder: ScratchFolder) throws -> GestureLabProcess.Result {
        let running = try RunningGestureLab(arguments, in: folder, user: OtherUser.name)
        try running.closeInput()
        return running.waitForExit()
    }

    /// `sessions` as nobody lists the two sessions; nothing appears beside the file.
    private func expectNobodyListsBothSessionsLeavingNothing(_ path: String, in folder: ScratchFolder) throws {
        let result = try runAsNobody(["sessions", "--db", path, "--format", "csv"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\r\n").count == 3)
        #expect(try contents(folder) == ["lab.sqlite"])
    }

    private func contents(_ folder: ScratchFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func anotherAccountQueriesAFileInAFolderItMayNotWrite() throws {
        let folder = try importedFolder(writable: false)
        let path = folder.path("lab.sqlite")
        for arguments in [["sessions", "--format", "csv"], ["query", "--sql", "SELECT count(*) AS n FROM responses", "--format", "csv"],
                          ["compare", "--by", "mode", "--format", "json"]] {
            let result = try runAsNobody(arguments + ["--db", path], in: folder)
            #expect(result.status == 0, "\(arguments[0]): \(result.standardError)")
            #expect(result.standardError.isEmpty, "\(result.standardError)")
            #expect(try contents(folder) == ["lab.sqlite"])
        }
        let query = try runAsNobody(["query", "--db", path, "--sql", "SELECT count(*) AS n FROM responses", "--format", "csv"], in: folder)
        #expect(query.standardOutput == "n\r\n10\r\n")

        let write = try runAsNobody(["import", "--db", path, "-"], in: folder)
        #expect(write.status != 0)
        #expect(write.standardError.contains("cannot write to \(path): you may read it but not write it or its folder here; nothing was changed."))
        #expect(try contents(folder) == ["lab.sqlite"])
    }

    @Test func aChmod444FileIsQueriedAndNothingAppearsBesideIt() throws {
        let folder = try importedFolder(writable: true)
        let path = folder.path("lab.sqlite")
        chmod(path, 0o444)
        try expectNobodyListsBothSessionsLeavingNothing(path, in: folder)
    }

    @Test func aReadOnlyDatabaseThatNeedsAMigrationSaysSo() throws {
        let folder = try importedFolder(writable: false)
        let path = folder.path("lab.sqlite")
        // As if made by the gesturelab before the last migration.
        let queue = try DatabaseQueue(path: path)
        let newest = try queue.write { db in
            let newest = try String.fetchOne(db, sql: "SELECT name FROM gesturelab_migration ORDER BY version DESC LIMIT 1")
            try db.execute(sql: "DELETE FROM gesturelab_migration WHERE version = (SELECT max(version) FROM gesturelab_migration)")
            return newest ?? "?"
        }
        try queue.close()
        let result = try runAsNobody(["sessions", "--db", path], in: folder)
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(path) needs schema migration \(newest) before this gesturelab can read it, "
            + "but you may not write to it here; nothing was changed."), "\(result.standardError)")
        #expect(try contents(folder) == ["lab.sqlite"])
    }

    @Test func aFileLeftInWALModeByAnOlderGesturelabIsQueriedFromAFolderItMayNotWrite() throws {
        let folder = try importedFolder(writable: false)
        let path = folder.path("lab.sqlite")
        // What the gesturelab before this one left: WAL mode in the header, no -wal beside it.
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") } == "wal")
        try queue.close()
        #expect(try contents(folder) == ["lab.sqlite"])
        try expectNobodyListsBothSessionsLeavingNothing(path, in: folder)
    }

    @Test func anotherAccountReadsTheLastCommitWhileAnImportWrites() throws {
        let folder = try importedFolder(writable: false)
        let path = folder.path("lab.sqlite")
        let held = try RunningGestureLab(["import", "--db", path, "-"], in: folder)
        try held.write(smallCapture.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
        try held.waitUntil("the import takes the write lock") { try writeLockIsHeld(path) }
        let result = try runAsNobody(["query", "--db", path, "--sql", "SELECT count(*) AS n FROM capture", "--format", "csv"], in: folder)
        #expect(result.standardOutput == "n\r\n1\r\n", "\(result.standardError)")
        #expect(held.process.isRunning)
        try held.closeInput()
        #expect(held.waitForExit().status == 0)
    }
}
