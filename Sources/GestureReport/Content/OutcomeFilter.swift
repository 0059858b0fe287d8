import GRDB
import GestureAnalysis

/// `WHERE` conditions that pick one group's rows of `outcomes` or
/// `starts`: its sessions (as `compare` grouped them), and the row-level
/// filters and split of the selection (target, region, the start's event).
///
///     let (sql, arguments) = OutcomeFilter.conditions(selection, value: "44pt", sessions: [3, 5])
///     // ["session_id IN (?, ?)"], [3, 5]
enum OutcomeFilter {
    static func conditions(_ selection: ComparisonSelection, value: String, sessions: [Int64])
        -> (sql: [String], arguments: [DatabaseValueConvertible?]) {
        guard !sessions.isEmpty else { return (["0 = 1"], []) }
        var conditions = ["session_id IN (" + Array(repeating: "?", count: sessions.count).joined(separator: ", ") + ")"]
        var arguments: [DatabaseValueConvertible?] = sessions
        let eventColumn = selection.outcome == .falseStart ? "start_event" : nil
        var columns: [(column: String, values: [String])] = []
        if let target = selection.target { columns.append(("target", [target])) }
        if let region = selection.region { columns.append(("region", region.split(separator: ",").map(String.init))) }
        if let event = selection.event, let eventColumn { columns.append((eventColumn, [event])) }
        switch selection.by {
        case "target", "region": columns.append((selection.by, [value]))
        case "event": if let eventColumn { columns.append((eventColumn, [value])) }
        default: break
        }
        for (column, values) in columns {
            if values == ["unknown"], column == "region" {
                conditions.append("region IS NULL")
                continue
            }
            conditions.append("\(column) IN (" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")")
            arguments += values.map { $0 as DatabaseValueConvertible? }
        }
        return (conditions, arguments)
    }
}
