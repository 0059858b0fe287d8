import Foundation
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// The digest is SHA-256 of the bytes in the order given, however they are
/// cut into chunks and whichever thread hashes them.
@Suite struct CaptureDigestTests {
    /// FIPS 180-2's examples: "abc", and one million "a".
    private static let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    private static let millionA = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

    private static func feed(_ bytes: [UInt8], to digest: CaptureDigest, chunk: Int) {
        var start = 0
        bytes.withUnsafeBytes { all in
            while start < all.count {
                let end = min(start + chunk, all.count)
                digest.update(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    @Test func abcIsTheStandardDigest() {
        let digest = CaptureDigest()
        Self.feed(Array("abc".utf8), to: digest, chunk: 1)
        #expect(digest.hex == Self.abc)
        #expect(digest.byteCount == 3)
    }

    @Test(arguments: [(1, 1), (7, 1), (4_096, 1), (65_537, 3), (1 << 20, 1), (1_000_000, 2)])
    func aMillionAInChunks(chunk: Int, keptChunks: Int) {
        let digest = CaptureDigest(keptChunks: keptChunks)
        Self.feed(Array(repeating: UInt8(ascii: "a"), count: 1_000_000), to: digest, chunk: chunk)
        #expect(digest.hex == Self.millionA)
        #expect(digest.byteCount == 1_000_000)
    }

    /// Another thread hashes kept chunks while they are given, as a waiting
    /// import thread does: the digest is the same as the one-shot hash.
    @Test func chunksHashedByAnotherThreadKeepTheirOrder() {
        let bytes = (0..<3_000_000).map { UInt8($0 % 251) }
        // python3: hashlib.sha256(bytes(i % 251 for i in range(3_000_000))).hexdigest()
        let expected = "4d3870d4655ed773027a713ea136507d22e076248e0e9cc920a996039653b76f"
        let digest = CaptureDigest(keptChunks: 2)
        let done = Flag()
        let helper = Thread {
            while !done.isSet { digest.hashPending() }
        }
        helper.start()
        Self.feed(bytes, to: digest, chunk: 12_345)
        done.set()
        #expect(digest.hex == expected)
        #expect(digest.byteCount == 3_000_000)
    }

    @Test func bytesGivenAfterReadingTheDigestStillCount() {
        let digest = CaptureDigest()
        Self.feed(Array("ab".utf8), to: digest, chunk: 2)
        // printf ab | sha256sum
        #expect(digest.hex == "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603")
        Self.feed(Array("c".utf8), to: digest, chunk: 1)
        #expect(digest.hex == Self.abc)
        #expect(!digest.hasPending)
    }

    /// An import reads a capture of several chunks on one thread while the
    /// other hashes when it waits: the stored digest is the file's.
    @Test func anImportOfManyChunksStoresTheFilesDigest() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        var lines = [#"{"type":"header","format":"gesture-trace","version":1}"#,
                     #"{"type":"session","session":"a","experiment":"e","variant":"v"}"#]
        for index in 0..<60_000 {
            lines.append(#"{"type":"frame","session":"a","t":"# + "\(index / 1000)." + String(format: "%03d", index % 1000) + "}")
        }
        let path = try folder.write("large.jsonl", lines.joined(separator: "\n") + "\n")

        let summary = try CaptureImporter(database: database).importCapture(path: path)

        // python3: the same lines joined, then hashlib.sha256(text.encode()).hexdigest()
        #expect(summary.sha256 == "744648b5ee9e0d718b2c4692248f40a2d9c16f1ee81f18ad4d2954ce3949142a")
        #expect(summary.byteCount == 2_510_119, "three reads of 1 MiB")
        #expect(summary.recordCounts["frame"] == 60_000)
        let stored = try database.connection.read { try String.fetchOne($0, sql: "SELECT sha256 FROM capture") }
        #expect(stored == summary.sha256)
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
