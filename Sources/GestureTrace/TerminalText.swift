/// Makes text from a capture or a command line safe to print: one line, no
/// characters that steer a terminal or reorder what it shows.
///
/// Every message that quotes such text goes through `escaped(_:)` once, where
/// it is printed (`TraceError.description`, the import's summary and warning
/// lines), so a capture cannot forge an output line, recolour the terminal or
/// hide part of a message, whatever field it puts the text in.
///
/// The rule, applied per Unicode scalar:
/// - `\` becomes `\\`, so an escape below is never confused with text that
///   merely looks like one;
/// - line feed, carriage return and tab become `\n`, `\r`, `\t`;
/// - every other C0 control (U+0000–U+001F, ESC included), DEL (U+007F) and
///   C1 control (U+0080–U+009F, NEL and CSI included) becomes `\u` and four
///   upper-case hex digits, as JSON writes it;
/// - so do the line and paragraph separators (U+2028, U+2029), which some
///   terminals and log viewers break lines at, and the bidirectional controls
///   (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder
///   the characters after them on screen.
///
/// Everything else, including other non-ASCII text and quotes, is kept.
///
/// ```swift
/// TerminalText.escaped("a\u{1B}[31mb\nimported x")  // a\u001B[31mb\nimported x
/// ```
public enum TerminalText {
    public static func escaped(_ text: some StringProtocol) -> String {
        // Most text needs nothing: return it without building a copy.
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            }
        }
        return result
    }

    /// Whether `scalar` is written as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x5C, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
