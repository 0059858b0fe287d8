import Foundation
import GRDB

/// A canned analysis: one `.sql` file whose header comment names it.
///
///     -- name: slowest-touches
///     -- description: The slowest responses with their context.
///     -- param: limit integer = 20  How many rows.
///     -- param: experiment text = NULL  Only this experiment (default: all).
///     SELECT … WHERE (:experiment IS NULL OR experiment = :experiment) LIMIT :limit;
///
/// Parameters are SQL named parameters (`:limit`), typed `text`, `integer`
/// or `real`, each with a default (`NULL` for none); two or more spaces
/// separate the default from the help text.
package struct CannedQuery: Sendable, Equatable {
    package enum ParameterType: String, Sendable, Equatable {
        case text, integer, real
    }

    package struct Parameter: Sendable, Equatable {
        package var name: String
        package var type: ParameterType
        /// The default as written; nil for `NULL`.
        package var defaultValue: String?
        package var help: String
    }

    package var name: String
    package var description: String
    package var parameters: [Parameter]
    package var sql: String
    /// Where it came from: `built-in` or the file's path.
    package var source: String

    /// Reads a query file's header and body.
    ///
    /// - Throws: `QueryError` naming the source and line of a malformed header.
    package init(text: String, source: String) throws {
        var name: String?
        var description: [String] = []
        var parameters: [Parameter] = []
        var bodyLines: [Substring] = []
        var inHeader = true
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inHeader, trimmed.hasPrefix("--") else {
                if !trimmed.isEmpty { inHeader = false }
                bodyLines.append(line)
                continue
            }
            let comment = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if let value = comment.value(after: "name:") {
                name = value
            } else if let value = comment.value(after: "description:") {
                description.append(value)
            } else if let value = comment.value(after: "param:") {
                parameters.append(try Self.parameter(value, source: source, line: index + 1))
            }
        }
        guard let name, !name.isEmpty else {
            throw QueryError("\(source):1: a query file needs a header line `-- name: NAME`")
        }
        self.name = name
        self.description = description.joined(separator: " ")
        self.parameters = parameters
        self.sql = bodyLines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        self.source = source
        if sql.isEmpty {
            throw QueryError("\(source): query \(name) has no SQL after its header")
        }
    }

    private static func parameter(_ text: String, source: String, line: Int) throws -> Parameter {
        // NAME TYPE = DEFAULT  help
        let parts = text.split(separator: "=", maxSplits: 1)
        let declaration = parts.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        guard parts.count == 2, declaration.count == 2, let type = ParameterType(rawValue: String(declaration[1])) else {
            throw QueryError("\(source):\(line): expected `-- param: NAME text|integer|real = DEFAULT  help`, found `\(text)`")
        }
        let rest = parts[1].trimmingCharacters(in: .whitespaces)
        let defaultText: String
        let help: String
        if let gap = rest.range(of: "  ") {
            defaultText = String(rest[..<gap.lowerBound])
            help = rest[gap.upperBound...].trimmingCharacters(in: .whitespaces)
        } else {
            defaultText = rest
            help = ""
        }
        let parameter = Parameter(name: String(declaration[0]), type: type,
                                  defaultValue: defaultText == "NULL" ? nil : defaultText, help: help)
        if let defaultValue = parameter.defaultValue {
            _ = try parameter.databaseValue(defaultValue, context: "\(source):\(line): default of \(parameter.name)")
        }
        return parameter
    }

    /// The statement arguments for values given as `-p NAME VALUE`; every
    /// other parameter takes its default.
    ///
    /// - Throws: `QueryError` for a name the query does not declare, or a
    ///   value that is not of the parameter's type.
    package func arguments(_ values: [(name: String, value: String)]) throws -> StatementArguments {
        StatementArguments(try boundValues(values))
    }

    /// The value of every parameter by name, for values given as
    /// `-p NAME VALUE`; every other parameter takes its default.
    package func boundValues(_ values: [(name: String, value: String)]) throws -> [String: DatabaseValue] {
        var bound: [String: DatabaseValue] = [:]
        for parameter in parameters {
            bound[parameter.name] = try parameter.defaultValue.map {
                try parameter.databaseValue($0, context: "default of \(parameter.name)")
            } ?? .null
        }
        for (name, value) in values {
            guard let parameter = parameters.first(where: { $0.name == name }) else {
                let known = parameters.map(\.name).joined(separator: ", ")
                throw QueryError("query \(self.name) has no parameter \(name)"
                    + (known.isEmpty ? " (it takes none)" : " (it takes: \(known))"))
            }
            bound[name] = value == "NULL" ? .null
                : try parameter.databaseValue(value, context: "query \(self.name), parameter \(name)")
        }
        return bound
    }
}

extension CannedQuery.Parameter {
    func databaseValue(_ text: String, context: String) throws -> DatabaseValue {
        switch type {
        case .text:
            return text.databaseValue
        case .integer:
            guard let integer = Int64(text) else { throw QueryError("\(context): expected an integer, found \(text)") }
            return integer.databaseValue
        case .real:
            guard let real = Double(text), real.isFinite else {
                throw QueryError("\(context): expected a number, found \(text)")
            }
            return real.databaseValue
        }
    }
}

extension String {
    /// The trimmed text after `prefix`, or nil when the string does not start with it.
    fileprivate func value(after prefix: String) -> String? {
        guard hasPrefix(prefix) else { return nil }
        return dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }
}
