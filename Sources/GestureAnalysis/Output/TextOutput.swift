import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte sink over a file descriptor: standard output or a file.
///
/// Rows are written in many small pieces; buffering them keeps exports of
/// millions of rows to a few thousand `write(2)` calls, in constant memory.
package final class TextOutput {
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    /// Raw memory rather than an array: exports append a few bytes at a time,
    /// millions of times, and an array checks its uniqueness on every append.
    private let buffer: UnsafeMutableRawPointer
    private var count = 0
    private let capacity = 1 << 16
    package let name: String
    /// The temporary file written and the path it becomes at ``commit()``.
    private var pendingRename: (temporary: String, final: String)?

    /// Standard output.
    package static func standardOutput() -> TextOutput {
        TextOutput(fileDescriptor: STDOUT_FILENO, name: "standard output", ownsDescriptor: false)
    }

    /// Creates or truncates the file at `path`.
    package convenience init(path: String) throws {
        let fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fileDescriptor >= 0 else {
            throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.init(fileDescriptor: fileDescriptor, name: path, ownsDescriptor: true)
    }

    /// Writes to a temporary file beside `path` that ``commit()`` renames
    /// onto it: an export that fails half-way leaves no file (or the earlier
    /// one, untouched). A path that is not a regular file (`/dev/stdout`,
    /// `/dev/null`, a FIFO) is written directly: renamed over, a device
    /// would become a plain file. A symbolic link is followed, so the file
    /// it names is replaced and the link stays a link.
    ///
    ///     let output = try TextOutput.replacing(path: "responses.csv")
    ///     try output.write("a,b\r\n")
    ///     try output.commit()
    package static func replacing(path: String) throws -> TextOutput {
        guard !path.isEmpty else { throw OutputError("cannot write to an empty path: name a file") }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            return try TextOutput(path: path)
        }
        let url = URL(fileURLWithPath: linkTarget(of: path) ?? path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        let fileDescriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fileDescriptor >= 0 else {
            throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let output = TextOutput(fileDescriptor: fileDescriptor, name: path, ownsDescriptor: true)
        output.pendingRename = (temporary, url.path)
        return output
    }

    /// The file a symbolic link at `path` leads to, through every link on
    /// the way, whether or not that file exists yet (as the shell's `>`
    /// would create it); nil when `path` is not a link, or for a loop.
    private static func linkTarget(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
                return current == path ? nil : current
            }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = buffer.withUnsafeMutableBufferPointer { readlink(current, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count], as: UTF8.self)
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return nil
    }

    /// Writes out what is buffered and, for ``replacing(path:)``, puts the
    /// file in place.
    package func commit() throws {
        try flush()
        guard let (temporary, final) = pendingRename else { return }
        guard fsync(fileDescriptor) == 0 || errno == EINVAL, rename(temporary, final) == 0 else {
            throw OutputError("cannot write \(name): \(String(cString: strerror(errno)))")
        }
        pendingRename = nil
    }

    init(fileDescriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        if let (temporary, _) = pendingRename {
            unlink(temporary)
        } else {
            try? flush()
        }
        buffer.deallocate()
        if ownsDescriptor { close(fileDescriptor) }
    }

    package func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        if count + bytes.count > capacity { try flush() }
        if bytes.count > capacity {
            try writeOut(UnsafeRawBufferPointer(start: base, count: bytes.count))
            return
        }
        (buffer + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    package func write(byte: UInt8) throws {
        if count == capacity { try flush() }
        buffer.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Writes an integer in decimal, straight into the buffer.
    package func write(decimal value: Int64) throws {
        // 20 bytes hold any Int64: 19 digits and a sign.
        if capacity - count < 20 { try flush() }
        var magnitude = value.magnitude
        // Digits first, so they can be written in place from the last.
        // An Int64's magnitude is below 10^19, so `scale` never overflows.
        var digits = 1
        var scale: UInt64 = 10
        while magnitude >= scale {
            digits += 1
            scale *= 10
        }
        let start = buffer + count
        var index = digits
        if value < 0 {
            start.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
            index += 1
        }
        let end = index
        repeat {
            index -= 1
            start.storeBytes(of: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10), toByteOffset: index,
                             as: UInt8.self)
            magnitude /= 10
        } while magnitude > 0
        count += end
    }

    /// Writes out everything buffered so far.
    package func flush() throws {
        let pending = count
        count = 0
        try writeOut(UnsafeRawBufferPointer(start: buffer, count: pending))
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError("cannot write \(name): \(String(cString: strerror(errno)))", isBrokenPipe: errno == EPIPE)
            }
            offset += written
        }
    }
}

/// `write(2)`, out of reach by that name inside `TextOutput`.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}

/// A failure to write output.
package struct OutputError: Error, CustomStringConvertible, Sendable {
    package var message: String
    /// The reader of a pipe went away (`| head`): a quiet end, not a failure.
    package var isBrokenPipe: Bool
    package init(_ message: String, isBrokenPipe: Bool = false) {
        self.message = message
        self.isBrokenPipe = isBrokenPipe
    }
    package var description: String { message }
}
