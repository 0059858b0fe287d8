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
public final class TextOutput {
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    public let name: String

    /// Standard output.
    public static func standardOutput() -> TextOutput {
        TextOutput(fileDescriptor: STDOUT_FILENO, name: "standard output", ownsDescriptor: false)
    }

    /// Creates or truncates the file at `path`.
    public convenience init(path: String) throws {
        let fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fileDescriptor >= 0 else {
            throw OutputError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.init(fileDescriptor: fileDescriptor, name: path, ownsDescriptor: true)
    }

    init(fileDescriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(capacity)
    }

    deinit {
        try? flush()
        if ownsDescriptor { close(fileDescriptor) }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    public func write(byte: UInt8) throws {
        buffer.append(byte)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered so far.
    public func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                systemWrite(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.removeAll(keepingCapacity: true)
                throw OutputError("cannot write \(name): \(reason)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `write(2)`, out of reach by that name inside `TextOutput`.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}

/// A failure to write output.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
