/// A JSON value whose objects keep their keys in order, for documents whose
/// layout a contract fixes (the comparison object of docs/latencies.md).
package indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    /// A number, or null when there is none or it is not finite.
    static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// Compact JSON text.
    package var text: String {
        switch self {
        case .object(let members):
            return "{" + members.map { JSONText.string($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .string(let string): return JSONText.string(string)
        case .number(let number): return number.isFinite ? NumberText.shortest(number) : "null"
        case .integer(let integer): return String(integer)
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }
}
