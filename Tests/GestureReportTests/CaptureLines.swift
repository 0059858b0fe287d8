import Foundation
import GestureAnalysis
import GestureStore

/// A store made from capture lines written out by a test, with the SQL
/// percentile functions the report reads through.
enum CaptureLines {
    /// Writes `lines` to `<name>.jsonl` in `folder`, imports it into
    /// `<name>.sqlite` beside it and returns that store.
    static func store(_ lines: [String], named name: String, in folder: URL) throws -> GestureDatabase {
        let capture = folder.appending(path: "\(name).jsonl").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: capture))
        let database = try GestureDatabase(path: folder.appending(path: "\(name).sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        _ = try CaptureImporter(database: database).importCapture(path: capture)
        return database
    }
}
