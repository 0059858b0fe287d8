#if PostgreSQL
import GestureStore
import GRDB
import TestScratch
import Testing
@testable import GestureStorePostgreSQL

/// A reader of either engine fails with the seam's `StoreError`, telling
/// the same refusals apart the same way, in its engine's own words and
/// naming its engine; an
/// error of the caller's closures goes through untouched.
struct ReaderFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var sql: String
        var reason: StatementFailure.Reason
        var sqlite: String
        var postgres: String
        var testDescription: String { sql }
    }

    static let cases: [Case] = [
        Case(sql: "SELECT nope FROM capture", reason: .other,
             sqlite: "no such column: nope", postgres: "column \"nope\" does not exist"),
        Case(sql: "DELETE FROM capture", reason: .writeRefused,
             sqlite: "attempt to write a readonly database", postgres: "cannot execute DELETE in a read-only transaction"),
        Case(sql: "SELECT 1; SELECT 2", reason: .severalStatements,
             sqlite: "Multiple statements found. To execute multiple statements, use Database.execute(sql:) or "
                 + "Database.allStatements(sql:) instead.",
             postgres: "Multiple statements found. PostgreSQL runs one statement at a time."),
        Case(sql: "SELECT :x", reason: .missingArgument,
             sqlite: "missing statement argument: x", postgres: "missing statement argument: x"),
    ]

    /// A gesturelab store opened read-only, as the reading commands open it.
    static let sqliteStore = Result {
        let path = try ScratchFolder("gesturelab-reader").path("lab.sqlite")
        try GestureDatabase(path: path).close()
        return try GestureDatabase(readingAt: path)
    }

    @Test(arguments: cases)
    func sqliteReaderThrowsTheSeamsError(_ failing: Case) throws {
        let store = try Self.sqliteStore.get()
        let error = try store.connection.read { db in
            #expect(throws: StoreError.self) { try db.fetchRows(sql: failing.sql) }
        }
        #expect(error?.statement?.reason == failing.reason)
        #expect(error?.statement?.message.hasPrefix(failing.sqlite) == true, "\(String(describing: error))")
        if failing.reason == .other {
            #expect(error?.message == "SQLite error 1: \(failing.sqlite) - while executing `\(failing.sql)`")
        }
    }

    @Test(.enabled(if: ServerTestDatabase.enabled), arguments: cases)
    func serverReaderThrowsTheSeamsError(_ failing: Case) throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        let error = #expect(throws: StoreError.self) { try reader.fetchRows(sql: failing.sql) }
        #expect(error?.statement?.reason == failing.reason)
        #expect(error?.statement?.message == failing.postgres)
        if failing.reason == .other {
            #expect(error?.message == "PostgreSQL error: \(failing.postgres) - while executing `\(failing.sql)`")
        }
        // A failed statement does not spoil the reader.
        #expect(try reader.fetchInt(sql: "SELECT count(*) FROM capture") == 0)
    }

    struct CallersOwn: Error, Equatable {}

    @Test func theCallersErrorsGoThroughUntouched() throws {
        let store = try Self.sqliteStore.get()
        try store.connection.read { db in
            #expect(throws: CallersOwn()) {
                try db.forEachRow(sql: "SELECT 1", arguments: [], columns: { _ in }, row: { _ in throw CallersOwn() })
            }
        }
    }

    @Test(.enabled(if: ServerTestDatabase.enabled))
    func theCallersErrorsGoThroughUntouchedOnTheServer() throws {
        let reader = try ServerTestDatabase.freshStore()
        defer { reader.close() }
        #expect(throws: CallersOwn()) {
            try reader.forEachRow(sql: "SELECT 1", arguments: [], columns: { _ in throw CallersOwn() }, row: { _ in })
        }
    }
}
#endif
