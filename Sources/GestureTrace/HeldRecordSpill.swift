#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Held touch records written to an unlinked temporary file, so that a
/// shuffled capture's out-of-order records (``TouchOrderTracker``) cost disk,
/// not memory.
///
/// Each record is stored in binary, 53 bytes plus 8 for each of `radius` and
/// `force` given, plus the raw line in skip mode, and carries the offset of
/// the one before it of the same touch: the tracker keeps per touch only the
/// offset of its last record and walks the chain back when the `began`
/// comes. Left out: `session` (the tracker keeps it once per session) and
/// `hit`, which the decoder keeps on `began` records only, and those are
/// never held.
///
/// The file is unlinked as soon as it is made, so a killed import leaves
/// nothing behind, and closed when the spill is released. A class so that
/// the descriptor is closed exactly once, however the reader is copied.
///
///     let spill = try HeldRecordSpill()
///     let first = try spill.append(record, line: 7, text: [], previous: nil)
///     let second = try spill.append(later, line: 9, text: [], previous: first)
///     try spill.chain(endingAt: second, session: "s1")   // lines 7, 9
final class HeldRecordSpill {
    /// Why the temporary file could not be made, written or read back.
    struct Failure: Error {
        var message: String
    }

    /// Appends are gathered into one write of about this size: writing each
    /// record (about 60 bytes) on its own cost a system call per record.
    static let writeBufferSize = 1 << 16

    /// previous, line, touch, t, x, y (8 bytes each), flags (1), text count (4).
    private static let fixedSize = 53
    /// A first read of this many bytes holds a whole record without text, so
    /// most records take one `pread`.
    private static let readAhead = 256

    private let descriptor: Int32
    /// Bytes in the file; the records after them are still in `pending`.
    private var written: Int64 = 0
    private var pending: [UInt8] = []
    private let scratch = ByteScratch(capacity: readAhead)

    /// Makes the file in `TMPDIR` (or `/tmp`) and unlinks it at once.
    init() throws(Failure) {
        var directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if directory.isEmpty { directory = "/tmp" }
        if directory.hasSuffix("/") { directory.removeLast() }
        var template = Array("\(directory)/gesturelab-held-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file in \(directory) for touch records that come before their began: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        pending.reserveCapacity(Self.writeBufferSize)
    }

    deinit {
        close(descriptor)
    }

    /// Stores a record and returns its offset; `previous` is the offset of
    /// the touch's record stored before it, if any.
    func append(_ record: TouchRecord, line: Int, text: [UInt8], previous: Int64?) throws(Failure) -> Int64 {
        let size = Self.fixedSize + (record.radius == nil ? 0 : 8) + (record.force == nil ? 0 : 8) + text.count
        // A record is all in the file or all in `pending`, never split.
        if !pending.isEmpty && pending.count + size > Self.writeBufferSize {
            try flush()
        }
        let offset = written + Int64(pending.count)
        var flags = record.phase.code
        if record.radius != nil { flags |= 1 << 3 }
        if record.force != nil { flags |= 1 << 4 }
        // Kind codes 1 to 3; 0 is no kind.
        if let kind = record.kind { flags |= (kind.code + 1) << 5 }
        put(UInt64(bitPattern: previous ?? -1))
        put(UInt64(bitPattern: Int64(line)))
        put(UInt64(bitPattern: record.touch))
        put(UInt64(bitPattern: record.timeNanos))
        put(record.x.bitPattern)
        put(record.y.bitPattern)
        pending.append(flags)
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { pending.append(contentsOf: $0) }
        if let radius = record.radius { put(radius.bitPattern) }
        if let force = record.force { put(force.bitPattern) }
        pending.append(contentsOf: text)
        if pending.count >= Self.writeBufferSize {
            try flush()
        }
        return offset
    }

    private func put(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { pending.append(contentsOf: $0) }
    }

    /// The records of the chain that ends at `last`, oldest (first in the
    /// file) first.
    func chain(endingAt last: Int64, session: String) throws(Failure) -> [TouchOrderTracker.Held] {
        var records: [TouchOrderTracker.Held] = []
        var offset = last
        while offset >= 0 {
            let (held, previous) = try record(at: offset, session: session)
            records.append(held)
            offset = previous
        }
        records.reverse()
        return records
    }

    /// Empties the file, when no stored record is wanted any more, so that
    /// it does not grow with every record ever spilled.
    func removeAll() throws(Failure) {
        pending.removeAll(keepingCapacity: true)
        guard written > 0 else { return }
        guard ftruncate(descriptor, 0) == 0 else {
            throw Failure(message: "cannot empty the temporary file of held touch records: \(String(cString: strerror(errno)))")
        }
        written = 0
    }

    private func flush() throws(Failure) {
        var done = 0
        while done < pending.count {
            let count = pending.withUnsafeBytes { bytes in
                pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(written) + off_t(done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw Failure(message: "cannot write the temporary file of touch records that come before their began: \(String(cString: strerror(count < 0 ? errno : EIO)))")
            }
            done += count
        }
        written += Int64(done)
        pending.removeAll(keepingCapacity: true)
    }

    /// The record at `offset` and the offset of the one before it (-1 for none).
    private func record(at offset: Int64, session: String) throws(Failure) -> (TouchOrderTracker.Held, Int64) {
        let decoded: (TouchOrderTracker.Held, Int64)?
        if offset >= written {
            let start = Int(offset - written)
            decoded = pending.withUnsafeBytes { Self.decode(UnsafeRawBufferPointer(rebasing: $0[start...]), session: session) }
        } else {
            decoded = try fileRecord(at: offset, session: session)
        }
        guard let decoded else {
            throw Failure(message: "the temporary file of touch records that come before their began holds a record it did not write; was it changed while importing?")
        }
        return decoded
    }

    private func fileRecord(at offset: Int64, session: String) throws(Failure) -> (TouchOrderTracker.Held, Int64)? {
        var got = try read(Self.readAhead, into: 0, at: offset)
        if got >= Self.fixedSize {
            let needed = Self.size(UnsafeRawBufferPointer(start: scratch.pointer, count: got))
            if needed > got {
                scratch.reserve(needed, preserving: got)
                got += try read(needed - got, into: got, at: offset + Int64(got))
            }
        }
        return Self.decode(UnsafeRawBufferPointer(start: scratch.pointer, count: got), session: session)
    }

    /// Reads up to `count` bytes at `offset` into the scratch at `index`;
    /// fewer only at the end of the file.
    private func read(_ count: Int, into index: Int, at offset: Int64) throws(Failure) -> Int {
        scratch.reserve(index + count, preserving: index)
        var done = 0
        while done < count {
            let got = pread(descriptor, scratch.pointer + index + done, count - done, off_t(offset) + off_t(done))
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                throw Failure(message: "cannot read back the temporary file of touch records that come before their began: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// The stored size of the record at the start of `bytes` (at least
    /// `fixedSize` of them).
    private static func size(_ bytes: UnsafeRawBufferPointer) -> Int {
        let flags = bytes[48]
        let textCount = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 49, as: UInt32.self)))
        return fixedSize + (flags & 1 << 3 != 0 ? 8 : 0) + (flags & 1 << 4 != 0 ? 8 : 0) + textCount
    }

    /// The record at the start of `bytes` and the offset of the one before
    /// it; nil when `bytes` do not hold a whole record as `append` writes it.
    private static func decode(_ bytes: UnsafeRawBufferPointer, session: String) -> (TouchOrderTracker.Held, Int64)? {
        guard bytes.count >= fixedSize, bytes.count >= size(bytes) else { return nil }
        func word(_ index: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        }
        let flags = bytes[48]
        guard let phase = TouchPhase(code: flags & 7) else { return nil }
        let kindCode = flags >> 5 & 3
        let kind = kindCode == 0 ? nil : TouchKind(code: kindCode - 1)
        var index = fixedSize
        func optional(_ bit: UInt8) -> Double? {
            guard flags & bit != 0 else { return nil }
            defer { index += 8 }
            return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
        }
        let radius = optional(1 << 3)
        let force = optional(1 << 4)
        let record = TouchRecord(session: session, touch: Int64(bitPattern: word(2)), phase: phase,
                                 timeNanos: Int64(bitPattern: word(3)), x: Double(bitPattern: word(4)),
                                 y: Double(bitPattern: word(5)), radius: radius, force: force,
                                 kind: kind)
        let text = Array(UnsafeRawBufferPointer(rebasing: bytes[index..<size(bytes)]))
        let held = TouchOrderTracker.Held(record: record, line: Int(Int64(bitPattern: word(1))), text: text)
        return (held, Int64(bitPattern: word(0)))
    }
}
