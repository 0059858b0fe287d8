import Foundation
import SeededRandom

/// The order `gesturelab bench` leaves its capture's records in: as the mix
/// writes them, or rearranged, to time imports of captures out of time order.
///
/// A recorder writes in time order but for a few records (which the reading
/// pass puts back); a capture merged from several files, sorted by a tool or
/// written by hand may be in any order. The importer then reads the stored
/// records back in time order to derive them, and these orders measure what
/// that costs:
///
///     gesturelab bench --mix pan-recorded --order shuffled --import-only
package enum CaptureOrder: String, CaseIterable, Sendable {
    /// As the mix writes them: in time order, or nearly, as a recorder does.
    case asWritten = "as-written"
    /// Every record line in a random order (from `--seed`).
    case shuffled
    /// The record lines last to first.
    case reversed
    /// The record lines grouped by type (`delivery`, `frame`, `target`,
    /// `touch`, `transition`), each group in the order written.
    case byType = "by-type"

    package var summary: String {
        switch self {
        case .asWritten: "as the mix writes them"
        case .shuffled: "every record line shuffled"
        case .reversed: "record lines last to first"
        case .byType: "record lines grouped by type"
        }
    }

    /// Rewrites the capture at `path` in this order. The header and the
    /// session lines stay first, in their order: the format declares a
    /// session before its records. Holds the capture's lines in memory (a
    /// benchmark's tool, not the import's path), about the file's size.
    package func rearrange(path: String, seed: UInt64) throws {
        guard self != .asWritten else { return }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var declarations: [Range<Int>] = []
        var records: [Range<Int>] = []
        bytes.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? buffer.count
                let line = start..<end
                if Self.type(of: buffer[line]).map({ $0 == "header" || $0 == "session" }) ?? true {
                    declarations.append(line)
                } else {
                    records.append(line)
                }
                start = end
            }
        }
        switch self {
        case .asWritten:
            break
        case .shuffled:
            var generator = SeededGenerator(seed: seed)
            records.shuffle(using: &generator)
        case .reversed:
            records.reverse()
        case .byType:
            let types = bytes.withUnsafeBytes { buffer in records.map { Self.type(of: buffer[$0]) ?? "" } }
            records = zip(types, records).enumerated()
                .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map(\.element.1)
        }
        var rearranged = Data(capacity: bytes.count)
        for line in declarations + records { rearranged.append(bytes[line]) }
        try rearranged.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The `type` of a line the benchmark wrote, whose first member it is
    /// (`{"type":"delivery",…`); nil for anything else.
    private static func type(of line: Slice<UnsafeRawBufferPointer>) -> String? {
        let prefix = Array(#"{"type":""#.utf8)
        guard line.count > prefix.count, line.starts(with: prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let close = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: rest[..<close], as: UTF8.self)
    }
}
