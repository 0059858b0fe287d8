import Foundation
import TestScratch

/// What the recorder's tests read back from a folder the recorder wrote to.
extension ScratchFolder {
    /// A fresh folder for a recording, named so a leftover one is recognised.
    static func forRecording() throws -> ScratchFolder { try ScratchFolder("gesturelab-recorder") }

    /// The capture files in the folder, sorted by name.
    func captures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A capture's lines, the empty one after the last line end included.
    static func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
