/// The kind of a JSON value found by `JSONScanner`.
enum JSONValueKind: UInt8 {
    case string, number, object, array, `true`, `false`, null

    /// How refusal messages name a value of this kind.
    var article: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .object: "an object"
        case .array: "an array"
        case .true: "true"
        case .false: "false"
        case .null: "null"
        }
    }
}

/// One `"key": value` member of a scanned object, as byte offsets into the line.
///
/// For strings the span is the text between the quotes; for every other kind
/// it is the whole value (numbers, literals, and nested containers with their
/// brackets).
struct JSONMember {
    var keyStart: Int
    var keyEnd: Int
    var valueStart: Int
    var valueEnd: Int
    var kind: JSONValueKind
    var keyHasEscapes: Bool
    var valueHasEscapes: Bool
}

/// A syntax error at a byte offset of the line.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
}

/// A strict RFC 8259 scanner over one line of bytes that is already known to be
/// valid UTF-8.
///
/// It splits an object into members without decoding them, so the record
/// decoder converts only the values it needs; everything else, including
/// unknown fields nested to any depth, is still checked for valid syntax.
struct JSONScanner {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var position: Int

    /// Nesting deeper than this is refused rather than tracked without bound.
    static let maximumDepth = 512

    init(bytes: UnsafePointer<UInt8>, count: Int, position: Int = 0) {
        self.bytes = bytes
        self.count = count
        self.position = position
    }

    /// The byte at `position`, or 0 at the end: 0 is never valid where a
    /// token is expected, so the end needs no separate branch.
    @inline(__always)
    var current: UInt8 {
        position < count ? bytes[position] : 0
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Compact captures have no whitespace between tokens: one test of a
        // byte above the space settles nearly every call.
        guard position < count, bytes[position] <= 0x20 else { return }
        while position < count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            position += 1
        }
    }

    /// Scans a line that must hold exactly one object, appending its members.
    mutating func scanTopLevelObject(into members: inout [JSONMember], stack: inout [UInt8]) throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == UInt8(ascii: "{") else {
            throw JSONSyntaxError(offset: position, message: "expected a JSON object starting with '{', found \(describeCurrent())")
        }
        try scanMembers(into: &members, stack: &stack)
        skipWhitespace()
        guard position == count else {
            throw JSONSyntaxError(offset: position, message: "unexpected \(describeCurrent()) after the end of the object")
        }
    }

    /// Scans the object starting at `position` (a `{`) through its `}`.
    mutating func scanMembers(into members: inout [JSONMember], stack: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: position, message: "expected a string key, found \(describeCurrent())")
            }
            position += 1
            let keyStart = position
            let keyHasEscapes = try scanShortStringBody()
            let keyEnd = position - 1
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: position, message: "expected ':' after a key, found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            var member = JSONMember(keyStart: keyStart, keyEnd: keyEnd, valueStart: position, valueEnd: position,
                                    kind: .null, keyHasEscapes: keyHasEscapes, valueHasEscapes: false)
            switch current {
            case UInt8(ascii: "\""):
                position += 1
                member.valueStart = position
                member.valueHasEscapes = try scanShortStringBody()
                member.valueEnd = position - 1
                member.kind = .string
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                member.kind = current == UInt8(ascii: "{") ? .object : .array
                try skipContainer(stack: &stack)
                member.valueEnd = position
            default:
                member.kind = try scanScalar()
                member.valueEnd = position
            }
            members.append(member)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return
            default:
                throw JSONSyntaxError(offset: position, message: "expected ',' or '}' after a value, found \(describeCurrent())")
            }
        }
    }

    /// Scans a number or a literal starting at `position`.
    mutating func scanScalar() throws(JSONSyntaxError) -> JSONValueKind {
        switch current {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            return .number
        case UInt8(ascii: "t"):
            try scanLiteral("true")
            return .true
        case UInt8(ascii: "f"):
            try scanLiteral("false")
            return .false
        case UInt8(ascii: "n"):
            try scanLiteral("null")
            return .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw JSONSyntaxError(offset: position, message: "found \(describeCurrent()): non-finite numbers (NaN, Infinity) are not JSON; expected a finite number")
        case UInt8(ascii: "\""):
            position += 1
            _ = try scanStringBody()
            return .string
        default:
            throw JSONSyntaxError(offset: position, message: "expected a value, found \(describeCurrent())")
        }
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        var index = 0
        while index < length {
            guard position + index < count, bytes[position + index] == start[index] else {
                throw JSONSyntaxError(offset: position, message: "expected a value, found \(describeCurrent())")
            }
            index += 1
        }
        position += length
    }

    /// Checks the RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONSyntaxError) {
        if current == UInt8(ascii: "-") {
            position += 1
            if current == UInt8(ascii: "I") {
                throw JSONSyntaxError(offset: position - 1, message: "found '-Infinity': non-finite numbers are not JSON; expected a finite number")
            }
        }
        if current == UInt8(ascii: "0") {
            position += 1
            if Self.isDigit(current) {
                throw JSONSyntaxError(offset: position - 1, message: "a number may not have a leading zero")
            }
        } else if Self.isDigit(current) {
            repeat { position += 1 } while Self.isDigit(current)
        } else {
            throw JSONSyntaxError(offset: position, message: "expected a digit in a number, found \(describeCurrent())")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard Self.isDigit(current) else {
                throw JSONSyntaxError(offset: position, message: "expected a digit after '.', found \(describeCurrent())")
            }
            repeat { position += 1 } while Self.isDigit(current)
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                position += 1
            }
            guard Self.isDigit(current) else {
                throw JSONSyntaxError(offset: position, message: "expected a digit in the exponent, found \(describeCurrent())")
            }
            repeat { position += 1 } while Self.isDigit(current)
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Validates an array or object from its opening bracket through the
    /// matching close, without recursion so that deep nesting cannot exhaust
    /// the stack.
    mutating func skipContainer(stack: inout [UInt8]) throws(JSONSyntaxError) {
        enum State { case opened, expectValue, afterValue }
        stack.removeAll(keepingCapacity: true)
        stack.append(current)
        position += 1
        var state = State.opened
        while true {
            switch state {
            case .opened:
                skipWhitespace()
                let isObject = stack[stack.count - 1] == UInt8(ascii: "{")
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if current == closer {
                    position += 1
                    stack.removeLast()
                    if stack.isEmpty { return }
                    state = .afterValue
                } else {
                    if isObject { try scanKeyAndColon() }
                    state = .expectValue
                }
            case .expectValue:
                skipWhitespace()
                let byte = current
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard stack.count < Self.maximumDepth else {
                        throw JSONSyntaxError(offset: position, message: "nesting deeper than \(Self.maximumDepth) levels")
                    }
                    stack.append(byte)
                    position += 1
                    state = .opened
                } else {
                    _ = try scanScalar()
                    state = .afterValue
                }
            case .afterValue:
                skipWhitespace()
                let isObject = stack[stack.count - 1] == UInt8(ascii: "{")
                let byte = current
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if isObject {
                        skipWhitespace()
                        try scanKeyAndColon()
                    }
                    state = .expectValue
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    if stack.isEmpty { return }
                } else {
                    let expected = isObject ? "',' or '}'" : "',' or ']'"
                    throw JSONSyntaxError(offset: position, message: "expected \(expected) after a value, found \(describeCurrent())")
                }
            }
        }
    }

    private mutating func scanKeyAndColon() throws(JSONSyntaxError) {
        guard current == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(offset: position, message: "expected a string key, found \(describeCurrent())")
        }
        position += 1
        _ = try scanStringBody()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            throw JSONSyntaxError(offset: position, message: "expected ':' after a key, found \(describeCurrent())")
        }
        position += 1
    }

    /// Names the byte at `position` for an error message: the character, or
    /// "end of line". A character beyond ASCII (but a control) also gets its code point,
    /// since many are invisible or look like ASCII (a byte order mark, a
    /// no-break space, a fullwidth brace).
    func describeCurrent() -> String {
        guard position < count else { return "end of line" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return "control character U+\(Self.hex(UInt32(byte), digits: 4))"
        }
        // The line is valid UTF-8, so a lead byte starts a whole scalar.
        var length = 1
        while position + length < count, length < 4, bytes[position + length] & 0xC0 == 0x80 { length += 1 }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + position, count: length), as: UTF8.self)
        // A C1 control is already shown as its escape (TerminalText).
        guard let scalar = text.unicodeScalars.first, scalar.properties.generalCategory != .control else {
            return "'\(text)'"
        }
        return "'\(text)' (U+\(Self.hex(scalar.value, digits: 4)))"
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
