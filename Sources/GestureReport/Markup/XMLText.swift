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
                // XML 1.0 refuses most control characters even as references:
                // each is drawn as its symbol from Control Pictures (U+2400…,
                // ␍ for a carriage return, ␛ for escape, ␡ for delete), so two
                // names that differ only there still read differently.
                if character.value < 0x20 && character != "\n" && character != "\t" {
                    escaped.unicodeScalars.append(Unicode.Scalar(0x2400 + character.value)!)
                } else if character.value == 0x7F {
                    escaped += "\u{2421}"
                } else if (0x80...0x9F).contains(character.value) {
                    // C1 controls (U+009B is a terminal's CSI) have no
                    // pictures: drawn as the terminal shows them, \u009B.
                    escaped += TerminalText.escaped(String(character))
                } else {
                    escaped.unicodeScalars.append(character)
                }
            }
        }
        return escaped
    }

    /// FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what `<bdi>` and
    /// `unicode-bidi: isolate` stand for, as characters.
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}", popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// A user-supplied name (variant, configuration value, target, session,
    /// file…) as the page shows it: isolated from the text around it, so that
    /// right-to-left letters or a U+202E in it cannot reorder the page's own
    /// words and numbers after it ("92 touches" drawn as "29 sehcuot").
    ///
    /// Characters rather than `<bdi>`, because names go into sentences that
    /// are at once HTML text, SVG `<text>`, and `<desc>` or `<title>`, which
    /// hold no markup; browsers honour the characters in all of them. The
    /// report's content layer isolates every name where it enters a section
    /// (``ReportSection``, ``RateSection``, the titles and the inventory), so
    /// no sentence built from them can forget. A PDI in the name that closes
    /// nothing of its own is dropped, so it cannot end the isolation early;
    /// overrides and embeddings left open in the name end at the final PDI.
    /// Isolating an isolated name changes nothing.
    ///
    ///     XMLText.isolate("bottom+right\u{202E}")   // "\u{2068}bottom+right\u{202E}\u{2069}"
    static func isolate(_ name: String) -> String {
        if isIsolated(name) { return name }
        var isolated = String.UnicodeScalarView()
        isolated.append(firstStrongIsolate)
        var depth = 0
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068: depth += 1
            case 0x2069:
                guard depth > 0 else { continue }
                depth -= 1
            default: break
            }
            isolated.append(scalar)
        }
        // Isolates opened in the name close before the name's own PDI, so that one matches the FSI.
        for _ in 0..<depth { isolated.append(popDirectionalIsolate) }
        isolated.append(popDirectionalIsolate)
        return String(isolated)
    }

    /// A name cut to `limit` characters with an ellipsis when longer, for
    /// SVG text, which does not wrap: the plots' legends and row labels keep
    /// their room, and the caller shows the whole name as the text's
    /// `<title>`. An isolated name stays isolated.
    ///
    ///     XMLText.shortened("CanvasViewController.panGestureRecognizer", to: 20)   // "CanvasViewControlle…"
    static func shortened(_ name: String, to limit: Int) -> String? {
        let isolated = isIsolated(name)
        let inner = isolated ? String(name.unicodeScalars.dropFirst().dropLast()) : name
        guard inner.count > limit else { return nil }
        let cut = String(inner.prefix(max(limit - 1, 1))) + "\u{2026}"
        return isolated ? isolate(cut) : cut
    }

    /// SVG text of a name: whole when it fits `limit` characters, else cut
    /// with the whole name as its `<title>` (a tooltip), escaped either way.
    static func svgName(_ prefix: String, _ name: String, limit: Int) -> String {
        guard let short = shortened(name, to: limit) else { return escape(prefix + name) }
        return "<title>\(escape(prefix + name))</title>\(escape(prefix + short))"
    }

    /// Whether `text` is one isolate: an FSI whose matching PDI is its last character.
    static func isIsolated(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == firstStrongIsolate, scalars.last == popDirectionalIsolate else { return false }
        var depth = 0
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x2066...0x2068: depth += 1
            case 0x2069:
                depth -= 1
                if depth == 0 { return index == scalars.count - 1 }
            default: break
            }
        }
        return false
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
        return abs(value) >= 100 ? "\(Int(value.rounded()).grouped) ms" : String(format: "%.1f ms", value)
    }

    /// `p < 0.001` or `p = 0.098`.
    package static func p(_ value: Double) -> String {
        value < 0.001 ? "p < 0.001" : String(format: "p = %.3f", value)
    }
}
