import Foundation
import Testing

/// docs/commands.md and docs/man/gesturelab.1 say what the command
/// definitions say: a help string changed without running
/// scripts/generate-docs.sh fails here.
///
/// Both document the build with the PostgreSQL trait, whose `push` and
/// `bench --postgresql` are the real ones; the default build's help differs
/// there, so these run only in that build (as CI runs them).
@Suite struct CommandReferenceTests {
    #if PostgreSQL
    static let documentedBuild = true
    #else
    static let documentedBuild = false
    #endif

    @Test(.enabled(if: documentedBuild, "the reference documents the build with --traits PostgreSQL"))
    func commandsPageIsTheHelpOfEveryCommand() throws {
        let current = CommandReference.markdown()
        // scripts/generate-docs.sh sets this to write the page instead of checking it.
        if ProcessInfo.processInfo.environment["GESTURELAB_UPDATE_COMMANDS"] == "1" {
            try Data(current.utf8).write(to: CommandReference.markdownFile)
        }
        let documented = try String(contentsOf: CommandReference.markdownFile, encoding: .utf8)
        let difference = Self.firstDifference(documented, current)
        #expect(difference == nil,
                "docs/commands.md is stale: run \(CommandReference.regenerateCommand) (\(difference ?? ""))")
    }

    @Test(.enabled(if: documentedBuild, "the man page documents the build with --traits PostgreSQL"))
    func manPageWasMadeFromTheseDefinitions() throws {
        let manual = try String(contentsOf: CommandReference.manualFile, encoding: .utf8)
        let recorded = CommandReference.recordedDigest(inManual: manual)
        #expect(recorded == CommandReference.dumpHelpDigest(),
                "docs/man/gesturelab.1 is stale: run \(CommandReference.regenerateCommand)")
    }

    /// The first line where the committed page and the generated one part,
    /// both shown; nil when they are the same.
    static func firstDifference(_ documented: String, _ current: String) -> String? {
        if documented == current { return nil }
        let old = documented.split(separator: "\n", omittingEmptySubsequences: false)
        let new = current.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        func line(_ lines: [Substring]) -> String { index < lines.count ? "\"\(lines[index])\"" : "the end" }
        return "line \(index + 1) is \(line(old)), the definitions make \(line(new))"
    }

    /// Every link into docs/commands.md from README.md and docs/ names a
    /// section the page has: an anchor the generated page lost would leave a
    /// link that opens at the top.
    @Test func linksIntoThePageLandOnASection() throws {
        let page = try String(contentsOf: CommandReference.markdownFile, encoding: .utf8)
        let docs = CommandReference.root.appending(path: "docs")
        let files = [CommandReference.root.appending(path: "README.md")]
            + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
            .filter { $0.pathExtension == "md" }
        var links = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /commands\.md#([a-z0-9-]+)/) {
                links += 1
                #expect(page.contains("\n## \(match.1)\n"),
                        "\(file.lastPathComponent) links to commands.md#\(match.1), which docs/commands.md lacks")
            }
        }
        #expect(links > 0, "no link into docs/commands.md found: is the pattern still right?")
    }
}
