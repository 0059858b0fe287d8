import Foundation
import GestureTrace

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
    /// Whether the bytes go to a terminal, where text from a capture is
    /// shown escaped (``TerminalText``): a file or a pipe gets it exact.
    package let isTerminal: Bool
    /// The temporary file written and put in place at ``commit()``.
    private var replacement: FileReplacement?

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
    /// onto it (``FileReplacement``, the one way gesturelab writes an output
    /// file): an export that fails half-way, or is interrupted, leaves no
    /// file (or the earlier one, untouched) and no temporary file. A device
    /// or a pipe is written in place; a symbolic link is followed.
    ///
    ///     let output = try TextOutput.replacing(path: "responses.csv")
    ///     try output.write("a,b\r\n")
    ///     try output.commit()
    package static func replacing(path: String) throws -> TextOutput {
        guard !path.isEmpty else { throw OutputError("cannot write to an empty path: name a file") }
        let replacement: FileReplacement
        do {
            replacement = try FileReplacement(path: path)
        } catch {
            throw OutputError(error.description)
        }
        let output = TextOutput(fileDescriptor: replacement.descriptor, name: path, ownsDescriptor: false)
        output.replacement = replacement
        return output
    }

    /// Writes out what is buffered and, for ``replacing(path:)``, puts the
    /// file in place.
    package func commit() throws {
        do {
            try flush()
        } catch {
            replacement?.discard()
            throw error
        }
        guard let replacement else { return }
        do {
            try replacement.commit()
        } catch {
            throw OutputError(error.description)
        }
        self.replacement = nil
    }

    init(fileDescriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        isTerminal = isatty(fileDescriptor) == 1
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        if let replacement {
            // Never committed: the earlier file stays, and no partial one.
            replacement.discard()
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
