#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Typed access to the known fields of the current line.
///
/// Required fields must be present with the right type; optional fields may
/// be absent or `null` (as many JSON writers spell absence) but are refused
/// when present with any other wrong type.
extension RecordDecoder {
    @inline(__always)
    mutating func requiredMember(_ key: FieldKey, expected: String) throws(LineProblem) -> JSONMember {
        guard let member = try member(key) else {
            throw Self.missing(key, expected: expected)
        }
        return member
    }

    @inline(never)
    static func missing(_ key: FieldKey, expected: String) -> LineProblem {
        LineProblem(field: key.name, "missing; expected \(expected)")
    }

    mutating func optionalMember(_ key: FieldKey) throws(LineProblem) -> JSONMember? {
        guard let member = try member(key), member.kind != .null else { return nil }
        return member
    }

    /// A required string; `nonEmpty` refuses `""`.
    mutating func requiredString(_ key: FieldKey, expected: String = "a non-empty string",
                                 nonEmpty: Bool = true) throws(LineProblem) -> UnsafeBufferPointer<UInt8> {
        let member = try requiredMember(key, expected: expected)
        return try string(member, field: key.name, expected: expected, nonEmpty: nonEmpty)
    }

    mutating func optionalString(_ key: FieldKey) throws(LineProblem) -> UnsafeBufferPointer<UInt8>? {
        guard let member = try optionalMember(key) else { return nil }
        return try string(member, field: key.name, expected: "a string", nonEmpty: false)
    }

    mutating func string(_ member: JSONMember, field: String, expected: String,
                         nonEmpty: Bool) throws(LineProblem) -> UnsafeBufferPointer<UInt8> {
        guard member.kind == .string else {
            throw LineProblem(field: field, "found \(found(member)), expected \(expected)")
        }
        let bytes = stringBytes(member)
        if nonEmpty && bytes.isEmpty {
            throw LineProblem(field: field, "found an empty string, expected \(expected)")
        }
        if bytes.count > TraceLimits.maxTextBytes { throw Self.tooLong(bytes, field: field) }
        if member.valueHasEscapes { try refuseNUL(bytes, member, field: field) }
        return bytes
    }

    /// Refuses a name or label longer than ``TraceLimits/maxTextBytes``.
    @inline(never)
    static func tooLong(_ bytes: UnsafeBufferPointer<UInt8>, field: String) -> LineProblem {
        LineProblem(field: field, "found a string of \(bytes.count.grouped) bytes (\"\(display(bytes))\"); expected at most "
            + "\(TraceLimits.maxTextBytes) bytes of UTF-8 (\(TraceLimits.rule))")
    }

    /// Refuses a string holding NUL (`\u0000` in the capture; a raw NUL byte
    /// is already refused as a control character).
    ///
    /// Refused rather than stored: SQLite text and C strings end at NUL, so
    /// SQLite's functions, its shell and every C client would see the value
    /// cut short, and two ids that differ only after a NUL would collide.
    /// No recorder has a reason to write one. Only strings with escapes are
    /// searched: callers test `valueHasEscapes` first, so that ordinary
    /// strings pay one branch (a call for every string showed in the
    /// instructions reading executes).
    @inline(never)
    func refuseNUL(_ bytes: UnsafeBufferPointer<UInt8>, _ member: JSONMember, field: String) throws(LineProblem) {
        guard !bytes.isEmpty, memchr(bytes.baseAddress!, 0, bytes.count) != nil else { return }
        throw LineProblem(field: field, "found \(found(member)), which contains a NUL character (U+0000); expected a string without NUL")
    }

    /// The key of a member of a nested object (`config`, `device`), decoded;
    /// a key holding NUL is refused as `refuseNUL` explains.
    mutating func nestedKey(_ item: JSONMember, in object: String) throws(LineProblem) -> String {
        let bytes = decodedString(start: item.keyStart, end: item.keyEnd, hasEscapes: item.keyHasEscapes)
        if bytes.count > TraceLimits.maxTextBytes {
            throw LineProblem(field: object, "found a key of \(bytes.count.grouped) bytes (\"\(Self.display(bytes))\"); expected "
                + "keys of at most \(TraceLimits.maxTextBytes) bytes of UTF-8 (\(TraceLimits.rule))")
        }
        let key = String(decoding: bytes, as: UTF8.self)
        if item.keyHasEscapes, !bytes.isEmpty, memchr(bytes.baseAddress!, 0, bytes.count) != nil {
            throw LineProblem(field: "\(object).\(key)", "the key contains a NUL character (U+0000); expected a key without NUL")
        }
        return key
    }

    mutating func requiredNumber(_ key: FieldKey, expected: String) throws(LineProblem) -> Double {
        let member = try requiredMember(key, expected: expected)
        return try number(member, field: key.name, expected: expected)
    }

    mutating func optionalNumber(_ key: FieldKey, expected: String = "a finite number") throws(LineProblem) -> Double? {
        guard let member = try optionalMember(key) else { return nil }
        return try number(member, field: key.name, expected: expected)
    }

    func number(_ member: JSONMember, field: String, expected: String) throws(LineProblem) -> Double {
        guard member.kind == .number else {
            throw LineProblem(field: field, "found \(found(member)), expected \(expected)")
        }
        let value = JSONNumber.double(base + member.valueStart, count: member.valueEnd - member.valueStart)
        guard value.isFinite else {
            throw LineProblem(field: field, "found \(found(member)), a non-finite number; expected \(expected)")
        }
        return value
    }

    /// `t`: seconds as exact nanoseconds, within `TraceTime.range`.
    mutating func time() throws(LineProblem) -> Int64 {
        let expected = "a finite number of seconds"
        let member = try requiredMember(.t, expected: expected)
        guard member.kind == .number else {
            throw LineProblem(field: "t", "found \(found(member)), expected \(expected)")
        }
        let nanos: Int64
        do {
            nanos = try JSONNumber.nanoseconds(base + member.valueStart, count: member.valueEnd - member.valueStart)
        } catch {
            // Overflow to infinity is the non-finite case the format names.
            let asDouble = JSONNumber.double(base + member.valueStart, count: member.valueEnd - member.valueStart)
            throw Self.timeOutOfRange(found(member), nonFinite: !asDouble.isFinite)
        }
        guard TraceTime.isInRange(nanos) else {
            throw Self.timeOutOfRange(found(member), nonFinite: false)
        }
        return nanos
    }

    @inline(never)
    static func timeOutOfRange(_ found: String, nonFinite: Bool) -> LineProblem {
        LineProblem(field: "t", "found \(found), \(nonFinite ? "a non-finite number" : "out of range"); expected \(TraceTime.rangeText)")
    }

    /// A touch id: an integer written without fraction or exponent.
    func touchID(_ member: JSONMember, field: String) throws(LineProblem) -> Int64 {
        let expected = "an integer touch id (digits only, no fraction or exponent)"
        guard member.kind == .number else {
            throw LineProblem(field: field, "found \(found(member)), expected \(expected)")
        }
        do {
            return try JSONNumber.integer(base + member.valueStart, count: member.valueEnd - member.valueStart)
        } catch .notAnInteger {
            throw LineProblem(field: field, "found \(found(member)), expected \(expected)")
        } catch {
            throw LineProblem(field: field, "found \(found(member)), out of range; expected \(expected) that fits in 64 bits")
        }
    }

    mutating func optionalTouchID() throws(LineProblem) -> Int64? {
        guard let member = try optionalMember(.touch) else { return nil }
        return try touchID(member, field: "touch")
    }

    /// A value of one of the format's enumerations.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ member: JSONMember, field: String, table: [(name: [UInt8], value: Value)]
    ) throws(LineProblem) -> Value where Value.RawValue == String {
        if member.kind == .string {
            let bytes = stringBytes(member)
            for entry in table where entry.name.count == bytes.count {
                let same = entry.name.withUnsafeBufferPointer { name in
                    memcmp(name.baseAddress!, bytes.baseAddress!, name.count) == 0
                }
                if same { return entry.value }
            }
        }
        let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw LineProblem(field: field, "found \(found(member)), expected one of \(names)")
    }

    static func table<Value: RawRepresentable & CaseIterable>(_: Value.Type) -> [(name: [UInt8], value: Value)]
        where Value.RawValue == String {
        Value.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    /// The `session` of a record, which must have been declared earlier.
    mutating func declaredSession() throws(LineProblem) -> (index: Int, id: String) {
        let bytes = try requiredString(.session, expected: "a non-empty string naming a declared session")
        if lastSessionIndex >= 0, sessions.equals(lastSessionIndex, bytes) {
            return (lastSessionIndex, sessions.strings[lastSessionIndex])
        }
        guard let index = sessions.index(of: bytes) else {
            throw LineProblem(field: "session", "unknown session \"\(Self.display(bytes))\": no session record on an earlier line declares it")
        }
        lastSessionIndex = index
        return (index, sessions.strings[index])
    }
}
