#if PostgreSQL
import GestureStore
import GRDB
import Testing
@testable import GestureStorePostgreSQL

struct PortableSQLTests {
    @Test func numbersPositionalAndNamedParametersOutsideLiteralsAndComments() throws {
        let sql = try PortableSQL("""
            SELECT ':no', "?col", x::text -- a ? and :name here
            FROM t /* ? :c */ WHERE a = ? AND (:e IS NULL OR e = :e) AND b = ? AND s = 'it''s ?'
            """)
        let statement = try sql.statement(StoreArguments(["A", 2], named: ["e": "E".databaseValue]))
        #expect(statement.text == """
            SELECT ':no', "?col", x::text -- a ? and :name here
            FROM t /* ? :c */ WHERE a = $1 AND ($2 IS NULL OR e = $2) AND b = $3 AND s = 'it''s ?'
            """)
        #expect(statement.values == ["A".databaseValue, "E".databaseValue, 2.databaseValue])
    }

    @Test func writesNullIntoTheTextSoPostgreSQLNeedNotInferItsType() throws {
        let sql = try PortableSQL("SELECT * FROM t WHERE (:e IS NULL OR e = :e) AND v = :v LIMIT :n")
        let statement = try sql.statement(StoreArguments(named: ["e": .null, "v": "x".databaseValue, "n": .null]))
        #expect(statement.text == "SELECT * FROM t WHERE (NULL IS NULL OR e = NULL) AND v = $1 LIMIT NULL")
        #expect(statement.values == ["x".databaseValue])
    }

    /// The refusal is the seam's error, on one line that names PostgreSQL, the engine it was for.
    @Test(arguments: ["SELECT 1; SELECT 2", "SELECT 1;\nDELETE FROM t", "SELECT 1; 'x'", "SELECT 1;; /* */ SELECT 2"])
    func refusesSeveralStatements(_ sql: String) {
        let error = #expect(throws: StoreError.self) { try PortableSQL(sql) }
        #expect(error?.statement == StatementFailure(
            .severalStatements, message: "Multiple statements found. PostgreSQL runs one statement at a time.", sql: sql))
        #expect(error?.message == "PostgreSQL error: Multiple statements found. PostgreSQL runs one statement at a time. "
            + "- while executing `\(sql.replacingOccurrences(of: "\n", with: " "))`")
    }

    /// What is sent: the `;` goes, a comment after it stays (the server ignores it).
    @Test(arguments: [
        ("SELECT 1;", "SELECT 1"),
        ("SELECT 1; -- done", "SELECT 1 -- done"),
        ("SELECT 1;\n;  ", "SELECT 1\n  "),
        ("SELECT ';'", "SELECT ';'"),
        ("SELECT $$;$$ /* ; */", "SELECT $$;$$ /* ; */"),
    ])
    func acceptsOneStatementWithATrailingSemicolonOrComment(_ sql: String, sent: String) throws {
        let statement = try PortableSQL(sql).statement([])
        #expect(statement.text == sent)
        #expect(statement.values.isEmpty)
    }

    @Test func refusesAMissingArgument() throws {
        let sql = try PortableSQL("SELECT :a, ?")
        let named = #expect(throws: StoreError.self) { try sql.statement(StoreArguments(named: ["a": 1.databaseValue])) }
        #expect(named?.statement == StatementFailure(.missingArgument, message: "wrong number of statement arguments"))
        let positional = #expect(throws: StoreError.self) { try sql.statement(StoreArguments([1])) }
        #expect(positional?.statement == StatementFailure(.missingArgument, message: "missing statement argument: a"))
        #expect(positional?.message == "PostgreSQL error: missing statement argument: a")
    }
}
#endif
