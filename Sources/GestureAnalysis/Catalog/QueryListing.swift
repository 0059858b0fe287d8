import GestureStore

/// `query --list`: each query's name, what it answers, and its parameters;
/// then the relations `--sql` and `export` read by name.
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
            + "A value that starts with - can also be written -p NAME=VALUE.\n\n"
        text += "Relations for --sql and export (their columns: docs/schema.sql), a row of each:\n"
        let width = StoreRelations.offered.map(\.name.count).max() ?? 0
        for relation in StoreRelations.offered {
            text += "    " + relation.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + relation.row + "\n"
        }
        return text
    }
}
