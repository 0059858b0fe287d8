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

    /// A copy of the capture at `path`, in this folder, with its header and
    /// session lines first and every other line in a seeded random order
    /// (Fisher–Yates with an LCG): a capture the reading pass gives up on.
    package func shuffledCopy(of path: String, seed: UInt64 = 5) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let declares = { (line: Substring) in line.contains(#""type":"header""#) || line.contains(#""type":"session""#) }
        var records = lines.filter { !declares($0) }
        var state = seed
        for index in stride(from: records.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            records.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
        }
        return try write("shuffled-" + (path as NSString).lastPathComponent,
                         (lines.filter(declares) + records).joined(separator: "\n") + "\n")
    }
}
