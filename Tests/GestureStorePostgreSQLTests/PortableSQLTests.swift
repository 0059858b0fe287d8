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

    @Test(arguments: ["SELECT 1; SELECT 2", "SELECT 1;\nDELETE FROM t"])
    func refusesSeveralStatements(_ sql: String) {
        #expect { try PortableSQL(sql) } throws: { error in
            (error as? DatabaseError)?.message?.hasPrefix("Multiple statements found") == true
        }
    }

    @Test(arguments: ["SELECT 1;", "SELECT 1; -- done", "SELECT ';'"])
    func acceptsOneStatementWithATrailingSemicolonOrComment(_ sql: String) throws {
        _ = try PortableSQL(sql)
    }

    @Test func refusesAMissingArgument() throws {
        let sql = try PortableSQL("SELECT :a, ?")
        #expect(throws: DatabaseError.self) { try sql.statement(StoreArguments(named: ["a": 1.databaseValue])) }
        #expect(throws: DatabaseError.self) { try sql.statement(StoreArguments([1])) }
    }

    @Test func splitsAScriptOutsideQuotesCommentsAndDollarBodies() {
        let script = """
            -- a comment; with a semicolon
            CREATE TABLE a (x text DEFAULT ';');
            CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END; $$;
            CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 2; $body$;
            SELECT 'x' /* ; */
            """
        #expect(SQLScript.statements(script) == [
            "-- a comment; with a semicolon\nCREATE TABLE a (x text DEFAULT ';')",
            "CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END; $$",
            "CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 2; $body$",
            "SELECT 'x' /* ; */",
        ])
    }
}
#endif
