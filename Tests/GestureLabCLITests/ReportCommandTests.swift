import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestScratch

/// `gesturelab report` end to end: two processes give the same bytes, and
/// bad input is one clear line with nothing written.
@Suite struct ReportCommandTests {
    /// A simulated store and an empty one, made once for the suite: the
    /// tests only read them, and each writes files of its own names.
    private static let shared = Result { try makeSimulatedFolder() }

    private func simulatedFolder() throws -> ScratchFolder { try Self.shared.get() }

    private static func makeSimulatedFolder() throws -> ScratchFolder {
        let folder = try ScratchFolder("report-command")
        // A store that exists but holds no session: a capture of a header alone.
        let header = try folder.write("header.jsonl", #"{"type":"header","format":"gesture-trace","version":1}"# + "\n")
        for arguments in [["simulate", "--seed", "5", "--sessions", "1", "--out", "sim.jsonl"],
                          ["import", "--db", "lab.sqlite", folder.path("sim.jsonl")],
                          ["import", "--db", "empty.sqlite", header]] {
            let result = try folder.run(arguments)
            guard result.status == 0 else { throw FixtureFailure("\(arguments[0]): \(result.standardError)") }
        }
        return folder
    }

    private struct FixtureFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func twoRunsOnTheSameStoreWriteTheSameBytes() throws {
        let folder = try simulatedFolder()
        let first = try folder.run(["report", "--db", "lab.sqlite", "--out", "one.html", "--seed", "4"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError == "wrote one.html\n")
        let second = try folder.run(["report", "--db", "lab.sqlite", "--out", "-", "--seed", "4"])
        #expect(second.status == 0)
        #expect(try String(contentsOfFile: folder.path("one.html"), encoding: .utf8) == second.standardOutput)
        #expect(second.standardOutput.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func aSelectionGivesThatComparisonAlone() throws {
        let folder = try simulatedFolder()
        let result = try folder.run(["report", "--db", "lab.sqlite", "--out", "-", "--title", "Edge <lag>",
                                     "--by", "deferred_edges", "--event", "touchDown", "--region", "bottom,bottom-right"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("<title>Edge &lt;lag&gt;</title>"))
        #expect(result.standardOutput.components(separatedBy: "<section class=\"comparison\"").count == 2)
        // Names are isolated (U+2068 … U+2069), so right-to-left text in one
        // cannot reorder the numbers around it.
        #expect(result.standardOutput.contains("A: \u{2068}none\u{2069}</th><th>B: \u{2068}bottom+right\u{2069}</th>"))
    }

    @Test func anOutcomeMetricGivesItsRatesAndMap() throws {
        let folder = try simulatedFolder()
        let result = try folder.run(["report", "--db", "lab.sqlite", "--out", "-", "--by", "hit_area", "--metric", "reached",
                                     "--a", "frame", "--b", "44pt", "--unit", "touch"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("<section class=\"comparison rates\" id=\"c1\" data-metric=\"reached\">"))
        #expect(result.standardOutput.contains("<th>rate, Wilson 95 %</th>"))
        #expect(result.standardOutput.contains("id=\"c1-outcomes\""))
    }

    /// A pipe stays a pipe and a symbolic link a link: the page is written
    /// through them. Renamed over its destination, the page had turned
    /// `--out /dev/null` into a plain file.
    @Test func writesThroughAPipeAndASymbolicLink() throws {
        let folder = try simulatedFolder()
        let pipe = folder.path("page.fifo")
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", #"cat "$0" > "$1""#, pipe, folder.path("from-pipe.html")]
        try reader.run()
        defer { if reader.isRunning { reader.terminate() } }
        let throughPipe = try folder.run(["report", "--db", "lab.sqlite", "--out", pipe])
        #expect(throughPipe.status == 0, "\(throughPipe.standardError)")
        var status = stat()
        guard lstat(pipe, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO else {
            // Renamed over, the pipe is gone and its reader waits for ever.
            Issue.record("the pipe became another kind of file")
            return
        }
        reader.waitUntilExit()
        #expect(try String(contentsOfFile: folder.path("from-pipe.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

        try FileManager.default.createSymbolicLink(atPath: folder.path("link.html"), withDestinationPath: "page.html")
        let throughLink = try folder.run(["report", "--db", "lab.sqlite", "--out", "link.html"])
        #expect(throughLink.status == 0, "\(throughLink.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.html")) == "page.html")
        #expect(try String(contentsOfFile: folder.path("page.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test(arguments: [
        (["report", "--db", "empty.sqlite"], "Error: the store holds no sessions: nothing to report."),
        (["report", "--db", "missing.sqlite"], "Error: no database at missing.sqlite: nothing has been imported there."),
        (["report", "--db", "lab.sqlite", "--by", "deferred_edges", "--event", "nothing"],
         "Error: no response latencies match: nothing to compare"),
        (["report", "--db", "lab.sqlite", "--out", "missing/report.html"],
         "Error: cannot write missing/report.html: the folder missing does not exist; nothing was written"),
        (["report", "--db", "lab.sqlite", "--event", "touchDown"], "--need --by"),
    ])
    func badInputIsOneLineAndWritesNothing(arguments: [String], message: String) throws {
        let folder = try simulatedFolder()
        let result = try folder.run(arguments)
        #expect(result.status != 0)
        if message == "--need --by" {
            #expect(result.standardError.contains("need --by KEY"))
        } else {
            #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("gesturelab-report.html")))
    }
}
