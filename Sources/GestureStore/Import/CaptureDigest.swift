import Crypto
import Foundation
import GestureTrace

/// A capture's identity, computed on the way: SHA-256 of every byte read,
/// and how many there were.
///
/// The hashing is done by whichever thread would otherwise wait. `update`
/// keeps a copy of the bytes it is given, and a thread of the import with
/// nothing to do (the inserting thread with no batch yet, the reading
/// thread with the queue full) hashes what is kept through `hashPending()`.
/// An import is bound by one of its two threads and the other waits: the
/// digest then costs the bound thread nothing. Only when `keptChunks`
/// reads already wait does `update` hash one on its caller's thread.
///
/// The bytes are hashed in the order given, one chunk at a time, whichever
/// thread hashes them.
///
///     let digest = CaptureDigest()
///     reader.onBytes = { digest.update($0) }
///     …
///     digest.hex   // "9f86d081884c7d65…"
final class CaptureDigest: @unchecked Sendable {
    /// Chunks kept unhashed at most: one read's worth waiting is what an
    /// idle thread needs, and each kept chunk is a buffer of its size.
    private let keptChunks: Int

    /// Guards `hasher`, and makes one thread at a time take a chunk and
    /// hash it, so that chunks are hashed in order.
    private let hashing = NSLock()
    private var hasher = SHA256()

    /// Guards the chunks waiting and the spare buffers.
    private let state = NSLock()
    private var waiting: [Chunk] = []
    /// Buffers of hashed chunks, for the next reads: no allocation a read.
    private var spare: [ByteScratch] = []
    private var total: Int64 = 0

    private struct Chunk {
        let buffer: ByteScratch
        let count: Int
    }

    init(keptChunks: Int = 1) {
        self.keptChunks = keptChunks
    }

    /// The number of bytes given so far.
    var byteCount: Int64 {
        state.lock()
        defer { state.unlock() }
        return total
    }

    /// Takes the next bytes: keeps a copy for a thread with nothing else
    /// to do, or hashes the oldest kept ones first when enough are kept.
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        while true {
            state.lock()
            if waiting.count < keptChunks {
                let buffer = spare.popLast() ?? ByteScratch(capacity: bytes.count)
                buffer.reserve(bytes.count, preserving: 0)
                UnsafeMutableRawPointer(buffer.pointer).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                waiting.append(Chunk(buffer: buffer, count: bytes.count))
                total += Int64(bytes.count)
                state.unlock()
                return
            }
            state.unlock()
            hashPending()
        }
    }

    /// Hashes the oldest chunk kept, if any; says whether there was one.
    /// For a thread that would otherwise wait.
    @discardableResult
    func hashPending() -> Bool {
        hashing.lock()
        defer { hashing.unlock() }
        state.lock()
        guard !waiting.isEmpty else {
            state.unlock()
            return false
        }
        let chunk = waiting.removeFirst()
        state.unlock()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(start: chunk.buffer.pointer, count: chunk.count))
        state.lock()
        spare.append(chunk.buffer)
        state.unlock()
        return true
    }

    /// Whether bytes wait to be hashed.
    var hasPending: Bool {
        state.lock()
        defer { state.unlock() }
        return !waiting.isEmpty
    }

    /// Lower-case hex of the digest of everything given so far; hashes
    /// what is still kept first. Bytes given afterwards still count.
    var hex: String {
        while hashPending() {}
        hashing.lock()
        defer { hashing.unlock() }
        return hasher.finalize().hexString
    }
}
