import GRDB
import GestureTrace

/// SQL values as JSON text.
enum JSONText {
    /// - Parameter forTerminal: also DEL, C1 controls and the characters
    ///   that reorder or break lines as `\u` escapes (``TerminalText``), for
    ///   a terminal; the same string to a JSON reader.
    static func value(_ value: DatabaseValue, forTerminal: Bool = false) -> String {
        switch value.storage {
        case .null: return "null"
        case .int64(let integer): return String(integer)
        case .double(let double): return double.isFinite ? NumberText.shortest(double) : "null"
        case .string(let string): return Self.string(string, forTerminal: forTerminal)
        case .blob(let data): return Self.string(data.base64EncodedString())
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String, forTerminal: Bool = false) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (forTerminal && TerminalText.needsEscape(scalar)):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
