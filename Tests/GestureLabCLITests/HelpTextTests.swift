import Foundation
import Testing
import TestScratch

/// The help of every command reads well in an 80-column terminal.
///
/// The argument parser wraps each written line of a discussion at the
/// terminal's width but keeps the line ends written in the source, so a
/// line of 80 characters or more comes out as one full line and a stray
/// word or two on the next (`(the` / `app stopped …`). Rendered at a width
/// wide enough for nothing to wrap, every line between the overview and the
/// usage must fit in 79 columns. (The overview and usage lines are the
/// parser's own to wrap.)
@Suite struct HelpTextTests {
    static let commands = ["", "import", "sessions", "query", "export", "compare", "report", "push", "simulate",
                           "demo", "bench"]

    @Test(arguments: commands)
    func everyWrittenLineFitsEightyColumns(command: String) throws {
        let folder = try ScratchFolder()
        let result = try folder.run(command.isEmpty ? ["--help"] : [command, "--help"],
                                    environment: ["COLUMNS": "1000"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let discussion = lines.drop { !$0.hasPrefix("OVERVIEW:") }.dropFirst().prefix { !$0.hasPrefix("USAGE:") }
        #expect(discussion.count > 1, "no discussion between OVERVIEW and USAGE in: \(result.standardOutput)")
        for line in discussion {
            #expect(line.count <= 79, "gesturelab \(command) --help: \(line.count) columns: \(line)")
        }
    }
}
