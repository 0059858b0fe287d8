import Foundation
import GestureAnalysis

/// Writes a report whole or not at all: into a temporary file beside the
/// destination, renamed over it once complete (`TextOutput.replacing`,
/// which writes a device or a pipe such as `/dev/null` in place and
/// follows a symbolic link to the file it names).
///
///     try ReportFile.write(html, to: "out/report.html")
package enum ReportFile {
    /// Refuses a destination whose folder is missing, before any work is spent on the page.
    ///
    /// - Throws: `ReportError` naming the path and the folder.
    package static func checkFolder(of path: String) throws {
        let named = (path as NSString).deletingLastPathComponent
        let folder = named.isEmpty ? "." : named
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError("cannot write \(path): the folder \(folder) does not exist; nothing was written")
        }
    }

    /// - Throws: `ReportError` naming the path when its folder is missing or not writable.
    package static func write(_ text: String, to path: String) throws {
        try checkFolder(of: path)
        do {
            let output = try TextOutput.replacing(path: path)
            try output.write(text)
            try output.commit()
        } catch let error as OutputError {
            throw ReportError("\(error.message); nothing was written")
        }
    }
}
