import Foundation
import GestureTrace

/// Text and numbers as they go into the page: escaped for XML (the page is
/// well-formed XHTML, so every plot and the whole file parse as XML) and
/// numbers in one fixed format, so the same data gives the same bytes.
///
///     XMLText.escape("a < b & \"c\"")   // a &lt; b &amp; &quot;c&quot;
///     XMLText.coordinate(12.345)         // 12.35
enum XMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // XML 1.0 refuses most control characters even as references.
                if character.value < 0x20 && character != "\n" && character != "\t" {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(character)
                }
            }
        }
        return escaped
    }

    /// A drawing coordinate to 0.01 px; never `-0.00`.
    static func coordinate(_ value: Double) -> String {
        let text = String(format: "%.2f", value.isFinite ? value : 0)
        return text == "-0.00" ? "0.00" : text
    }

    /// A data value as stored in a `data-` attribute: shortest round-trip text.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// Words and numbers for people, as the demo and `compare` print them.
///
///     ReportFormat.milliseconds(958.2)   // "958 ms"
///     ReportFormat.milliseconds(7.34)    // "7.3 ms"
package enum ReportFormat {
    /// Whole milliseconds from 100 ms up, else to 0.1 ms; `?` for nothing.
    package static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "?" }
        return value >= 100 ? "\(Int(value.rounded()).grouped) ms" : String(format: "%.1f ms", value)
    }

    /// `p < 0.001` or `p = 0.098`.
    package static func p(_ value: Double) -> String {
        value < 0.001 ? "p < 0.001" : String(format: "p = %.3f", value)
    }
}
