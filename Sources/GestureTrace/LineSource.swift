#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file descriptor in large chunks and hands out its lines in place.
///
/// Memory stays at one chunk plus the longest line (bounded by
/// `maxLineBytes`): a line is a view into the buffer, valid until the next
/// call. A class so that the buffer and an owned descriptor are released
/// exactly once, however the reader struct is copied.
final class LineSource {
    /// One line of the input: its bytes without the line end (LF, and a CR
    /// before it) and, on line 1, without a UTF-8 byte order mark.
    struct Line {
        var bytes: UnsafePointer<UInt8>
        var count: Int
        var number: Int
        /// Bytes removed from the start (a byte order mark), so columns in
        /// messages count from the start of the line as stored.
        var columnBias: Int
        /// Whether the line was longer than `maxLineBytes`; `bytes` then holds
        /// only its beginning.
        var isTooLong: Bool
        /// False only for a last line that the input ends inside, without an
        /// LF: what a recorder stopped mid-write leaves.
        var hasLineEnd = true
    }

    let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let chunkSize: Int
    private let maxLineBytes: Int
    private let buffer: ByteScratch
    /// Unconsumed bytes are `[start, end)` of the buffer.
    private var start = 0
    private var end = 0
    /// Where the search for the next LF resumes, so no byte is scanned twice.
    private var searchFrom = 0
    private var atEnd = false
    private var isSkippingLongLine = false
    /// The number of the last line handed out.
    private(set) var lineNumber = 0
    private(set) var bytesRead: Int64 = 0
    var onBytes: ((UnsafeRawBufferPointer) -> Void)?
    /// The size of a regular file, for progress.
    let totalBytes: Int64?

    init(descriptor: Int32, ownsDescriptor: Bool, name: String, chunkSize: Int = 1 << 20, maxLineBytes: Int) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.name = name
        self.chunkSize = chunkSize
        // Clamped so that length arithmetic cannot overflow.
        self.maxLineBytes = min(max(1, maxLineBytes), Int.max / 4)
        buffer = ByteScratch(capacity: chunkSize)
        var status = stat()
        // The POSIX file-type bits, spelled as literals because S_IFMT imports
        // with different integer types on different C libraries.
        if fstat(descriptor, &status) == 0, status.st_mode & 0o170000 == 0o100000 {
            totalBytes = Int64(status.st_size)
        } else {
            totalBytes = nil
        }
    }

    deinit {
        if ownsDescriptor {
            close(descriptor)
        }
    }

    /// The next line, or nil at the end of the input.
    func nextLine() throws(TraceError) -> Line? {
        if isSkippingLongLine {
            try skipPastLineEnd()
        }
        while true {
            if searchFrom < end,
               let found = memchr(buffer.pointer + searchFrom, 0x0A, end - searchFrom) {
                let lineEnd = buffer.pointer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let lineStart = start
                start = lineEnd + 1
                searchFrom = start
                return makeLine(from: lineStart, to: lineEnd, tooLong: false)
            }
            searchFrom = end
            if end - start > maxLineBytes + 1, case let bias = byteOrderMarkLength(), end - start > maxLineBytes + 1 + bias {
                // No LF within the limit (+1 for a CR before it): hand out the
                // beginning and drop the rest on the next call, so the view
                // stays valid until then and memory stays bounded.
                isSkippingLongLine = true
                return makeLine(from: start, to: start + bias + maxLineBytes, tooLong: true)
            }
            if atEnd {
                guard end > start else { return nil }
                let lineStart = start
                start = end
                var line = makeLine(from: lineStart, to: end, tooLong: false)
                line.hasLineEnd = false
                return line
            }
            try fill()
        }
    }

    /// 3 when the unconsumed bytes start line 1 with a byte order mark,
    /// which does not count against the limit; else 0. Kept out of line:
    /// inlined, its read of `lineNumber` was hoisted to run once per line.
    @inline(never)
    private func byteOrderMarkLength() -> Int {
        lineNumber == 0 && end - start >= 3 && buffer.pointer[start] == 0xEF
            && buffer.pointer[start + 1] == 0xBB && buffer.pointer[start + 2] == 0xBF ? 3 : 0
    }

    private func makeLine(from lineStart: Int, to lineEnd: Int, tooLong: Bool) -> Line {
        lineNumber += 1
        var first = lineStart
        var last = lineEnd
        if !tooLong, last > first, buffer.pointer[last - 1] == 0x0D {
            last -= 1
        }
        var bias = 0
        if lineNumber == 1, last - first >= 3, buffer.pointer[first] == 0xEF,
           buffer.pointer[first + 1] == 0xBB, buffer.pointer[first + 2] == 0xBF {
            first += 3
            bias = 3
        }
        if last - first > maxLineBytes {
            return Line(bytes: buffer.pointer + first, count: maxLineBytes, number: lineNumber,
                        columnBias: bias, isTooLong: true)
        }
        return Line(bytes: buffer.pointer + first, count: last - first, number: lineNumber,
                    columnBias: bias, isTooLong: tooLong)
    }

    /// Drops the rest of an over-long line, through its LF.
    private func skipPastLineEnd() throws(TraceError) {
        isSkippingLongLine = false
        while true {
            if searchFrom < end,
               let found = memchr(buffer.pointer + searchFrom, 0x0A, end - searchFrom) {
                start = buffer.pointer.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                searchFrom = start
                return
            }
            start = end
            searchFrom = end
            if atEnd { return }
            try fill()
        }
    }

    /// Reads more input behind the unconsumed bytes, compacting or growing
    /// the buffer first.
    private func fill() throws(TraceError) {
        if start > 0 {
            let unconsumed = end - start
            if unconsumed > 0 {
                buffer.pointer.update(from: buffer.pointer + start, count: unconsumed)
            }
            searchFrom -= start
            end = unconsumed
            start = 0
        }
        if buffer.capacity - end < chunkSize {
            buffer.reserve(end + chunkSize, preserving: end)
        }
        try readChunk(at: end)
    }

    /// One `read(2)` into the buffer at `offset`, which has room for a chunk;
    /// every byte read is passed to `onBytes` once, in order.
    private func readChunk(at offset: Int) throws(TraceError) {
        while true {
            let count = read(descriptor, buffer.pointer + offset, chunkSize)
            if count > 0 {
                onBytes?(UnsafeRawBufferPointer(start: buffer.pointer + offset, count: count))
                bytesRead += Int64(count)
                end = offset + count
                return
            }
            if count == 0 {
                atEnd = true
                end = offset
                return
            }
            let code = errno
            if code == EINTR { continue }
            throw TraceError(file: name, line: lineNumber, message: "cannot read: \(String(cString: strerror(code)))")
        }
    }
}
