import GRDB
import GestureTrace

/// One RFC 4180 field.
///
/// A field is quoted when it holds a comma, a quote, CR or LF, with quotes
/// doubled. NULL is an empty field and the empty string a quoted empty field
/// (`""`), so a reader that cares can tell them apart. Numbers are written in
/// their shortest round-trip form.
package enum CSVField {
    package static func encode(_ value: DatabaseValue) -> String {
        encode(value, forTerminal: false)
    }

    package static func encode(_ text: String) -> String {
        encode(text, forTerminal: false)
    }

    /// - Parameter forTerminal: text escaped first as ``TerminalText`` does,
    ///   for a terminal, where a capture's ESC or BEL would steer the screen.
    package static func encode(_ value: DatabaseValue, forTerminal: Bool) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let integer): return String(integer)
        case .double(let double): return NumberText.shortest(double)
        case .string(let string): return string.isEmpty ? "\"\"" : encode(string, forTerminal: forTerminal)
        case .blob(let data): return encode(data.base64EncodedString())
        }
    }

    package static func encode(_ text: String, forTerminal: Bool) -> String {
        let text = forTerminal ? TerminalText.escaped(text) : text
        guard text.utf8.contains(where: needsQuoting) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension CSVField {
    /// A comma, a quote, CR or LF: the bytes that make a field need quotes.
    static func needsQuoting(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D: true
        default: false
        }
    }
}
