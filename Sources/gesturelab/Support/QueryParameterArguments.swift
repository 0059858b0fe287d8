import ArgumentParser

/// Lets `-p NAME VALUE` take a negative number as its value.
///
/// The argument parser reads a token that starts with `-` as the next
/// option, so `-p limit -1` would leave `limit` without a value. Before
/// parsing, such a pair is joined into the `-p NAME=VALUE` form the query
/// command also accepts. Only numbers are joined: `-p limit --format csv`
/// keeps `--format` an option.
///
/// ```swift
/// QueryParameterArguments.joiningNegativeValues(["query", "x", "-p", "limit", "-1"])
/// // ["query", "x", "-p", "limit=-1"]
/// ```
enum QueryParameterArguments {
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            if token == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            if token == "-p", index + 2 < arguments.count,
               !arguments[index + 1].contains("="),
               arguments[index + 2].hasPrefix("-"), Double(arguments[index + 2]) != nil {
                result.append(token)
                result.append("\(arguments[index + 1])=\(arguments[index + 2])")
                index += 3
                continue
            }
            result.append(token)
            index += 1
        }
        return result
    }
}

/// `-p NAME VALUE` (repeatable): a canned query's parameters, as `query`
/// and `export` take them.
struct QueryParameterOptions: ParsableArguments {
    @Option(name: .customShort("p"), parsing: .upToNextOption,
            help: ArgumentHelp("A query parameter: -p NAME VALUE (repeat for more).",
                               discussion: "The value NULL passes SQL NULL, which the canned queries read as "
                                   + "\"no filter\". -p NAME=VALUE works too.",
                               valueName: "name value"))
    var parameters: [String] = []

    func validate() throws {
        _ = try paired()
    }

    /// `-p NAME VALUE` pairs; `-p NAME=VALUE` is accepted too.
    func paired() throws -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var pending = parameters[...]
        while let first = pending.popFirst() {
            if let equals = first.firstIndex(of: "="), pending.isEmpty || pending.first?.contains("=") == true {
                pairs.append((String(first[..<equals]), String(first[first.index(after: equals)...])))
            } else if let value = pending.popFirst() {
                pairs.append((first, value))
            } else {
                throw ValidationError("-p \(first) needs a value: -p NAME VALUE.")
            }
        }
        return pairs
    }
}
