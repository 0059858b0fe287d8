import Foundation
@testable import GestureTrace

/// A capture written to its own temporary directory, removed when released.
final class TemporaryCapture {
    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#
    static let session = #"{"type":"session","session":"s1","experiment":"exp","variant":"a"}"#

    let directory: URL
    let path: String

    init(bytes: [UInt8], name: String = "capture.jsonl") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("GestureTraceTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    convenience init(_ text: String) throws {
        try self.init(bytes: Array(text.utf8))
    }

    /// Lines joined with LF, with a final LF.
    convenience init(lines: [String]) throws {
        try self.init(lines.map { $0 + "\n" }.joined())
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func reader(_ options: TraceReader.Options = .init()) throws(TraceError) -> TraceReader {
        try TraceReader(path: path, options: options)
    }

    /// Every item of the capture, in the order the reader gives them.
    func items(_ options: TraceReader.Options = .init()) throws(TraceError) -> [TraceReader.Item] {
        try Self.read(path: path, options)
    }

    /// Every item of the capture at `path`.
    static func read(path: String, _ options: TraceReader.Options = .init()) throws(TraceError) -> [TraceReader.Item] {
        var reader = try TraceReader(path: path, options: options)
        var items: [TraceReader.Item] = []
        while let item = try reader.next() {
            items.append(item)
        }
        return items
    }

    /// The accepted records with their lines (strict mode).
    func records() throws(TraceError) -> [(record: TraceRecord, line: Int)] {
        try items().map { item in
            guard case .record(let record, let line) = item else { fatalError("strict mode yields only records") }
            return (record, line)
        }
    }

    /// The error strict reading throws, or nil when the capture is accepted.
    func strictError(_ options: TraceReader.Options = .init()) -> TraceError? {
        do {
            _ = try items(options)
            return nil
        } catch {
            return error
        }
    }
}

extension TraceReader.Item {
    var record: TraceRecord? {
        if case .record(let record, _) = self { return record }
        return nil
    }

    var line: Int {
        switch self {
        case .record(_, let line): line
        case .rejected(let rejection): rejection.error.line
        }
    }

    var rejection: TraceReader.TraceRejection? {
        if case .rejected(let rejection) = self { return rejection }
        return nil
    }
}
