import GRDB
import GestureTrace

/// SQL values as table cells for people.
enum TableCell {
    /// Milliseconds (columns named `…_ms`) to 0.1 ms, the resolution that
    /// matters at 120 Hz (8.3 ms a frame); other reals to six significant
    /// digits; NULL as an empty cell.
    static func text(for value: DatabaseValue, column: String) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let integer): return String(integer)
        case .double(let double):
            if column.hasSuffix("_ms") || column == "ms" {
                return String(format: "%.1f", double)
            }
            return NumberText.shortest(Double(String(format: "%.6g", double)) ?? double)
        case .string(let string):
            // One line per row, and nothing a capture put in its text may
            // move the cursor or recolour the terminal. CSV and JSON stay exact.
            return TerminalText.escaped(string)
        case .blob(let data): return "<\(data.count) bytes>"
        }
    }
}
