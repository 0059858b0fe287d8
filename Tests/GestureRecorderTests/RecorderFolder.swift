import Foundation
import TestScratch

/// A fresh folder in the test process's scratch folder.
struct RecorderFolder {
    let url: URL

    init() throws {
        url = try TestScratch.newFolder("gesturelab-recorder")
    }

    /// The capture files in the folder, sorted by name.
    func captures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
