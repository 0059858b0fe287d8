import Foundation
import TestScratch
import GRDB
import GestureAnalysis
import GestureStore

/// A store in a fresh temporary folder, with the percentile functions.
struct AnalysisFixture {
    let folder: URL
    let database: GestureDatabase

    init(captures: [String] = ["derived-latencies.jsonl"]) throws {
        folder = try TestScratch.newFolder("gesturelab-analysis")
        database = try GestureDatabase(path: folder.appending(path: "lab.sqlite").path,
                                       prepareConnection: PercentileFunctions.register)
        for capture in captures {
            _ = try CaptureImporter(database: database).importCapture(path: Self.fixture(capture))
        }
    }

    func importCapture(text: String, name: String) throws {
        let path = folder.appending(path: name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        _ = try CaptureImporter(database: database).importCapture(path: path)
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/\(name)").path
    }

    /// Every row of `sql` as text cells: reals to 6 decimals, NULL as `NULL`,
    /// so expected rows read as a table.
    func rows(_ sql: String, arguments: StatementArguments = []) throws -> [[String]] {
        try database.connection.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                row.databaseValues.map { value in
                    switch value.storage {
                    case .null: "NULL"
                    case .int64(let integer): String(integer)
                    case .double(let double): String(format: "%.6f", double)
                    case .string(let string): string
                    case .blob: "<blob>"
                    }
                }
            }
        }
    }
}
