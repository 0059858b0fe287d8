import Foundation
import Testing
@testable import GestureAnalysis

@Suite struct TextOutputTests {
    /// Each power of ten and its neighbour below, where the digit count
    /// changes, and both ends of Int64.
    static let decimals: [Int64] = [0, 1, 9, 10, 99, 100, -1, -9, -10, 999_999_999_999_999_999,
                                    1_000_000_000_000_000_000, .max, .min, .min + 1, 1_563_934_122_001]

    @Test(arguments: decimals)
    func decimalIsWhatStringWrites(_ value: Int64) throws {
        #expect(try written { try $0.write(decimal: value) } == String(value))
    }

    /// 20,000 numbers of up to 20 bytes cross the 64 KiB buffer many times,
    /// at every offset a number can start at.
    @Test func decimalsAcrossBufferFlushes() throws {
        let values = (0..<20_000).map { Int64.min / Int64($0 % 97 + 1) + Int64($0) }
        let text = try written { output in
            for value in values {
                try output.write(decimal: value)
                try output.write(byte: UInt8(ascii: " "))
            }
        }
        #expect(text == values.map { String($0) + " " }.joined())
    }

    private func written(_ body: (TextOutput) throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appending(path: "text-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let output = try TextOutput(path: path)
            try body(output)
            try output.flush()
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
