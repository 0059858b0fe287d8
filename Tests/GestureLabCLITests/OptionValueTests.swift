import Foundation
import Testing
import TestScratch

/// Option values the commands must refuse in one line, or take as the user
/// meant them: numbers with a minus sign, a budget that could never fail,
/// an output path that is the store itself, `-` for standard output.
@Suite struct OptionValueTests {
    @Test(arguments: [
        // A negative number was taken for an option and reported as missing.
        (["compare", "--by", "deferred_edges", "--alpha", "-0.1"], "Error: --alpha must be between 0 and 1, not -0.1."),
        (["compare", "--by", "deferred_edges", "--fail-if-slower", "-5"],
         "Error: --fail-if-slower takes a finite percentage ≥ 0, not -5.0."),
        // NaN or infinity would let every comparison pass the budget.
        (["compare", "--by", "deferred_edges", "--fail-if-slower", "nan"],
         "Error: --fail-if-slower takes a finite percentage ≥ 0, not nan."),
        (["compare", "--by", "deferred_edges", "--fail-if-slower", "inf"],
         "Error: --fail-if-slower takes a finite percentage ≥ 0, not inf."),
        (["compare", "--by", "deferred_edges", "--at", "p90"], "Error: --at names where --fail-if-slower applies: give both."),
        (["simulate", "--records", "-5"], "Error: --records must be at least 1."),
        (["export", "responses", "--out", "lab.sqlite"],
         "Error: cannot write lab.sqlite: it is the store this command reads (lab.sqlite), which writing there would destroy; name another file"),
        (["report", "--out", "./lab.sqlite"],
         "Error: cannot write ./lab.sqlite: it is the store this command reads (lab.sqlite), which writing there would destroy; name another file"),
    ] as [([String], String)])
    func refusedInOneLine(arguments: [String], message: String) throws {
        let folder = try ScratchFolder.simulatedStore(experiments: ["edge-deferral"])
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("lab.sqlite")))
        let result = try folder.run(arguments + ["--db", "lab.sqlite"].filter { _ in arguments[0] != "simulate" })
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix(message + "\n"), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("lab.sqlite"))) == before, "the store changed")
    }

    /// Folders and paths named wrongly: one line in the user's terms, where
    /// Foundation's own text ("Error Domain=NSCocoaErrorDomain Code=516 …")
    /// or a raw newline came out before.
    @Test(arguments: [
        (["demo", "--dir", ""], "Error: --dir names no folder: give a folder's path."),
        (["bench", "--dir", "file.txt"], "Error: --dir file.txt is a file, not a folder: name a folder."),
        (["query", "--list", "--queries-dir", "file.txt"],
         "Error: cannot read queries folder file.txt: it is a file; --queries-dir names a folder of .sql files"),
        (["query", "--list", "--queries-dir", "none"], "Error: cannot read queries folder none: there is no such folder"),
        (["sessions"], #"Error: no database at lab\nstore.sqlite: nothing has been imported there."#),
    ] as [([String], String)])
    func pathsAreRefusedInOneLine(arguments: [String], message: String) throws {
        let folder = try ScratchFolder()
        _ = try folder.write("file.txt", "not a folder\n")
        let result = try folder.run(arguments, environment: ["GESTURELAB_DB": "lab\nstore.sqlite"])
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        // The message's own line holds the path whole: the newline in it is escaped.
        let firstLine = result.standardError.prefix { $0 != "\n" }
        #expect(firstLine.hasPrefix(message), "\(result.standardError)")
    }

    /// `--out -` is standard output, as for report and simulate; it made a file named `-`.
    @Test func exportToDashIsStandardOutput() throws {
        let folder = try ScratchFolder.simulatedStore(experiments: ["edge-deferral"])
        let result = try folder.run(["export", "responses", "--out", "-", "--db", "lab.sqlite"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("capture,session,experiment,variant,touch,"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")))
    }
}
