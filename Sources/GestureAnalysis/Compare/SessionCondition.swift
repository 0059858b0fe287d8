import GestureStore
import GestureTrace

/// `--where KEY=VALUE[,VALUE…]`: only sessions whose KEY (a session
/// attribute such as `device.model` or `app.build`, or a configuration key)
/// has one of the values.
///
/// Commas separate values, but device models hold one (`iPhone15,2`), so
/// every run of neighbouring pieces is matched whole as well:
///
/// ```swift
/// let condition = try SessionCondition(parsing: "device.model=iPad13,4,iPhone15,2")
/// condition.key          // "device.model"
/// condition.values       // ["iPad13", "4", "iPhone15", "2"]
/// condition.candidates   // […, "iPad13,4", …, "iPhone15,2", …]: both models match
/// ```
package struct SessionCondition: Sendable, Equatable {
    package var key: String
    package var values: [String]

    package init(key: String, values: [String]) {
        self.key = key
        self.values = values
    }

    /// Reads `KEY=VALUE[,VALUE…]`.
    ///
    /// - Throws: ``QueryError`` for a condition without `=`, an empty key or an empty value.
    package init(parsing text: String) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw QueryError("--where takes KEY=VALUE[,VALUE…], not '\(TerminalText.escaped(text))'")
        }
        key = String(text[..<equals])
        values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !key.isEmpty else { throw QueryError("--where '\(TerminalText.escaped(text))' has no key before '='") }
        guard !values.contains("") else {
            throw QueryError("--where '\(TerminalText.escaped(text))' has an empty value; give KEY=VALUE[,VALUE…]")
        }
    }

    /// The texts a session's value is matched against: each value, and each
    /// run of neighbouring values joined by commas again, in that order.
    package var candidates: [String] {
        var candidates: [String] = []
        for length in 1...max(values.count, 1) {
            for start in 0...(values.count - length) {
                candidates.append(values[start..<(start + length)].joined(separator: ","))
            }
        }
        return candidates
    }

    /// The condition on a relation's `session_id`, and its arguments.
    var sql: (condition: String, arguments: [String]) {
        let (condition, arguments) = sessionSQL(configTable: "session_config")
        return ("session_id IN (SELECT session.id FROM session WHERE \(condition))", arguments)
    }

    /// The condition on a row of `session`, and its arguments; the
    /// configuration is read from `configTable`.
    func sessionSQL(configTable: String) -> (condition: String, arguments: [String]) {
        let candidates = candidates
        let list = Array(repeating: "?", count: candidates.count).joined(separator: ", ")
        if let attribute = SessionAttribute(key: key) {
            return ("\(attribute.sql) IN (\(list))", candidates)
        }
        return ("session.id IN (SELECT session_id FROM \(configTable) WHERE key = ? AND value IN (\(list)))",
                [key] + candidates)
    }

    /// As the command line gives it: `app.build=41,42`.
    package var text: String { key + "=" + values.joined(separator: ",") }
}
