import GestureStore
import Testing
@testable import GestureStorePostgreSQL

/// The one tokenizer, on SQL written to fool one: what splits a script and
/// what is a parameter must be code, never the inside of a literal, a quoted
/// name, a comment or a dollar-quoted body.
struct SQLTokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var sql: String
        /// What ``SQLScript`` makes of it.
        var statements: [String]
        /// The parameters ``PortableSQL`` finds, when it is one statement.
        var parameters: [String]
        var testDescription: String { sql }
    }

    static let hostile: [Case] = [
        Case(sql: "SELECT 'a;b' AS x; SELECT 2",
             statements: ["SELECT 'a;b' AS x", "SELECT 2"], parameters: []),
        Case(sql: "SELECT '-- not a comment;', ? AS x",
             statements: ["SELECT '-- not a comment;', ? AS x"], parameters: ["?0"]),
        Case(sql: "SELECT \"a;--?\" FROM t WHERE b = :b",
             statements: ["SELECT \"a;--?\" FROM t WHERE b = :b"], parameters: [":b"]),
        Case(sql: "SELECT 'it''s; ?', 'x''' || ?",
             statements: ["SELECT 'it''s; ?', 'x''' || ?"], parameters: ["?0"]),
        Case(sql: "CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql; SELECT 2",
             statements: ["CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql", "SELECT 2"],
             parameters: []),
        Case(sql: "SELECT $$ ? :name ' -- $$, ?",
             statements: ["SELECT $$ ? :name ' -- $$, ?"], parameters: ["?0"]),
        // A tagged body holds `$$` and the tag ends only at its own twin.
        Case(sql: "DO $fn_1$ BEGIN PERFORM $$;$$; END $fn_1$; SELECT 3",
             statements: ["DO $fn_1$ BEGIN PERFORM $$;$$; END $fn_1$", "SELECT 3"], parameters: []),
        // `$1` and a `$` inside a name open no body.
        Case(sql: "SELECT a$b$ FROM t WHERE c = ? AND d = $1; SELECT '$'",
             statements: ["SELECT a$b$ FROM t WHERE c = ? AND d = $1", "SELECT '$'"], parameters: []),
        Case(sql: "SELECT x::text, :name::int",
             statements: ["SELECT x::text, :name::int"], parameters: [":name"]),
        Case(sql: "/* outer /* inner; ? */ still; :c */ SELECT ?",
             statements: ["/* outer /* inner; ? */ still; :c */ SELECT ?"], parameters: ["?0"]),
        Case(sql: "SELECT 1 -- trailing; ?\n, :n; -- after",
             statements: ["SELECT 1 -- trailing; ?\n, :n"], parameters: [":n"]),
        Case(sql: "SELECT 'unterminated; ?",
             statements: ["SELECT 'unterminated; ?"], parameters: []),
        Case(sql: "; -- only\n/* blanks */ ;  ",
             statements: [], parameters: []),
    ]

    @Test(arguments: hostile)
    func splitsAndBindsOnlyCode(_ hostile: Case) throws {
        #expect(SQLTokenizer.tokens(hostile.sql).map(\.text).joined() == hostile.sql, "the pieces give the text back")
        #expect(SQLScript.statements(hostile.sql) == hostile.statements)
        guard hostile.statements.count == 1 else {
            if hostile.statements.count > 1 {
                #expect(throws: StoreError.self) { try PortableSQL(hostile.sql) }
            }
            return
        }
        let parameters = try PortableSQL(hostile.sql).parameters.map { parameter in
            switch parameter {
            case .position(let index): "?\(index)"
            case .named(let name): ":\(name)"
            }
        }
        #expect(parameters == hostile.parameters)
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

    /// The server's own migrations split into statements the server accepts
    /// one at a time; each piece ends where its text had a `;`.
    @Test func theEmbeddedMigrationsSplitWhole() {
        for migration in ServerSchema.embedded {
            let statements = SQLScript.statements(migration.sql)
            #expect(!statements.isEmpty, "\(migration.name)")
            for statement in statements {
                #expect(migration.sql.contains(statement), "\(migration.name): \(statement.prefix(60))")
                #expect(!statement.hasSuffix(";"))
            }
        }
    }
}
