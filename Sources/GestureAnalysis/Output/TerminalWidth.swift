/// How many columns of a terminal a text takes: what lines up a table of
/// names such as `録音ボタン` or `👍 button`.
///
/// A character (grapheme cluster) shown as an emoji takes two columns; any
/// other takes two for each of its scalars that is wide in East Asian text
/// (CJK ideographs, kana, Hangul, fullwidth forms), none for a zero-width
/// mark, and one for the rest. This is what
/// terminals do for these characters (after `wcwidth`); the rarer
/// ambiguous-width characters count as one, as most Western terminals show
/// them.
///
/// ```swift
/// TerminalWidth.columns(of: "録音ボタン")   // 10
/// TerminalWidth.columns(of: "ok 👍")       // 5
/// ```
enum TerminalWidth {
    static func columns(of text: some StringProtocol) -> Int {
        var columns = 0
        for character in text {
            // ASCII first: nearly every cell is all ASCII.
            if character.isASCII {
                columns += 1
                continue
            }
            columns += Self.columns(of: character)
        }
        return columns
    }

    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji with its variation selector (❤️, #️⃣) or shown as one by default (👍, 🇯🇵).
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && scalars.contains(Self.emojiVariationSelector)) {
            return 2
        }
        // Else scalar by scalar, as terminals do: a halfwidth kana's sound
        // mark (ｶﾞ) joins its character but takes its own column.
        return scalars.reduce(0) { $0 + (isWide($1.value) ? 2 : isZeroWidth($1) ? 0 : 1) }
    }

    private static let emojiVariationSelector: Unicode.Scalar = "\u{FE0F}"

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x2FFFD,
             0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Combining marks, format characters (zero-width space and joiners,
    /// bidi controls) and variation selectors take no column of their own.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return scalar.properties.isVariationSelector
        }
    }
}
