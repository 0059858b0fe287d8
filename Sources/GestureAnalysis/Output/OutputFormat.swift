/// How rows are printed: `table` for people, the rest for programs.
package enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns, numbers right-aligned, milliseconds to 0.1 ms.
    case table
    /// RFC 4180: header row, comma-separated, CRLF line ends, NULL as an empty field.
    case csv
    /// One JSON array of objects.
    case json
    /// One JSON object per line.
    case ndjson
}
