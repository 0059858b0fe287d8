import Foundation
import Testing
@testable import GestureAnalysis

/// The same captures give the same intervals for a seed whatever order
/// they were imported in: a group lists its sessions by their capture's
/// SHA-256 and their line, not by the ids the import order gave them.
@Suite struct SessionOrderTests {
    /// Three captures of two sessions a mode each, 24 touches a session
    /// (enough for a p99 interval), latencies apart by capture.
    private static let captures: [String] = (0..<3).map { capture in
        let base = Double(10 * (capture + 1))
        func latencies(_ offset: Double) -> [Double] { (0..<24).map { base + offset + Double(($0 * 7) % 24) * 0.75 } }
        return ComparisonCapture.groups([(mode: "a", latencies: latencies(0)), (mode: "a", latencies: latencies(3)),
                                         (mode: "b", latencies: latencies(1)), (mode: "b", latencies: latencies(6))])
    }

    private func intervals(importing order: [Int]) throws -> [String] {
        let fixture = try AnalysisFixture(captures: [])
        for index in order { try fixture.importCapture(text: Self.captures[index], name: "c\(index).jsonl") }
        let request = Comparer.Request(selection: ComparisonSelection(by: "mode"), a: "a", b: "b")
        let run = try fixture.database.connection.read { try Comparer.run(request, in: $0) }
        let comparison = try #require(run.comparisons.first)
        #expect(comparison.a.sessions == 6 && comparison.b.sessions == 6)
        return comparison.deltas.map { delta in
            let interval = try? delta.interval.get()
            return "p\(delta.percent): \(interval.map { "[\($0.low), \($0.high)]" } ?? "none")"
        }
    }

    @Test func importOrderDoesNotMoveTheIntervals() throws {
        let inOrder = try intervals(importing: [0, 1, 2])
        #expect(inOrder.allSatisfy { !$0.hasSuffix("none") }, "\(inOrder)")
        #expect(try intervals(importing: [2, 0, 1]) == inOrder)
        #expect(try intervals(importing: [1, 2, 0]) == inOrder)
    }
}
