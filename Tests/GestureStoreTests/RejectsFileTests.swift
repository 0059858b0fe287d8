import Foundation
import Testing
import GestureTrace
import TestScratch
@testable import GestureStore

/// The `--rejects` file is created empty, so it must never be a file the
/// import reads or writes: such a path is refused and left as it was.
@Suite struct RejectsFileTests {
    enum Alias: String, CaseIterable, Sendable {
        case samePath, dotSlash, parentAndBack, symbolicLink, hardLink
    }

    /// The capture, however its path is spelled, is refused and kept whole.
    @Test(arguments: Alias.allCases)
    func theCaptureIsNeverTheRejectsFile(_ alias: Alias) throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("lab.jsonl", "{\"type\":\"header\"}\n")
        let folderName = URL(fileURLWithPath: folder.path("")).lastPathComponent
        let rejects: String
        switch alias {
        case .samePath: rejects = capture
        case .dotSlash: rejects = folder.path("./lab.jsonl")
        case .parentAndBack: rejects = folder.path("../\(folderName)/lab.jsonl")
        case .symbolicLink:
            rejects = folder.path("link.jsonl")
            try FileManager.default.createSymbolicLink(atPath: rejects, withDestinationPath: capture)
        case .hardLink:
            rejects = folder.path("hard.jsonl")
            try FileManager.default.linkItem(atPath: capture, toPath: rejects)
        }
        #expect {
            try RejectsFile(path: rejects, keepingApart: [(capture, "the capture")])
        } throws: { error in
            "\(error)".contains("is the capture") && "\(error)".contains("nothing was imported")
        }
        #expect(try String(contentsOfFile: capture, encoding: .utf8) == "{\"type\":\"header\"}\n")
    }

    /// The database and its companion files, existing or not yet.
    @Test(arguments: ["lab.sqlite", "lab.sqlite-wal", "lab.sqlite-journal", "./lab.sqlite-shm"])
    func theDatabaseIsNeverTheRejectsFile(_ name: String) throws {
        let folder = try ScratchFolder()
        let database = try folder.write("lab.sqlite", "not empty")
        #expect(throws: StoreError.self) {
            try RejectsFile(path: folder.path(name), keepingApart: RejectsFile.databaseFiles(database))
        }
        #expect(try String(contentsOfFile: database, encoding: .utf8) == "not empty")
        #expect(!FileManager.default.fileExists(atPath: folder.path("lab.sqlite-wal")))
    }

    /// A symbolic link is followed and its target written in place, not
    /// replaced by a file of its own: that is how `--rejects /dev/null`,
    /// run as root, had replaced the device with a regular file.
    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let folder = try ScratchFolder()
        let target = try folder.write("kept.txt", "old")
        let link = folder.path("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let rejects = try RejectsFile(path: link)
        try rejects.write(TraceReader.TraceRejection(error: TraceError(file: "a.jsonl", line: 3, message: "bad"),
                                                     text: Array("{}".utf8)))
        try rejects.close()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "a.jsonl:3: bad\t{}\n")
    }

    @Test func anotherFileIsCreatedEmpty() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("lab.jsonl", "{}\n")
        let existing = try folder.write("rejects.txt", "old")
        let rejects = try RejectsFile(path: existing, keepingApart: [(capture, "the capture")]
            + RejectsFile.databaseFiles(folder.path("lab.sqlite")))
        try rejects.close()
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "")
    }
}
