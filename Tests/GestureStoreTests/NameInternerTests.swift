import Foundation
import GRDB
import Testing
@testable import GestureStore

/// The import's names: one key a text, whatever buffer the bytes come from,
/// with more distinct names than the interner's recent-name slots so that
/// slots are shared and overwritten.
@Suite struct NameInternerTests {
    private func database(storing names: [(Int64, String)]) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE name (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT")
            for (id, text) in names {
                try db.execute(sql: "INSERT INTO name (id, text) VALUES (?, ?)", arguments: [id, text])
            }
        }
        return queue
    }

    /// Looks `text` up from a fresh copy of its bytes, so no lookup can
    /// succeed by comparing addresses.
    private func key(of text: String, in names: NameInterner) -> Int64 {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { names.key($0) }
    }

    @Test func everyTextKeepsOneKeyAcrossRepeatsAndSharedSlots() throws {
        // Stored names keep their ids; new ones follow the largest id (40).
        let queue = try database(storing: [(3, "began"), (40, "touchUpInside"), (7, "")])
        // 5,000 texts for 1,024 slots; lengths 0 to 40, so some differ only
        // in their tail past the last full word, and pairs share a prefix.
        var texts = ["began", "touchUpInside", "", "é", "began ", "Began"]
        for index in 0..<4_994 {
            texts.append(String(repeating: "x", count: index % 33) + "name \(index)")
        }
        var generator = SystemRandomNumberGenerator()
        let order = (0..<5).flatMap { _ in texts.indices.shuffled(using: &generator) }

        let (keys, stored) = try queue.write { db in
            let names = try NameInterner(db)
            var keys: [String: Int64] = [:]
            for index in order {
                let text = texts[index]
                let key = self.key(of: text, in: names)
                if let earlier = keys[text] {
                    #expect(key == earlier, "\(text.debugDescription) changed key")
                } else {
                    keys[text] = key
                }
            }
            try names.flush(db)
            let stored = try Row.fetchAll(db, sql: "SELECT id, text FROM name ORDER BY id")
                .map { (id: $0[0] as Int64, text: $0[1] as String) }
            return (keys, stored)
        }

        #expect(keys["began"] == 3)
        #expect(keys["touchUpInside"] == 40)
        #expect(keys[""] == 7)
        // New texts got 41, 42, … in the order they were first met, each once.
        let newKeys = keys.filter { ![3, 40, 7].contains($0.value) }.map(\.value).sorted()
        #expect(newKeys == Array(41..<Int64(41 + texts.count - 3)))
        #expect(stored.count == texts.count)
        #expect(Dictionary(uniqueKeysWithValues: stored.map { ($0.text, $0.id) }) == keys)
    }

    @Test func literalsShareTheKeysOfTheSameBytes() throws {
        let queue = try database(storing: [(1, "moved")])
        try queue.write { db in
            let names = try NameInterner(db)
            #expect(names.key("moved" as StaticString) == 1)
            let ended = names.key("ended" as StaticString)
            #expect(ended == 2)
            #expect(self.key(of: "ended", in: names) == 2)
            #expect(names.key("ended" as StaticString) == 2)
        }
    }
}
