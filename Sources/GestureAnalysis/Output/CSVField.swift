import GRDB

/// One RFC 4180 field.
///
/// A field is quoted when it holds a comma, a quote, CR or LF, with quotes
/// doubled. NULL is an empty field and the empty string a quoted empty field
/// (`""`), so a reader that cares can tell them apart. Numbers are written in
/// their shortest round-trip form.
public enum CSVField {
    public static func encode(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let integer): return String(integer)
        case .double(let double): return NumberText.shortest(double)
        case .string(let string): return string.isEmpty ? "\"\"" : encode(string)
        case .blob(let data): return encode(data.base64EncodedString())
        }
    }

    public static func encode(_ text: String) -> String {
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

/// Numbers as text.
enum NumberText {
    /// Shortest text that reads back as the same Double: `12.5`, `0.1`,
    /// `1e-07`; whole numbers without `.0`; non-finite values as `nan`/`inf`.
    static func shortest(_ value: Double) -> String {
        if let whole = wholeNumber(value) { return String(whole) }
        return value.description
    }

    /// The value as an integer when it is one that a Double holds exactly
    /// and `description` would write with `.0` or an exponent.
    static func wholeNumber(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }
}
