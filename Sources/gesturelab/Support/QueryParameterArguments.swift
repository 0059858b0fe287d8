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
