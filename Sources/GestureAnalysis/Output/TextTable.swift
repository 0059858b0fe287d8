/// Aligned columns of text for a terminal: every table gesturelab prints.
///
/// Columns are as wide as their widest cell, in terminal columns (a CJK
/// character or an emoji takes two, ``TerminalWidth``); each is padded on the left
/// (numbers, so digits line up) or on the right (words). Trailing spaces are
/// cut from every line.
///
/// ```swift
/// var table = TextTable(alignments: [.left, .right], separator: "  ")
/// table.append(["p50", "13.5 ms"])
/// table.append(["p95", "128.0 ms"])
/// print(table.text, terminator: "")
/// // p50   13.5 ms
/// // p95  128.0 ms
/// ```
struct TextTable {
    enum Alignment {
        case left, right
    }

    var alignments: [Alignment]
    var separator: String
    private(set) var rows: [[String]] = []
    /// Rows after which a line of dashes goes (the header's, for query results).
    private var ruleAfter: Set<Int> = []

    init(alignments: [Alignment], separator: String) {
        self.alignments = alignments
        self.separator = separator
    }

    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// A line of dashes under the last row appended, as wide as each column.
    mutating func appendRule() {
        ruleAfter.insert(rows.count - 1)
    }

    var text: String {
        var widths = Array(repeating: 0, count: alignments.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalWidth.columns(of: cell)) }
        }
        var text = ""
        for (number, row) in rows.enumerated() {
            text += line(row, widths: widths)
            if ruleAfter.contains(number) {
                text += line(widths.map { String(repeating: "-", count: $0) }, widths: widths)
            }
        }
        return text
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var line = cells.enumerated().map { index, cell in
            let padding = String(repeating: " ", count: widths[index] - TerminalWidth.columns(of: cell))
            return alignments[index] == .right ? padding + cell : cell + padding
        }.joined(separator: separator)
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }
}
