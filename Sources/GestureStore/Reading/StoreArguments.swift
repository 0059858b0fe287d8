import GRDB

/// The values bound to a statement's parameters, in a form every engine
/// reads: `?` parameters by position, `:name` parameters by name.
///
///     let arguments: StoreArguments = ["touchDown", 20]
///     let named = StoreArguments(named: ["experiment": "edge-deferral".databaseValue])
package struct StoreArguments: Sendable, Equatable, ExpressibleByArrayLiteral {
    package var positional: [DatabaseValue]
    package var named: [String: DatabaseValue]

    package init(_ positional: [(any DatabaseValueConvertible)?] = [], named: [String: DatabaseValue] = [:]) {
        self.positional = positional.map { $0?.databaseValue ?? .null }
        self.named = named
    }

    package init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// The same values for GRDB.
    package var statementArguments: StatementArguments {
        StatementArguments(positional) + StatementArguments(named)
    }
}
