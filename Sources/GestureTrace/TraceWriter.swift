import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failure to write a capture: an I/O error or a record the format cannot hold.
public struct TraceWriterError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Writes valid `gesture-trace` v1 captures: the header line first, then one
/// line per record, LF line ends, buffered in large blocks.
///
/// `write` refuses what the reader would refuse in a record on its own
/// (non-finite numbers, empty ids); keeping sessions declared before use and
/// one `began` per touch is the caller's part. A copy of a writer shares its
/// output with the original; use one of them.
public struct TraceWriter {
    private let output: TraceOutput

    /// Creates or truncates the file at `path` and writes the header.
    public init(path: String, header: TraceHeader) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TraceWriterError(message: "\(path): cannot create: \(String(cString: strerror(errno)))")
        }
        output = TraceOutput(sink: .descriptor(descriptor), name: path)
        output.appendHeader(header)
    }

    /// Writes the capture whole or not at all: into a temporary file beside
    /// `path` that ``commit()`` renames onto it (``FileReplacement``). Until
    /// then, and after a failure, ``discard()``, Ctrl-C or SIGTERM, the
    /// earlier file at `path` is as it was and no partial capture is left.
    public init(replacing path: String, header: TraceHeader) throws {
        let replacement: FileReplacement
        do {
            replacement = try FileReplacement(path: path)
        } catch {
            throw TraceWriterError(message: error.description)
        }
        output = TraceOutput(sink: .replacement(replacement), name: path)
        output.appendHeader(header)
    }

    /// Writes to an open handle, which `close()` flushes but does not close.
    public init(fileHandle: FileHandle, header: TraceHeader) {
        output = TraceOutput(sink: .handle(fileHandle), name: "file handle")
        output.appendHeader(header)
    }

    public mutating func write(_ record: TraceRecord) throws {
        if let problem = Self.problem(in: record) {
            throw TraceWriterError(message: "cannot write \(record.typeName) record: \(problem)")
        }
        try output.append(record)
    }

    /// Writes out buffered lines now, so that every line written so far is
    /// complete in the file (a recorder does this every few hundred
    /// milliseconds, so a crash loses little).
    public mutating func flush() throws {
        try output.flush()
    }

    /// Writes out buffered lines and, for a path, closes the file. A
    /// writer made with ``init(replacing:header:)`` still needs ``commit()``.
    public mutating func close() throws {
        try output.close()
    }

    /// Closes a writer made with ``init(replacing:header:)`` and puts its
    /// file in place; for other writers the same as ``close()``.
    public mutating func commit() throws {
        try output.commit()
    }

    /// Drops a writer made with ``init(replacing:header:)``: its temporary
    /// file is removed and the earlier file stays. Does nothing after ``commit()``.
    public func discard() {
        output.discard()
    }

    /// The header as one JSON line, without the line end.
    public static func headerLine(_ header: TraceHeader) -> String {
        var bytes: [UInt8] = []
        TraceLineEncoder.appendHeader(header, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A record as one JSON line, without the line end.
    public static func line(for record: TraceRecord) -> String {
        var bytes: [UInt8] = []
        TraceLineEncoder.append(record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A whole capture: the header and each record on its own line, each
    /// ending in LF. Records are not checked, so tests can build invalid
    /// captures with it too.
    public static func capture(header: TraceHeader, records: [TraceRecord]) -> String {
        var bytes: [UInt8] = []
        TraceLineEncoder.appendHeader(header, to: &bytes)
        bytes.append(0x0A)
        for record in records {
            TraceLineEncoder.append(record, to: &bytes)
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What makes `record` unwritable, if anything.
    static func problem(in record: TraceRecord) -> String? {
        // What the reader would refuse, the writer refuses first: an empty
        // identifier, text holding NUL, a time beyond the reader's range.
        func text(_ pairs: KeyValuePairs<String, String>) -> String? {
            for (key, value) in pairs {
                if value.isEmpty { return "'\(key)' is empty; the format needs a non-empty string" }
                if value.utf8.contains(0) { return "'\(key)' contains a NUL character, which the format refuses" }
            }
            return nil
        }
        func optionalText(_ pairs: KeyValuePairs<String, String?>) -> String? {
            pairs.first { $0.value?.utf8.contains(0) ?? false }
                .map { "'\($0.key)' contains a NUL character, which the format refuses" }
        }
        func finite(_ pairs: KeyValuePairs<String, Double?>) -> String? {
            pairs.first { $0.value.map { !$0.isFinite } ?? false }
                .map { "'\($0.key)' is \($0.value!); JSON has no non-finite numbers" }
        }
        func time(_ nanos: Int64) -> String? {
            TraceTime.range.contains(nanos) ? nil : "'t' is \(nanos) ns; expected \(TraceTime.rangeText)"
        }
        switch record {
        case .session(let session):
            let configProblems = session.config.lazy.compactMap { entry -> String? in
                if entry.key.utf8.contains(0) { return "'config' has a key containing a NUL character" }
                switch entry.value {
                case .number(let number) where !number.isFinite:
                    return "'config.\(entry.key)' is \(number); JSON has no non-finite numbers"
                case .string(let string) where string.utf8.contains(0):
                    return "'config.\(entry.key)' contains a NUL character, which the format refuses"
                default:
                    return nil
                }
            }
            let device = session.device
            return text(["session": session.id, "experiment": session.experiment, "variant": session.variant])
                ?? configProblems.first
                ?? optionalText(["device.model": device?.model, "device.os": device?.os, "started_at": session.startedAt])
                ?? finite(["device.screen_w": device?.screenWidth, "device.screen_h": device?.screenHeight,
                           "device.scale": device?.scale])
        case .touch(let touch):
            return text(["session": touch.session]) ?? time(touch.timeNanos)
                ?? finite(["x": touch.x, "y": touch.y, "radius": touch.radius, "force": touch.force])
                ?? optionalText(["hit": touch.hit])
        case .target(let target):
            let frame = target.frame
            let area = target.hitArea
            if let problem = text(["session": target.session, "target": target.target])
                ?? optionalText(["class": target.targetClass]) ?? time(target.timeNanos)
                ?? finite(["x": frame.x, "y": frame.y, "w": frame.width, "h": frame.height, "hit_x": area?.x,
                           "hit_y": area?.y, "hit_w": area?.width, "hit_h": area?.height]) {
                return problem
            }
            if let edge = frame.farEdgeProblem(prefix: "") ?? area?.farEdgeProblem(prefix: "hit_") {
                return "'\(edge.field)' \(edge.message.replacingOccurrences(of: "found ", with: "is ", options: .anchored))"
            }
            let sizes: KeyValuePairs<String, Double?> = ["w": frame.width, "h": frame.height,
                                                         "hit_w": area?.width, "hit_h": area?.height]
            return sizes.first { $0.value.map { !($0 > 0) } ?? false }
                .map { "'\($0.key)' is \($0.value!); the format needs a size above 0" }
        case .transition(let transition):
            return text(["session": transition.session, "recognizer": transition.recognizer])
                ?? optionalText(["class": transition.recognizerClass]) ?? time(transition.timeNanos)
        case .delivery(let delivery):
            return text(["session": delivery.session, "target": delivery.target,
                         "event": delivery.event, "via": delivery.via]) ?? time(delivery.timeNanos)
        case .frame(let frame):
            return text(["session": frame.session]) ?? time(frame.timeNanos)
        case .dropped(let dropped):
            if let problem = text(["session": dropped.session]) ?? time(dropped.timeNanos) { return problem }
            if dropped.count < 1 { return "'count' is \(dropped.count); the format needs at least 1" }
            if let kind = dropped.kinds.first(where: { $0.count < 0 }) {
                return "'kinds.\(kind.type)' is \(kind.count); counts are never negative"
            }
            if dropped.kinds.contains(where: { $0.type.utf8.contains(0) }) {
                return "'kinds' has a key containing a NUL character"
            }
            return nil
        }
    }
}

/// The buffered destination of a `TraceWriter`; a class so that an owned
/// descriptor is flushed and closed exactly once, even without `close()`.
final class TraceOutput {
    enum Sink {
        case descriptor(Int32)
        case handle(FileHandle)
        case replacement(FileReplacement)
    }

    private static let blockSize = 1 << 20
    private let sink: Sink
    private let name: String
    private var buffer: [UInt8] = []
    private var isClosed = false

    init(sink: Sink, name: String) {
        self.sink = sink
        self.name = name
        buffer.reserveCapacity(Self.blockSize + 4096)
    }

    deinit {
        // Best effort for a writer dropped without close(); errors have no one to go to.
        try? close()
    }

    func appendHeader(_ header: TraceHeader) {
        TraceLineEncoder.appendHeader(header, to: &buffer)
        buffer.append(0x0A)
    }

    func append(_ record: TraceRecord) throws {
        guard !isClosed else { throw TraceWriterError(message: "\(name): write after close") }
        TraceLineEncoder.append(record, to: &buffer)
        buffer.append(0x0A)
        if buffer.count >= Self.blockSize {
            try flush()
        }
    }

    func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        let descriptor: Int32
        switch sink {
        case .descriptor(let open):
            descriptor = open
        case .replacement(let replacement):
            descriptor = replacement.descriptor
        case .handle(let handle):
            try handle.write(contentsOf: buffer)
            return
        }
        // The closure returns errno rather than throwing: a typed-throws
        // closure here crashes the Swift 6.3 compiler.
        let failure: Int32? = buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glue.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            throw TraceWriterError(message: "\(name): cannot write: \(String(cString: strerror(failure)))")
        }
    }

    func close() throws {
        guard !isClosed else { return }
        isClosed = true
        try flush()
        switch sink {
        case .descriptor(let descriptor):
            if Glue.close(descriptor) != 0 {
                throw TraceWriterError(message: "\(name): cannot close: \(String(cString: strerror(errno)))")
            }
        case .replacement(let replacement):
            do {
                try replacement.close()
            } catch {
                throw TraceWriterError(message: "\(name): cannot write: \(error.reason)")
            }
        case .handle:
            break
        }
    }

    /// Closes the file and, for a replacement, puts it in place; on any
    /// failure the temporary file is removed.
    func commit() throws {
        do {
            try close()
        } catch {
            discard()
            throw error
        }
        guard case .replacement(let replacement) = sink else { return }
        do {
            try replacement.commit()
        } catch {
            throw TraceWriterError(message: "\(name): cannot write: \(error.reason)")
        }
    }

    /// Removes a replacement's temporary file, leaving the earlier file.
    func discard() {
        isClosed = true
        buffer.removeAll()
        if case .replacement(let replacement) = sink { replacement.discard() }
    }
}

/// The C library's `write` and `close`, which the method names above shadow.
enum Glue {
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Musl.write(descriptor, bytes, count)
        #endif
    }

    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(descriptor)
        #elseif canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Musl.close(descriptor)
        #endif
    }
}
