import Testing
@testable import GestureTrace

struct ByteStringTableTests {
    private func intern(_ bytes: [UInt8], in table: inout ByteStringTable) -> String {
        bytes.withUnsafeBufferPointer { table.intern($0) }
    }

    /// Names that differ only past the first eight bytes, in the bytes of
    /// a partial last word, or by trailing zero bytes (which a word-wise
    /// hash must still tell apart) each keep their own entry.
    @Test func namesDifferingInAnyByteOrLengthStayApart() {
        var table = ByteStringTable()
        let names: [[UInt8]] = [
            [], [0], [0, 0], Array("abcdefgh".utf8), Array("abcdefgh".utf8) + [0], Array("abcdefgi".utf8),
            Array("abcdefghi".utf8), Array("abcdefghj".utf8), Array("CanvasViewController.pan".utf8),
            Array("CanvasViewController.pam".utf8), Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8),
            Array("\\\"quoted\\\"".utf8),
        ]
        let first = names.map { intern($0, in: &table) }
        #expect(table.count == names.count)
        let again = names.map { intern($0, in: &table) }
        #expect(table.count == names.count)
        #expect(again == first)
        #expect(first.map { Array($0.utf8) } == names)
    }

    /// The hash depends on every byte: flipping any one bit of a 20-byte
    /// name changes it (and so cannot alias an entry by construction).
    @Test func everyBitOfTheNameChangesTheHash() {
        let name = Array("UIButton.touchUpIn!!".utf8)
        let hash = name.withUnsafeBufferPointer { ByteStringTable.hash($0) }
        for index in name.indices {
            for bit in 0..<8 {
                var flipped = name
                flipped[index] ^= 1 << bit
                #expect(flipped.withUnsafeBufferPointer { ByteStringTable.hash($0) } != hash)
            }
        }
    }

    @Test func aFullTableHandsOutUnsharedStrings() {
        var table = ByteStringTable(limit: 2)
        _ = intern(Array("a".utf8), in: &table)
        _ = intern(Array("b".utf8), in: &table)
        #expect(intern(Array("c".utf8), in: &table) == "c")
        #expect(table.count == 2)
    }
}
