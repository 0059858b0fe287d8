#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a `gesture-trace` v1 capture (docs/capture-format.md) record by record,
/// refusing anything the format does not allow.
///
/// Reading streams in 1 MiB chunks; memory stays constant for captures
/// written in time order. The only state that grows is the set of declared
/// sessions, one small entry per touch (its down time), the records of
/// a touch that come before that touch's `began` line, which are held until
/// the `began` arrives (or refused at the end if it never does), and the
/// declared target ids with any `began` whose `hit` names a target declared
/// only on a later line, held likewise.
///
/// Records come back in file order, except that held records come right
/// after their touch's `began`. In strict mode (the default) the first error
/// in file order is thrown; with `skipInvalid`, errors on record lines become
/// `.rejected` items and reading goes on. A missing or unsupported header and
/// an empty file are always thrown: such a file cannot be imported at all.
///
/// Decoding choices where the format leaves room:
/// - `t` is converted from its decimal digits to integer nanoseconds
///   exactly; digits beyond the ninth fraction digit are rounded to nearest,
///   ties to even (`0.0000000015` → 2 ns, `0.0000000025` → 2 ns).
///   Exponents are applied exactly (`1e-3` → 1 000 000 ns).
/// - Touch ids are JSON integers written with digits only: `1.0` and `1e2`
///   are refused, and so is anything outside Int64.
/// - An optional field given as `null` counts as absent (many JSON writers
///   spell absence that way); any other wrong type is refused. Config values
///   may not be `null`.
/// - `t` must lie within ±2^62 ns (`TraceTime.range`), so that no latency
///   derived from two times can overflow 64 bits.
/// - No string may hold NUL (`\u0000`): it would be cut short in SQLite.
/// - A last line without a line end that does not parse is refused as a
///   capture cut off (the app stopped while recording), with that said.
/// - Refusals keep capture text as found; `TraceError.description` prints
///   it escaped (`TerminalText`).
///
/// ```swift
/// var reader = try TraceReader(path: "capture.jsonl", options: .init(skipInvalid: true))
/// while let item = try reader.next() {
///     switch item {
///     case .record(let record, let line): store(record, line)
///     case .rejected(let rejection): print(rejection.error)  // FILE:LINE: field 'x': ...
///     }
/// }
/// ```
///
/// A copy of a reader shares its input with the original; use one of them.
public struct TraceReader {
    public struct Options: Sendable {
        /// Report invalid record lines as `.rejected` items instead of throwing.
        public var skipInvalid: Bool
        /// Lines longer than this (without the line end) are refused.
        public var maxLineBytes: Int

        /// Configuration keys added to every session (`import --label`): a
        /// session that has the key with another value is an invalid line.
        public var labels: [(key: String, value: String)]

        public init(skipInvalid: Bool = false, maxLineBytes: Int = 16 << 20,
                    labels: [(key: String, value: String)] = []) {
            self.skipInvalid = skipInvalid
            self.maxLineBytes = maxLineBytes
            self.labels = labels
        }
    }

    public enum Item: Sendable, Equatable {
        /// An accepted record and its 1-based line number.
        case record(TraceRecord, line: Int)
        /// A refused line (only with `skipInvalid`).
        case rejected(TraceRejection)
    }

    /// A refused line: why, and its raw bytes.
    public struct TraceRejection: Sendable, Equatable {
        public var error: TraceError
        /// The line's bytes without the line end. For a line longer than
        /// `maxLineBytes`, only its first `maxLineBytes` bytes.
        public var text: [UInt8]

        public init(error: TraceError, text: [UInt8]) {
            self.error = error
            self.text = text
        }
    }

    // Internal rather than private: TraceReader+Records.swift works on them.
    let source: LineSource
    let options: Options
    var decoder: RecordDecoder
    var touches = TouchOrderTracker()
    var hits = HitTargetTracker()
    /// Items decided together with another one (held records released by a
    /// `began`, or refused at the end), returned before reading on.
    var ready: [Item] = []
    /// The session number of each of `ready`'s items (-1 for a refusal).
    var readySessions: [Int] = []
    var readyIndex = 0
    /// The session of the record `next()` returned last: sessions are
    /// numbered 0, 1, 2… in the order the capture declares them; -1 after
    /// a refused line.
    public internal(set) var sessionOfLastItem = -1
    var isHeaderRead = false
    /// Why the header was refused: a file without one yields nothing more.
    var headerFailure: TraceError?
    var isAtEnd = false
    var countsByType = [Int](repeating: 0, count: TraceRecord.Kind.allCases.count)
    var unknownTypes: [String: Int] = [:]
    /// Lines of unknown types beyond the first ``namedUnknownTypes`` met.
    var otherUnknownTypeLines = 0
    /// Distinct unknown types counted by name at most, each by its first
    /// ``unknownTypeNameLimit`` characters: a capture of millions of made-up
    /// types, or of one 16 MiB type, keeps the counts and the warning that
    /// prints them small.
    static let namedUnknownTypes = 32
    static let unknownTypeNameLimit = 60
    /// The header, once its line has been read.
    public private(set) var header: TraceHeader?

    /// Opens a capture file; `-` reads standard input, shown as `stdin`.
    public init(path: String, options: Options = .init()) throws(TraceError) {
        if path == "-" {
            self.init(fileDescriptor: STDIN_FILENO, name: "stdin", options: options)
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TraceError(file: path, line: 0, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.init(source: LineSource(descriptor: descriptor, ownsDescriptor: true, name: path,
                                     maxLineBytes: options.maxLineBytes), options: options)
    }

    /// Reads from an open descriptor, which the reader does not close.
    public init(fileDescriptor: Int32, name: String, options: Options = .init()) {
        self.init(source: LineSource(descriptor: fileDescriptor, ownsDescriptor: false, name: name,
                                     maxLineBytes: options.maxLineBytes), options: options)
    }

    /// Reads in chunks of `chunkSize` bytes: tests and the fuzzing harness
    /// use tiny chunks to put line ends across chunk boundaries.
    init(fileDescriptor: Int32, name: String, options: Options, chunkSize: Int) {
        self.init(source: LineSource(descriptor: fileDescriptor, ownsDescriptor: false, name: name,
                                     chunkSize: chunkSize, maxLineBytes: options.maxLineBytes), options: options)
    }

    private init(source: LineSource, options: Options) {
        self.source = source
        self.options = options
        decoder = RecordDecoder(labels: options.labels)
    }

    /// Called with every byte of the input exactly once, in order, as chunks
    /// are read (e.g. to hash the file while importing it).
    public var onBytes: ((UnsafeRawBufferPointer) -> Void)? {
        get { source.onBytes }
        nonmutating set { source.onBytes = newValue }
    }

    /// Bytes read so far, for progress reporting.
    public var bytesRead: Int64 { source.bytesRead }

    /// The file size when the input is a regular file.
    public var totalBytes: Int64? { source.totalBytes }

    /// Lines skipped because their `type` is unknown, by type: the first
    /// 32 types met, each named by its first 60 characters (and `…` when
    /// longer).
    public var unknownTypeCounts: [String: Int] { unknownTypes }

    /// Lines skipped because their `type` is unknown, of types beyond those
    /// ``unknownTypeCounts`` names.
    public var unknownTypeLinesNotNamed: Int { otherUnknownTypeLines }

    /// Accepted records by type name (types with none are absent).
    public var recordCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for kind in TraceRecord.Kind.allCases where countsByType[Int(kind.rawValue)] > 0 {
            counts[kind.name] = countsByType[Int(kind.rawValue)]
        }
        return counts
    }

    /// The display name of the input: the path as given, or `stdin`.
    public var fileName: String { source.name }

    /// Reads up to and including the header line, if not done yet.
    @discardableResult
    public mutating func readHeader() throws(TraceError) -> TraceHeader {
        if let header { return header }
        if let headerFailure { throw headerFailure }
        do {
            let header = try readHeaderLine()
            self.header = header
            isHeaderRead = true
            return header
        } catch {
            headerFailure = error
            throw error
        }
    }

    private mutating func readHeaderLine() throws(TraceError) -> TraceHeader {
        while let line = try source.nextLine() {
            // Before the blank test, which sees only the line's first
            // maxLineBytes: a long line may start with whitespace.
            if line.isTooLong {
                throw lineTooLong(line)
            }
            if Self.isBlank(line) { continue }
            do {
                return try decoder.decodeHeader(line)
            } catch where !line.hasLineEnd && Self.endsLinesWithCarriageReturnsAlone(line) {
                // The whole file read as one line: it is not cut off.
                throw TraceError(file: source.name, line: line.number,
                                 message: "lines end with a carriage return alone (CR, as old Mac OS wrote them), so the file reads as one line; expected LF or CRLF line ends")
            } catch where !line.hasLineEnd && !decoder.parses(line) {
                // Cut off before its first line was whole: no line to keep.
                throw TraceError(file: source.name, line: line.number,
                                 message: "the capture appears cut off: its header line has no line end and does not parse (\(error.message)), as when the app stops while recording; nothing of it can be imported")
            } catch {
                throw error.located(file: source.name, line: line.number)
            }
        }
        throw TraceError(file: source.name, line: 1,
                         message: #"empty capture: no non-blank line; expected the header {"type":"header","format":"gesture-trace","version":1}"#)
    }

    /// Whether a line holds a carriage return followed by more text: lines
    /// separated by CR alone, which no recorder of JSON Lines should write.
    private static func endsLinesWithCarriageReturnsAlone(_ line: LineSource.Line) -> Bool {
        let bytes = UnsafeBufferPointer(start: line.bytes, count: line.count)
        guard let carriageReturn = bytes.firstIndex(of: 0x0D) else { return false }
        return bytes[(carriageReturn + 1)...].contains { $0 != 0x0D && $0 != 0x20 && $0 != 0x09 }
    }

    /// The next accepted record (or, with `skipInvalid`, a rejected line);
    /// nil at the end of the input.
    public mutating func next() throws(TraceError) -> Item? {
        if !isHeaderRead {
            try readHeader()
        }
        do {
            return try nextItem(skipping: options.skipInvalid)
        } catch {
            switch error {
            case .input(let failure): throw failure
            case .line(let refusal): throw firstErrorInFileOrder(refusal)
            }
        }
    }
}
