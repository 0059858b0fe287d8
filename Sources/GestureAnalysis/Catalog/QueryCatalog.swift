import Foundation
import GRDB
import GestureStore
import GestureTrace

/// The canned queries: those built into the binary from `Queries/`, and a
/// user's own from `--queries-dir`.
///
///     let catalog = try QueryCatalog(userDirectory: "my-queries")
///     let query = try catalog.query(named: "slowest-touches")
package struct QueryCatalog: Sendable {
    package private(set) var queries: [CannedQuery]

    /// The built-in queries, in name order.
    package static func builtIn() throws -> [CannedQuery] {
        try EmbeddedQueries.files.map { try CannedQuery(text: $0.sql, source: "built-in \($0.name)") }
            .sorted { $0.name < $1.name }
    }

    /// - Parameter userDirectory: a folder of `.sql` query files; a user's
    ///   query replaces a built-in one of the same name.
    package init(userDirectory: String? = nil) throws {
        var byName = Dictionary(uniqueKeysWithValues: try Self.builtIn().map { ($0.name, $0) })
        if let userDirectory {
            let names: [String]
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: userDirectory, isDirectory: &isFolder) else {
                throw QueryError("cannot read queries folder \(TerminalText.escaped(userDirectory)): there is no such folder")
            }
            guard isFolder.boolValue else {
                throw QueryError("cannot read queries folder \(TerminalText.escaped(userDirectory)): it is a file; "
                    + "--queries-dir names a folder of .sql files")
            }
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: userDirectory)
            } catch {
                throw QueryError("cannot read queries folder \(TerminalText.escaped(userDirectory)): it cannot be listed "
                    + "(\(TerminalText.escaped((error as NSError).localizedFailureReason ?? "\((error as NSError).code)")))")
            }
            for file in names.filter({ $0.hasSuffix(".sql") }).sorted() {
                let path = (userDirectory as NSString).appendingPathComponent(file)
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw QueryError("cannot read \(path) as UTF-8 text")
                }
                let query = try CannedQuery(text: text, source: path)
                byName[query.name] = query
            }
        }
        queries = byName.values.sorted { $0.name < $1.name }
    }

    package func query(named name: String) throws -> CannedQuery {
        guard let query = queries.first(where: { $0.name == name }) else {
            throw QueryError("no query named \(name); `gesturelab query --list` shows them: "
                + queries.map(\.name).joined(separator: ", "))
        }
        return query
    }

    /// Runs a query and writes its rows, streaming.
    ///
    /// - Throws: `QueryError` with the engine's message and the query's name.
    @discardableResult
    package static func run(_ query: CannedQuery, parameters: [(name: String, value: String)],
                           conditions: [SessionCondition] = [],
                           in db: some StoreReader, format: OutputFormat, to output: TextOutput) throws -> Int {
        let arguments = StoreArguments(named: try query.boundValues(parameters))
        // A built-in query may carry a variant for the engine; a user's runs as written.
        let isBuiltIn = query.source.hasPrefix("built-in ")
        var sql = isBuiltIn ? db.builtInQuerySQL(name: query.name, portable: query.sql) : query.sql
        // Scoped SQL reads the relations through its own WITH list, which
        // the engine plans as written.
        if !conditions.isEmpty { sql = try SessionScope(conditions).scoped(sql, in: db) }
        do {
            if isBuiltIn, conditions.isEmpty {
                return try RowWriter.writeProjectSQL(sql, arguments: arguments, in: db, format: format, to: output)
            }
            return try RowWriter.write(sql: sql, arguments: arguments, in: db, format: format, to: output)
        } catch let error as StoreError {
            guard let failure = error.statement else { throw error }
            throw QueryError("query \(query.name) (\(query.source)) failed: \(failure.message)"
                + retiredNameHint(failure.message))
        }
    }

    /// Runs ad-hoc SQL and writes its rows, streaming.
    ///
    /// - Throws: `QueryError` saying what was wrong with the SQL, in one
    ///   line that quotes the SQL on it (shortened when long: the user has it).
    ///
    /// `exportedRelation`: `sql` is `export`'s `SELECT *` of that relation,
    /// read as ``RowWriter/writeExport(relation:in:to:)`` reads it.
    @discardableResult
    package static func run(sql: String, in db: some StoreReader, format: OutputFormat, to output: TextOutput,
                            exportedRelation: String? = nil) throws -> Int {
        do {
            if let relation = exportedRelation { return try RowWriter.writeExport(relation: relation, in: db, to: output) }
            return try RowWriter.write(sql: sql, in: db, format: format, to: output)
        } catch let error as StoreError {
            guard let failure = error.statement else { throw error }
            let quoted = StatementFailure.oneLineSQL(sql)
            throw QueryError(adHocFailure(failure) + (quoted.isEmpty ? "" : " - in `\(quoted)`"))
        }
    }

    /// What went wrong with `--sql`, in the words of the command rather
    /// than of the engine or library underneath it.
    static func adHocFailure(_ failure: StatementFailure) -> String {
        switch failure.reason {
        case .writeRefused:
            return "--sql only reads: the store is opened read-only, so INSERT, UPDATE, DELETE and schema changes "
                + "are refused (\(failure.message))"
        case .severalStatements:
            // The engine's message would advise an API the user of the command cannot call.
            return "--sql runs one statement, and this SQL has more than one: run them one at a time"
        case .noStatement:
            return "--sql needs a statement, such as SELECT * FROM responses LIMIT 10"
        case .missingArgument, .other:
            return "SQL failed: \(failure.message)" + retiredNameHint(failure.message)
        }
    }

    /// For SQL written before each relation had one name: which relation
    /// now holds the rows of the name the engine could not find.
    ///
    ///     retiredNameHint("no such table: response")
    ///     // " (response is now responses: since schema 13 each relation has one name)"
    static func retiredNameHint(_ message: String) -> String {
        for (name, relation) in StoreRelations.retiredNames
        where message.hasSuffix("no such table: \(name)") || message.hasSuffix("relation \"\(name)\" does not exist") {
            return " (\(name) is now \(relation): since schema 13 each relation has one name)"
        }
        return ""
    }
}
