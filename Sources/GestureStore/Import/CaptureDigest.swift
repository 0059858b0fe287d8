import Crypto

/// A capture's identity, computed on the way: SHA-256 of every byte read,
/// and how many there were.
///
/// A class, because the reader updates it from its own thread through its
/// `onBytes` callback; the importer reads it only after joining that thread.
///
///     let digest = CaptureDigest()
///     reader.onBytes = { digest.update($0) }
///     …
///     digest.hex   // "9f86d081884c7d65…"
final class CaptureDigest: @unchecked Sendable {
    private var hasher = SHA256()
    private(set) var byteCount: Int64 = 0

    func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
        byteCount += Int64(bytes.count)
    }

    /// Lower-case hex of the digest of everything read so far.
    var hex: String { hasher.finalize().hexString }
}
