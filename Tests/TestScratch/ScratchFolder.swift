import Foundation

/// A fresh folder in the test process's scratch folder (``TestScratch``),
/// with the few file helpers every test target wanted: one type for all of
/// them, so none keeps its own copy.
///
///     let folder = try ScratchFolder()
///     let capture = try folder.write("small.jsonl", text)
///     let database = try GestureDatabase(path: folder.path("lab.sqlite"))
package struct ScratchFolder: Sendable {
    package let url: URL

    /// - Parameter name: the start of the folder's name, which tells a
    ///   leftover folder's test apart when one is looked at.
    package init(_ name: String = "gesturelab-test") throws {
        url = try TestScratch.newFolder(name)
    }

    /// The path of `name` in the folder; nothing is created.
    package func path(_ name: String) -> String { url.appending(path: name).path }

    /// Writes `text` as UTF-8 to a file in the folder and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to a file in the folder and returns its path.
    @discardableResult
    package func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
