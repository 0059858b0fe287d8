import Foundation
import Testing
@testable import GestureStore
import TestScratch

/// The CPU each of an import's threads used, as the summary reports it for
/// `bench`: every thread that ran is counted, none that did not, and none
/// more than the import's own wall time (each is one thread's clock, not
/// the process's).
@Suite struct ImportThreadCPUTests {
    /// Taps of two sessions, one of each in turn: a touch-down, a delivery
    /// and a lift each, every record of a session later than the one before.
    static func taps(_ count: Int) -> [String] {
        (0..<count).flatMap { tap -> [String] in
            let (session, touch, t) = (tap % 2 == 0 ? "a" : "b", tap / 2 + 1, 10 + Double(tap / 2) * 0.05)
            return [
                #"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"began","t":\#(t),"x":10,"y":20}"#,
                #"{"type":"delivery","session":"\#(session)","target":"record button","event":"touchDown","via":"control-event","t":\#(t + 0.01),"touch":\#(touch)}"#,
                #"{"type":"touch","session":"\#(session)","touch":\#(touch),"phase":"ended","t":\#(t + 0.02),"x":10,"y":20}"#,
            ]
        }
    }

    static func capture(_ records: [String]) -> String {
        ([#"{"type":"header","format":"gesture-trace","version":1}"#,
          #"{"type":"session","session":"a","experiment":"cpu","variant":"a"}"#,
          #"{"type":"session","session":"b","experiment":"cpu","variant":"b"}"#] + records)
            .joined(separator: "\n") + "\n"
    }

    private func imported(_ text: String, liveSessions: Int? = nil) throws -> ImportSummary {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("cpu.sqlite"))
        var importer = CaptureImporter(database: database)
        if let liveSessions { importer.streamingLimits.liveSessions = liveSessions }
        return try importer.importCapture(path: try folder.write("cpu.jsonl", text))
    }

    /// The clocks count in nanoseconds; a thread's CPU can round up past a
    /// wall time read a moment before by no more than this.
    private static let clockSlack = 0.001

    @Test func anImportInTimeOrderCountsItsTwoThreads() throws {
        let summary = try imported(Self.capture(Self.taps(3_000)))
        #expect(summary.derivation == .whileReading)
        let cpu = summary.cpuSeconds
        #expect(cpu.reading > 0)
        #expect(cpu.inserting > 0)
        #expect(cpu.replaying == 0)
        #expect(cpu.reading <= summary.seconds + Self.clockSlack)
        #expect(cpu.inserting <= summary.seconds + Self.clockSlack)
        #expect(cpu.total == cpu.inserting + cpu.reading)
    }

    /// Two sessions taking turns where the reading pass may keep one: it
    /// gives up, and the replay's deriving thread runs too.
    @Test func aReplayCountsItsDerivingThread() throws {
        let summary = try imported(Self.capture(Self.taps(3_000)), liveSessions: 1)
        guard case .replayedInTimeOrder = summary.derivation else {
            Issue.record("expected a replay, got \(summary.derivation)")
            return
        }
        let cpu = summary.cpuSeconds
        #expect(cpu.reading > 0)
        #expect(cpu.inserting > 0)
        #expect(cpu.replaying > 0)
        #expect(cpu.replaying <= summary.seconds + Self.clockSlack)
        #expect(cpu.total == cpu.inserting + cpu.reading + cpu.replaying)
    }
}
