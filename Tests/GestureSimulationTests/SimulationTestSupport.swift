import Foundation
import TestScratch
import Testing
import GRDB
import GestureAnalysis
import GestureStore
import GestureTrace
@testable import GestureSimulation

/// The options the phenomenon tests use: small enough to import quickly in
/// a debug build, large enough for stable medians (about 240 touches per experiment).
let testOptions = SimulationOptions(seed: 11, sessionsPerVariant: 3, touchesPerSession: 40)

/// Every record of a capture file, read by the strict reader (throws on the
/// first invalid line).
func readStrictly(_ path: String) throws -> [TraceRecord] {
    var reader = try TraceReader(path: path)
    var records: [TraceRecord] = []
    while let item = try reader.next() {
        guard case .record(let record, _) = item else {
            Issue.record("strict reader returned a rejection")
            continue
        }
        records.append(record)
    }
    return records
}

/// A simulated capture written to disk and imported into a fresh database
/// with the percentile functions registered.
struct ImportedCapture: Sendable {
    let path: String
    let database: GestureDatabase
    let summary: ImportSummary

    init(experiment: SimulatedExperiment, options: SimulationOptions = testOptions) throws {
        let folder = try ScratchFolder()
        path = folder.path("\(experiment.rawValue).jsonl")
        try Simulator(options: options).writeCapture(path: path, experiment: experiment)
        database = try GestureDatabase(path: folder.path("lab.sqlite"), prepareConnection: PercentileFunctions.register)
        summary = try CaptureImporter(database: database).importCapture(path: path)
    }

    /// The first column of the first row, as a number (nil for NULL or no row).
    func number(_ sql: String) throws -> Double? {
        try database.connection.read { db in try Double.fetchOne(db, sql: sql) }
    }

    /// The first column of every row, as numbers.
    func numbers(_ sql: String) throws -> [Double] {
        try database.connection.read { db in try Double.fetchAll(db, sql: sql) }
    }

    func strings(_ sql: String) throws -> [String] {
        try database.connection.read { db in try String.fetchAll(db, sql: sql) }
    }
}

/// Each experiment's capture, imported once and shared by the tests that
/// only read it.
enum SharedCaptures {
    static let edgeDeferral = Result { try ImportedCapture(experiment: .edgeDeferral) }
    static let deliveryChannel = Result { try ImportedCapture(experiment: .deliveryChannel) }
    static let contentTouches = Result { try ImportedCapture(experiment: .contentTouches) }
    static let hitArea = Result { try ImportedCapture(experiment: .hitArea) }
    static let touchDelay = Result { try ImportedCapture(experiment: .touchDelay) }
}

/// The median of `values` (linear interpolation, like SQL `median`).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    precondition(!sorted.isEmpty, "median of nothing")
    let position = Double(sorted.count - 1) / 2
    let low = Int(position.rounded(.down)), high = Int(position.rounded(.up))
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
}
