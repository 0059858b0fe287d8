#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns one line of a capture into a validated header or record.
///
/// Owns the state that outlives a line: the declared sessions and the
/// interned strings, plus buffers reused from line to line so that decoding
/// allocates only the `String`s a record returns (and not even those for
/// values seen before).
struct RecordDecoder {
    /// What a line after the header holds.
    enum Decoded {
        /// A record and the index of its session in `sessions`.
        case record(TraceRecord, session: Int)
        /// A line of a `type` this reader does not know, to be skipped.
        case unknownType(String)
    }

    /// Declared session ids, indexed in declaration order.
    private(set) var sessions = ByteStringTable()
    /// The line declaring each session, by index.
    private(set) var sessionLines: [Int] = []
    /// Events each session's `dropped` records have counted so far, by
    /// index: the store keeps their sum, which must fit in 64 bits.
    var droppedTotals: [Int64] = []
    /// The session the previous record named: records come in runs of one
    /// session, so comparing with it first usually saves hashing the id.
    var lastSessionIndex = -1
    /// Repeated values: targets, events, channels, recognizers, classes.
    private var interned = ByteStringTable(limit: 4096)
    /// Longer values are not interned, which bounds the table's bytes at
    /// 1 MiB. Recorders name targets by their description, an object's
    /// address and frame included, often past 64 bytes: each such value
    /// not interned is a new `String` a record, and the deriver hashes its
    /// bytes again because it cannot know the string.
    static let longestInternedString = 256

    private var members: [JSONMember] = []
    private var stack: [UInt8] = []
    /// Member index of each known key in this line; meaningful only for
    /// the keys in `presentKeys`, so nothing needs clearing between lines.
    private var slots = [Int](repeating: -1, count: FieldKey.allCases.count)
    /// Known keys that occur in this line, one bit per key.
    private var presentKeys: UInt64 = 0
    /// Known keys that occur more than once in this line, one bit per key.
    private var duplicateKeys: UInt64 = 0
    /// Decoded text of escaped strings; pointers into it stay valid for the
    /// whole line because it is sized to the line before the first use.
    private let scratch = ByteScratch(capacity: 1 << 12)
    private var scratchUsed = 0
    private var scratchReady = false

    /// The current line.
    private(set) var base: UnsafePointer<UInt8>
    private(set) var count = 0
    private var columnBias = 0

    /// Configuration keys every session gets (`import --label`).
    let labels: [(key: String, value: String)]

    init(labels: [(key: String, value: String)] = []) {
        self.labels = labels
        base = UnsafePointer(scratch.pointer)
    }

    // MARK: Line structure

    /// Checks UTF-8 and JSON syntax and indexes the known top-level keys.
    private mutating func scan(_ line: LineSource.Line) throws(LineProblem) {
        base = line.bytes
        count = line.count
        columnBias = line.columnBias
        scratchUsed = 0
        scratchReady = false
        if let invalid = UTF8Validator.firstInvalidOffset(base, count: count) {
            throw LineProblem("bytes are not valid UTF-8 at column \(invalid + 1 + columnBias) (byte 0x\(JSONScanner.hex(UInt32(base[invalid]), digits: 2)))")
        }
        members.removeAll(keepingCapacity: true)
        var scanner = JSONScanner(bytes: base, count: count)
        do {
            try scanner.scanTopLevelObject(into: &members, stack: &stack)
        } catch {
            throw LineProblem("malformed JSON at column \(error.offset + 1 + columnBias): \(error.message)")
        }
        presentKeys = 0
        duplicateKeys = 0
        for index in members.indices {
            guard let key = identifyKey(of: members[index]) else { continue }
            let bit: UInt64 = 1 << UInt64(key.rawValue)
            if presentKeys & bit != 0 {
                duplicateKeys |= bit
            } else {
                presentKeys |= bit
                slots[key.rawValue] = index
            }
        }
    }

    /// Whether `line` is valid UTF-8 holding one JSON object, whatever its
    /// fields: a refused last line without a line end that does not parse
    /// reads as a capture cut off. Asked only after a refusal.
    mutating func parses(_ line: LineSource.Line) -> Bool {
        do {
            try scan(line)
            return true
        } catch {
            return false
        }
    }

    private mutating func identifyKey(of member: JSONMember) -> FieldKey? {
        if !member.keyHasEscapes {
            return FieldKey.identify(base + member.keyStart, count: member.keyEnd - member.keyStart)
        }
        let key = decodedString(start: member.keyStart, end: member.keyEnd, hasEscapes: true)
        return FieldKey.identify(key.baseAddress!, count: key.count)
    }

    /// The line's `type`, checked to be a non-empty string.
    private mutating func typeBytes() throws(LineProblem) -> UnsafeBufferPointer<UInt8> {
        guard let member = try member(.type) else {
            throw LineProblem(field: "type", "missing; expected a string naming the record type (\(Self.kindList))")
        }
        guard member.kind == .string else {
            throw LineProblem(field: "type", "found \(found(member)), expected a string naming the record type")
        }
        let bytes = stringBytes(member)
        guard !bytes.isEmpty else {
            throw LineProblem(field: "type", "found an empty string, expected a record type name")
        }
        if member.valueHasEscapes { try refuseNUL(bytes, member, field: "type") }
        return bytes
    }

    // MARK: Whole lines

    /// Decodes the first non-blank line, which must be a supported header.
    mutating func decodeHeader(_ line: LineSource.Line) throws(LineProblem) -> TraceHeader {
        let expected = #"expected the header {"type":"header","format":"gesture-trace","version":1} as the first line"#
        do {
            try scan(line)
        } catch {
            throw LineProblem("missing header: \(expected), found a line that is not valid: \(error.message)")
        }
        guard let typeMember = try member(.type), typeMember.kind == .string else {
            throw LineProblem(field: "type", "missing header: \(expected), found an object without a string 'type'")
        }
        let type = stringBytes(typeMember)
        guard FieldKey.equals(type, "header") else {
            throw LineProblem(field: "type", "missing header: \(expected), found a '\(Self.display(type))' record")
        }
        return try header()
    }

    /// Decodes a line after the header.
    mutating func decode(_ line: LineSource.Line) throws(LineProblem) -> Decoded {
        try scan(line)
        let type = try typeBytes()
        guard let kind = Self.kind(named: type) else {
            if FieldKey.equals(type, "header") {
                throw LineProblem(field: "type", "found a second header; only the first line of a capture is its header")
            }
            return .unknownType(String(decoding: type, as: UTF8.self))
        }
        // Exhaustive: a kind added to `TraceRecord.Kind` does not build
        // until it is decoded here.
        switch kind {
        case .touch: return try touch()
        case .delivery: return try delivery()
        case .transition: return try transition()
        case .frame: return try frame()
        case .dropped: return try dropped()
        case .session: return try session(line: line.number)
        case .target: return try target()
        }
    }

    /// `session, touch, transition, delivery, frame, dropped`, for messages.
    static let kindList = TraceRecord.Kind.allCases.map(\.name).joined(separator: ", ")

    /// The kind a record's `type` names, nil for any other string.
    ///
    /// Literals compared by length first, since this runs once a line;
    /// `RecordDecoderTests` holds them to `TraceRecord.Kind.name` for every
    /// case.
    static func kind(named type: UnsafeBufferPointer<UInt8>) -> TraceRecord.Kind? {
        switch type.count {
        case 5 where FieldKey.equals(type, "touch"): .touch
        case 8 where FieldKey.equals(type, "delivery"): .delivery
        case 10 where FieldKey.equals(type, "transition"): .transition
        case 5 where FieldKey.equals(type, "frame"): .frame
        case 7 where FieldKey.equals(type, "dropped"): .dropped
        case 7 where FieldKey.equals(type, "session"): .session
        case 6 where FieldKey.equals(type, "target"): .target
        default: nil
        }
    }

    /// Registers a session id (already checked to be new), declared on `line`.
    mutating func declareSession(_ id: UnsafeBufferPointer<UInt8>, line: Int) -> Int {
        let index = sessions.insert(id)!
        sessionLines.append(line)
        return index
    }

    // MARK: Members

    /// The member for a known key, nil when absent; a key given twice is refused.
    @inline(__always)
    mutating func member(_ key: FieldKey) throws(LineProblem) -> JSONMember? {
        let bit: UInt64 = 1 << UInt64(key.rawValue)
        if duplicateKeys & bit != 0 {
            throw Self.duplicate(key)
        }
        return presentKeys & bit != 0 ? members[slots[key.rawValue]] : nil
    }

    /// Kept out of line so that the lookup above inlines into every field.
    @inline(never)
    static func duplicate(_ key: FieldKey) -> LineProblem {
        LineProblem(field: key.name, "appears more than once in the object; expected it once")
    }

    /// The bytes of a string member, decoded when it has escapes.
    mutating func stringBytes(_ member: JSONMember) -> UnsafeBufferPointer<UInt8> {
        decodedString(start: member.valueStart, end: member.valueEnd, hasEscapes: member.valueHasEscapes)
    }

    mutating func decodedString(start: Int, end: Int, hasEscapes: Bool) -> UnsafeBufferPointer<UInt8> {
        guard hasEscapes else {
            return UnsafeBufferPointer(start: base + start, count: end - start)
        }
        if !scratchReady {
            // Decoded text never exceeds the line, so one reservation per line
            // keeps earlier pointers valid.
            scratch.reserve(count + 16, preserving: 0)
            scratchReady = true
        }
        let output = scratch.pointer + scratchUsed
        let written = JSONScanner.decodeString(base, start: start, end: end, into: output)
        scratchUsed += written
        return UnsafeBufferPointer(start: output, count: written)
    }

    /// A `String` for a value that repeats across lines, shared when seen before.
    mutating func internedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count > Self.longestInternedString {
            return String(decoding: bytes, as: UTF8.self)
        }
        return interned.intern(bytes)
    }

    /// How a refusal shows the value it found: strings decoded and quoted,
    /// numbers as written, other values by kind. Decoded, not as written:
    /// printing escapes the text once (`TerminalText`), so `\n` in a capture
    /// shows as `\n`, not `\\n`.
    func found(_ member: JSONMember) -> String {
        switch member.kind {
        case .string:
            let raw = UnsafeBufferPointer(start: base + member.valueStart, count: member.valueEnd - member.valueStart)
            guard member.valueHasEscapes else { return "\"\(Self.display(raw))\"" }
            // A refusal is rare: a fresh buffer keeps the line's scratch untouched.
            let decoded = [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, written in
                written = JSONScanner.decodeString(base, start: member.valueStart, end: member.valueEnd,
                                                   into: buffer.baseAddress!)
            }
            return decoded.withUnsafeBufferPointer { "\"\(Self.display($0))\"" }
        case .number:
            return Self.display(UnsafeBufferPointer(start: base + member.valueStart, count: member.valueEnd - member.valueStart))
        default:
            return member.kind.article
        }
    }

    /// Text for a message, shortened so one line stays readable.
    static func display(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let limit = 60
        if bytes.count <= limit {
            return String(decoding: bytes, as: UTF8.self)
        }
        var prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<limit]), as: UTF8.self)
        // A cut through a multi-byte character decodes as U+FFFD; drop it.
        while prefix.hasSuffix("\u{FFFD}") { prefix.removeLast() }
        return prefix + "…"
    }
}

extension FieldKey {
    /// Whether `bytes` are exactly `literal`.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && (bytes.isEmpty || matches(bytes.baseAddress!, literal))
    }
}
