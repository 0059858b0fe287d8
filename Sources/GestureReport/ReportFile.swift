import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a report whole or not at all: into a temporary file beside the
/// destination, renamed over it once complete.
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
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            // rename(2) replaces the destination in one step: a reader sees the old page or the new one.
            guard rename(temporary.path, url.path) == 0 else {
                throw ReportError(String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ReportError("cannot write \(path): \(error.localizedDescription); nothing was written")
        }
    }
}
