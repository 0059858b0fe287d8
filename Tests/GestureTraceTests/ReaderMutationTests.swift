import Foundation
import Testing
@testable import GestureTrace

/// The fuzzing harness's invariants (`ReaderInvariants`), run in CI without
/// libFuzzer: on the seed corpus, on every input the fuzzer ever crashed on
/// (`Fuzz/regressions`), and on a few thousand seeded mutations of them and
/// of the example captures.
struct ReaderMutationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(in folder: String) -> [URL] {
        let url = repository.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { url.appendingPathComponent($0) }
    }

    /// The seed corpus and the package's example captures.
    static let seeds = files(in: "Fuzz/corpus") + files(in: "Examples")

    @Test func theSeedCorpusIsThere() {
        #expect(Self.seeds.count >= 20)
        #expect(Self.seeds.contains { $0.lastPathComponent == "edge-deferral.jsonl" })
    }

    @Test(arguments: files(in: "Fuzz/corpus") + files(in: "Fuzz/regressions"))
    func storedInputsKeepTheInvariants(_ file: URL) throws {
        let bytes = Array(try Data(contentsOf: file))
        #expect(ReaderInvariants.violations(of: bytes, in: InputFile()) == [])
    }

    /// 3,000 mutants: byte flips, truncations, insertions of tokens that
    /// matter to the reader, deletions and repeated spans, seeded so that a
    /// failure names a mutant that can be made again.
    @Test func seededMutationsOfTheCorpusKeepTheInvariants() throws {
        let seeds = try Self.seeds.map { Array(try Data(contentsOf: $0)) }
        try #require(!seeds.isEmpty)
        let input = InputFile()
        var failures = 0
        for index in 0..<3_000 {
            var random = SplitMix64(seed: UInt64(index))
            let seed = seeds[Int(random.next() % UInt64(seeds.count))]
            let mutant = Mutator.mutate(seed, rounds: 1 + Int(random.next() % 4), &random)
            let problems = ReaderInvariants.violations(of: mutant, in: input)
            if !problems.isEmpty {
                failures += 1
                Issue.record("mutant \(index): \(problems.joined(separator: "; "))\n\(String(decoding: mutant, as: UTF8.self).debugDescription)")
                if failures >= 5 { break }
            }
        }
    }

    /// The invariants catch what they claim to: a reader that loses a line
    /// would be noticed (checked against a doctored outcome, since the real
    /// reader does not).
    @Test func theCheckNoticesAnUnaccountedLine() {
        let capture = Array((TemporaryCapture.header + "\n" + TemporaryCapture.session + "\n").utf8)
        let withExtraLine = capture + Array(#"{"type":"frame","session":"s1","t":1}"#.utf8) + [0x0A]
        let input = InputFile()
        #expect(ReaderInvariants.violations(of: withExtraLine, in: input) == [])
        let lines = ExpectedLine.split(withExtraLine + [0x7B, 0x0A], maxLineBytes: 100)
        #expect(lines.count == 4 && !lines[3].isBlank)
    }
}

/// Byte-level mutations in the style of libFuzzer's, from a seeded generator.
enum Mutator {
    static let tokens: [[UInt8]] = [
        "\n", "\r\n", "\r", "\"", "\\", "\\u0000", "\\u001b[31m", "\\ud83d", "}", "{", "[", ",", ":", " ",
        "9e9", "-9e9", "4611686018.427387904", "1e999", "-0", "0.0000000015", "99999999999999999999",
        "null", "true", "\"began\"", "\"s1\"", "\"type\":\"frame\"", "\"t\":", "\"touch\":1", "é", "😀",
        "\u{2028}", "\u{85}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xEF, 0xBB, 0xBF], [0x00]]

    static func mutate(_ seed: [UInt8], rounds: Int, _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<rounds {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 6 {
            case 0 where position < bytes.count:  // flip a bit
                bytes[position] ^= 1 << UInt8(random.next() % 8)
            case 1:  // truncate
                bytes.removeSubrange(position...)
            case 2, 3:  // insert a token
                bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
            case 4 where position < bytes.count:  // delete a span
                bytes.removeSubrange(position..<min(bytes.count, position + 1 + Int(random.next() % 16)))
            default:  // repeat a span
                let end = min(bytes.count, position + Int(random.next() % 80))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return bytes
    }
}

/// SplitMix64: a tiny seeded generator, the same sequence on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ReaderMutationTests {
    /// A header padded to `length` bytes with an unknown field.
    static func header(length: Int) -> String {
        #"{"type":"header","format":"gesture-trace","version":1,"pad":""# + String(repeating: "x", count: length - 64) + #""}"#
    }

    /// Inputs at the edges of the 96-byte line limit the invariants read with.
    static let lineLimitEdges: [(name: String, bytes: [UInt8])] = [
        ("byte order mark before a line of exactly the limit", [0xEF, 0xBB, 0xBF] + Array((header(length: 96) + "\n").utf8)),
        ("byte order mark before a line one under the limit", [0xEF, 0xBB, 0xBF] + Array((header(length: 95) + "\n").utf8)),
        ("byte order mark before a line two under the limit", [0xEF, 0xBB, 0xBF] + Array((header(length: 94) + "\r\n").utf8)),
        ("byte order mark before a line one over the limit", [0xEF, 0xBB, 0xBF] + Array((header(length: 97) + "\n").utf8)),
        ("whitespace past the limit, then a record", Array((TemporaryCapture.header + "\n" + String(repeating: " ", count: 100) + "{}\n").utf8)),
        ("whitespace past the limit only", Array((TemporaryCapture.header + "\n" + String(repeating: "\t", count: 100) + "\n").utf8)),
        ("a line of the limit and a CR", Array((header(length: 96) + "\r\n" + header(length: 96) + "\r\n").utf8)),
    ]

    @Test(arguments: lineLimitEdges)
    func linesAtTheLimitKeepTheInvariants(_ name: String, _ bytes: [UInt8]) {
        #expect(ReaderInvariants.violations(of: bytes, in: InputFile()) == [])
    }
}
