#if PostgreSQL
/// Calls of the two-argument percentile aggregates, rewritten so that
/// PostgreSQL keeps their values in an internal state.
///
/// The store's `percentile(Y, P)`, `percentile_cont(Y, F)` and
/// `percentile_disc(Y, F)` (server migration 0001) have a PL/pgSQL step whose
/// array PostgreSQL copies on every row: O(n²) per group. The reading
/// connection sends each such call as
///
///     percentile(pg_catalog.array_agg(gesturelab_pair(Y, P)) FILTER (…) OVER (…))
///
/// where `array_agg` appends in place and the one-argument `percentile`
/// (migration 0006) checks every row's fraction in row order, skips NULL
/// and NaN, refuses infinities and sorts once: O(n log n), the same answers
/// and messages. The result column keeps the name `percentile`.
///
/// Only what is surely a call of the store's aggregate changes: an unquoted,
/// unqualified name followed by `(` and exactly two arguments, with its
/// `FILTER (…)` and `OVER (…)`/`OVER name` when present. Left alone: string
/// literals, quoted names, comments; `schema.percentile(…)` (so
/// `pg_catalog.percentile_cont(0.5) WITHIN GROUP (…)` is PostgreSQL's own);
/// `DISTINCT`, `ALL` or `ORDER BY` inside the call; `WITHIN GROUP`; a name
/// after `AS`, `INTO`, `ON`, `TABLE`, `FUNCTION`, … (aliases, DDL) or before
/// `AS (` (a common table expression). Those run 0001's aggregate: the same
/// answer, slower. Arguments, filters and windows are rewritten within.
///
///     PercentileCalls.rewrite("SELECT percentile(latency_ms, 95) FROM responses")
///     // "SELECT percentile(pg_catalog.array_agg(gesturelab_pair(latency_ms, 95))) FROM responses"
enum PercentileCalls {
    /// The aggregates rewritten, lower-cased.
    static let names: Set<String> = ["percentile", "percentile_cont", "percentile_disc"]

    /// Words after which a name in parentheses is not a call.
    static let notAfter: Set<String> = [
        "as", "into", "on", "table", "function", "aggregate", "procedure", "routine", "exists", "view", "index",
    ]

    static func rewrite(_ sql: String) -> String {
        let lexemes = SQLLexeme.split(SQLTokenizer.tokens(sql))
        // Most SQL names no percentile function: send it as it was.
        guard lexemes.contains(where: { $0.name.map(names.contains) == true }) else { return sql }
        return rewrite(lexemes[...])
    }

    private static func rewrite(_ lexemes: ArraySlice<SQLLexeme>) -> String {
        var output = ""
        var index = lexemes.startIndex
        while index < lexemes.endIndex {
            if let call = Call(lexemes, at: index) {
                output += call.rewritten
                index = call.end
            } else {
                output += lexemes[index].text
                index += 1
            }
        }
        return output
    }

    /// One call to rewrite: `name(arguments) FILTER (…) OVER …`.
    private struct Call {
        let rewritten: String
        /// Past the call's last lexeme.
        let end: Int

        init?(_ lexemes: ArraySlice<SQLLexeme>, at start: Int) {
            guard let name = lexemes[start].name, PercentileCalls.names.contains(name) else { return nil }
            if let previous = lexemes.nonBlank(before: start),
               lexemes[previous].isPunctuation(".") || lexemes[previous].isPunctuation(")")
                || lexemes[previous].name.map(PercentileCalls.notAfter.contains) == true {
                return nil
            }
            guard let open = lexemes.nonBlank(after: start), lexemes[open].isPunctuation("("),
                  let close = lexemes.closing(open)
            else { return nil }
            let commas = lexemes.topLevel(open + 1..<close).filter { lexemes[$0].isPunctuation(",") }
            guard commas.count == 1 else { return nil }
            let inside = lexemes.topLevel(open + 1..<close).compactMap { lexemes[$0].name }
            if let first = lexemes.nonBlank(after: open), ["distinct", "all"].contains(lexemes[first].name ?? "") {
                return nil
            }
            if zip(inside, inside.dropFirst()).contains(where: { $0 == ("order", "by") }) { return nil }

            // The clauses that belong to the call, up to `tailEnd`.
            var tailEnd = close + 1
            if let next = lexemes.nonBlank(after: close), lexemes[next].name == "within" { return nil }
            if let next = lexemes.nonBlank(after: close), lexemes[next].name == "as",
               let after = lexemes.nonBlank(after: next),
               lexemes[after].isPunctuation("(") || ["materialized", "not"].contains(lexemes[after].name ?? "") {
                return nil
            }
            if let filter = lexemes.nonBlank(after: tailEnd - 1), lexemes[filter].name == "filter",
               let open = lexemes.nonBlank(after: filter), lexemes[open].isPunctuation("("),
               let close = lexemes.closing(open) {
                tailEnd = close + 1
            }
            if let over = lexemes.nonBlank(after: tailEnd - 1), lexemes[over].name == "over",
               let window = lexemes.nonBlank(after: over) {
                if lexemes[window].isPunctuation("(") {
                    guard let close = lexemes.closing(window) else { return nil }
                    tailEnd = close + 1
                } else if lexemes[window].name != nil {
                    tailEnd = window + 1
                }
            }
            let spelled = lexemes[start..<open].map(\.text).joined()
            rewritten = spelled + "(pg_catalog.array_agg(gesturelab_pair("
                + PercentileCalls.rewrite(lexemes[(open + 1)..<close]) + "))"
                + PercentileCalls.rewrite(lexemes[(close + 1)..<tailEnd]) + ")"
            end = tailEnd
        }
    }
}
#endif
