import Foundation
import GRDB
import GestureStore
import GestureTrace
import SetWiseReference
import TestScratch
import Testing
@testable import GestureWorkflows

/// `gesturelab bench --order`: the capture's lines rearranged as promised,
/// and each rearrangement of a recorder-shaped capture imported to the
/// relations the SQL reference derives from the same file.
@Suite struct CaptureOrderTests {
    private static let lines = [
        #"{"type":"header","format":"gesture-trace","version":1}"#,
        #"{"type":"session","session":"a","experiment":"e","variant":"v"}"#,
        #"{"type":"touch","session":"a","touch":1,"phase":"began","t":1,"x":1,"y":1}"#,
        #"{"type":"frame","session":"a","t":1.5}"#,
        #"{"type":"session","session":"b","experiment":"e","variant":"w"}"#,
        #"{"type":"delivery","session":"a","target":"btn","event":"touchDown","via":"control-event","t":2}"#,
        #"{"type":"touch","session":"b","touch":1,"phase":"began","t":3,"x":1,"y":1}"#,
        #"{"type":"frame","session":"b","t":3.5}"#,
    ]

    private func rearranged(_ order: CaptureOrder, seed: UInt64 = 1) throws -> [String] {
        let path = TestScratch.newPath("capture-order").path + ".jsonl"
        try (Self.lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try order.rearrange(path: path, seed: seed)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func declarationsStayFirstAndRecordsAreRearranged() throws {
        let declarations = [Self.lines[0], Self.lines[1], Self.lines[4]]
        let records = [Self.lines[2], Self.lines[3], Self.lines[5], Self.lines[6], Self.lines[7]]
        #expect(try rearranged(.asWritten) == Self.lines)
        #expect(try rearranged(.reversed) == declarations + records.reversed())
        #expect(try rearranged(.byType) == declarations + [records[2], records[1], records[4], records[0], records[3]])
        let shuffled = try rearranged(.shuffled)
        #expect(Array(shuffled.prefix(3)) == declarations)
        #expect(shuffled.dropFirst(3).sorted() == records.sorted())
        #expect(try rearranged(.shuffled) == shuffled, "the same seed gives the same order")
    }

    /// Pans and button taps as a recorder writes them (the taps with
    /// targets, so outcomes and false starts too), shuffled, reversed and by
    /// type: the reading pass gives up on each, the stored records are read
    /// back in time order, and every derived relation is the SQL reference's.
    @Test(arguments: [BenchmarkMix.panRecorded, .controlsRecorded], [CaptureOrder.shuffled, .reversed, .byType])
    func everyOrderDerivesTheReferenceRows(_ mix: BenchmarkMix, _ order: CaptureOrder) throws {
        let folder = TestScratch.newPath("capture-order-import").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let capture = (folder as NSString).appendingPathComponent("capture.jsonl")
        var writer = try TraceWriter(path: capture, header: TraceHeader(recorder: "test"))
        for record in mix.records(seed: 4, approximateRecords: 8_000) { try writer.write(record) }
        try writer.close()
        try order.rearrange(path: capture, seed: 9)

        func imported(_ derivation: Deriver) throws -> (GestureDatabase, ImportSummary) {
            let database = try GestureDatabase(path: (folder as NSString).appendingPathComponent("\(derivation).sqlite"))
            let summary = try CaptureImporter(database: database).importCapture(path: capture)
            try derivation.derive(database)
            return (database, summary)
        }
        let (replayed, summary) = try imported(.importer)
        let (setWise, _) = try imported(.setWise)
        guard case .replayedInTimeOrder = summary.derivation else {
            Issue.record("derived \(summary.derivationNote)")
            return
        }
        // Every column, in any order of rows.
        let expected = try DerivedRows.of(setWise), actual = try DerivedRows.of(replayed)
        for relation in DerivedRows.relations {
            #expect(actual[relation] == expected[relation], "\(relation)")
        }
        let compared = expected.values.map(\.count).reduce(0, +)
        let outcomes = try setWise.connection.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM outcomes") } ?? 0
        #expect(compared > 1_000)
        #expect((outcomes > 0) == (mix == .controlsRecorded))
    }
}
