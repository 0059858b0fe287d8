import Foundation
import GestureTrace

/// The `--rejects` file: one refused line per line, as
/// `FILE:LINE: reason`, a tab, then the line's own bytes.
///
/// Keeping the original bytes lets a user fix and re-import just these lines.
package final class RejectsFile {
    private let handle: FileHandle
    package let path: String

    package init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw StoreError("cannot write rejects file \(TerminalText.escaped(path))")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw StoreError("cannot write rejects file \(TerminalText.escaped(path))")
        }
        self.handle = handle
        self.path = path
    }

    package func write(_ rejection: TraceReader.TraceRejection) throws {
        var line = Data("\(rejection.error)\t".utf8)
        line.append(contentsOf: rejection.text)
        line.append(0x0A)
        do {
            try handle.write(contentsOf: line)
        } catch {
            throw StoreError("cannot write rejects file \(TerminalText.escaped(path)): \(error.localizedDescription)")
        }
    }

    package func close() throws {
        try handle.close()
    }
}
