/// `query --list`: each query's name, what it answers, and its parameters.
package enum QueryListing {
    package static func text(_ queries: [CannedQuery]) -> String {
        var text = ""
        for query in queries {
            text += "\(query.name)\n"
            text += "    \(query.description)\n"
            for parameter in query.parameters {
                let defaultText = parameter.defaultValue ?? "none"
                text += "    -p \(parameter.name) \(parameter.type.rawValue.uppercased()) (default \(defaultText))"
                    + (parameter.help.isEmpty ? "" : ": \(parameter.help)") + "\n"
            }
            if query.source.hasPrefix("/") || !query.source.hasPrefix("built-in") {
                text += "    from \(query.source)\n"
            }
            text += "\n"
        }
        text += "-p NAME NULL passes SQL NULL: the canned queries read it as \"no filter\". "
            + "A value that starts with - can also be written -p NAME=VALUE.\n"
        return text
    }
}
