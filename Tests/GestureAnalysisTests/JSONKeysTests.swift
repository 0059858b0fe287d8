import Foundation
import GRDB
import Testing
import TestScratch
@testable import GestureAnalysis

/// JSON objects name each column once, whatever names SQL gives them.
@Suite struct JSONKeysTests {
    @Test(arguments: [
        (["a", "b"], ["a", "b"]),
        (["a", "a", "a"], ["a", "a_2", "a_3"]),
        // A later column already named a_2 keeps its name; the repeat takes the next.
        (["a", "a", "a_2", "b"], ["a", "a_3", "a_2", "b"]),
        (["percentile", "percentile", "percentile"], ["percentile", "percentile_2", "percentile_3"]),
        // By bytes: é and e + U+0301 are two keys.
        (["caf\u{E9}", "cafe\u{301}"], ["caf\u{E9}", "cafe\u{301}"]),
        (["", ""], ["", "_2"]),
    ] as [([String], [String])])
    func repeatedNamesGetASuffix(columns: [String], keys: [String]) {
        let made = RowWriter.jsonKeys(for: columns)
        #expect(made.count == keys.count && zip(made, keys).allSatisfy { $0.utf8.elementsEqual($1.utf8) }, "\(made)")
    }

    /// Every value survives a JSON reader: the duplicate key lost two of three.
    @Test(arguments: [OutputFormat.json, .ndjson])
    func everyColumnReachesAJSONReader(format: OutputFormat) throws {
        let queue = try DatabaseQueue()
        let path = TestScratch.newPath("keys").path
        try queue.read { db in
            try RowWriter.write(sql: "SELECT 1 AS p, 2 AS p, 3 AS p", in: db, format: format, to: try TextOutput(path: path))
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let object = try #require(format == .json
            ? (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Int]])?.first
            : try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
        #expect(object == ["p": 1, "p_2": 2, "p_3": 3])
    }
}
