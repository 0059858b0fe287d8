import Foundation
import GRDB
import Testing
@testable import GestureAnalysis

/// Names from captures as `compare` meets them: told apart by their bytes,
/// as the store tells them apart, and escaped wherever a table or an error
/// prints them for a terminal.
@Suite struct ComparisonNamesTests {
    static let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"

    private func run(_ capture: String, _ request: Comparer.Request) throws -> Comparer.Run {
        try ComparerTests.run(capture, request)
    }

    /// `é` precomposed and `e` + U+0301 are one String to Swift and two
    /// values to the store: two groups, whether compare lists them or the
    /// user names them (this crashed, and `--a`/`--b` called them one).
    @Test func canonicallyEquivalentValuesAreTwoGroups() throws {
        let capture = ComparisonCapture.groups([(Self.precomposed, ComparerTests.slowerA),
                                                (Self.decomposed, ComparerTests.slowerB)])
        let listed = try run(capture, .init(selection: ComparisonSelection(by: "mode")))
        #expect(listed.comparisons.count == 1)
        // Listed by their bytes: "e" (0x65) before "é" (0xC3 0xA9), so the decomposed spelling is A.
        let comparison = try #require(listed.comparisons.first)
        #expect(comparison.a.label.utf8.elementsEqual(Self.decomposed.utf8))
        #expect((comparison.a.n, comparison.b.n) == (12, 10))

        let named = try run(capture, .init(selection: ComparisonSelection(by: "mode"), a: Self.precomposed,
                                           b: Self.decomposed))
        let pair = try #require(named.comparisons.first)
        #expect(pair.a.label.utf8.elementsEqual(Self.precomposed.utf8))
        #expect((pair.a.n, pair.b.n) == (10, 12))
        // scipy.stats.mannwhitneyu(slowerA, slowerB, method="asymptotic").statistic
        #expect(try pair.mannWhitney.get().u == 7.5)
    }

    /// The report reuses a comparison only for the very selection it
    /// answers: selections differing by a name's bytes are different.
    @Test func selectionsDifferingOnlyInBytesAreDifferent() {
        let first = ComparisonSelection(by: "via", experiment: "e", variant: Self.precomposed)
        #expect(first != ComparisonSelection(by: "via", experiment: "e", variant: Self.decomposed))
        #expect(first == ComparisonSelection(by: "via", experiment: "e", variant: "caf\u{E9}"))
    }

    /// The text table holds no control character a capture put in a name:
    /// each is escaped as `TerminalText` writes it. JSON keeps the names.
    @Test func theTableEscapesNamesFromCaptures() throws {
        let off = "off\u{1B}[2J", on = "on\rOVERWRITE\u{202E}"
        let capture = ComparisonCapture.groups([(off, ComparerTests.slowerA), (on, ComparerTests.slowerB)])
        let result = try run(capture, .init(selection: ComparisonSelection(by: "mode")))
        let table = ComparisonReport.table(result)
        let controls = table.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x202E }
        #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
        #expect(table.contains("A: off\\u001B[2J"))
        #expect(table.contains("B: on\\rOVERWRITE\\u202E"))
        #expect(table.hasPrefix("response latency by mode: A = off\\u001B[2J (the baseline), B = on\\rOVERWRITE\\u202E"), "\(table)")
        #expect(ComparisonReport.json(result).contains("off\\u001b[2J") || ComparisonReport.json(result).contains("off\\u001B[2J"))
    }

    /// A refusal quotes the names it lists on one line, escaped.
    @Test func errorsEscapeTheValuesTheyList() throws {
        let capture = ComparisonCapture.groups([("off\u{1B}[5m", ComparerTests.slowerA), ("on\nx", ComparerTests.slowerB)])
        do {
            _ = try run(capture, .init(selection: ComparisonSelection(by: "mode"), a: "nope", b: "on\nx"))
            Issue.record("a group that does not exist was compared")
        } catch let error as QueryError {
            #expect(!error.message.contains("\n") && !error.message.contains("\u{1B}"), "\(error.message)")
            #expect(error.message.contains("values found: off\\u001B[5m, on\\nx"), "\(error.message)")
        }
    }
}
