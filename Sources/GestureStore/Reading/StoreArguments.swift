import GRDB

/// The values bound to a statement's parameters, in a form every engine
/// reads: `?` parameters by position, `:name` parameters by name.
///
///     let arguments: StoreArguments = ["touchDown", 20]
///     let named = StoreArguments(named: ["experiment": "edge-deferral".databaseValue])
public struct StoreArguments: Sendable, Equatable, ExpressibleByArrayLiteral {
    public var positional: [DatabaseValue]
    public var named: [String: DatabaseValue]

    public init(_ positional: [(any DatabaseValueConvertible)?] = [], named: [String: DatabaseValue] = [:]) {
        self.positional = positional.map { $0?.databaseValue ?? .null }
        self.named = named
    }

    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// The same values for GRDB.
    public var statementArguments: StatementArguments {
        StatementArguments(positional) + StatementArguments(named)
    }
}
