import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureStore

/// `gesturelab_name_text(id)` against the subquery it stands for,
/// `(SELECT text FROM name WHERE id = …)`, value by value.
@Suite struct InMemoryNamesTests {
    /// A `name` table as the schema makes it, with texts a CSV writer and
    /// SQLite's NUL handling could get wrong, and one id far from the rest.
    static func namesStore() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE name (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;
                INSERT INTO name (id, text) VALUES
                    (1, 'touchDown'), (2, ''), (3, 'a,b "quoted"'), (4, 'two' || char(10) || 'lines'),
                    (5, 'é 日本 🎙️'), (6, 'before' || char(0) || 'after'), (9, 'after a gap'),
                    (4611686018427387904, 'far away'), (-3, 'negative');
                """)
        }
        return queue
    }

    static let arguments: [String] = [
        "1", "2", "3", "4", "5", "6", "9", "7", "0", "-3", "4611686018427387904", "9223372036854775807",
        "NULL", "5.0", "5.5", "1e300", "'5'", "' 5 '", "'5.0'", "'5e0'", "'five'", "''", "x'05'",
    ]

    @Test(arguments: arguments)
    func answersAsTheSubqueryDoes(argument: String) throws {
        let queue = try Self.namesStore()
        let (viaFunction, viaSubquery) = try queue.read { db in
            try InMemoryNames.during(db) {
                let function = try Row.fetchOne(
                    db, sql: "SELECT typeof(v), length(CAST(v AS BLOB)), hex(v) FROM (SELECT gesturelab_name_text(\(argument)) AS v)")
                let subquery = try Row.fetchOne(
                    db, sql: "SELECT typeof(v), length(CAST(v AS BLOB)), hex(v) FROM (SELECT (SELECT text FROM name WHERE id = \(argument)) AS v)")
                return (function, subquery)
            }
        }
        #expect(viaFunction == viaSubquery)
    }

    /// The NUL inside a name and the empty name come back whole: the first
    /// is not cut at its NUL, the second is text, not NULL.
    @Test func embeddedNULAndEmptyNamesAreWhole() throws {
        let (nulLength, emptyType, farName) = try Self.namesStore().read { db in
            try InMemoryNames.during(db) {
                (try Int.fetchOne(db, sql: "SELECT length(CAST(gesturelab_name_text(6) AS BLOB))"),
                 try String.fetchOne(db, sql: "SELECT typeof(gesturelab_name_text(2))"),
                 try String.fetchOne(db, sql: "SELECT gesturelab_name_text(4611686018427387904)"))
            }
        }
        #expect(nulLength == 12)
        #expect(emptyType == "text")
        #expect(farName == "far away")
    }

    /// The function lives for the body only, and a body outside a transaction
    /// gets one, so the names and the rows read are of one snapshot.
    @Test func registeredForTheBodyOnlyAndInsideATransaction() throws {
        let queue = try Self.namesStore()
        try queue.inDatabase { db in
            #expect(!db.isInsideTransaction)
            let inside = try InMemoryNames.during(db) { db.isInsideTransaction }
            #expect(inside)
            #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT gesturelab_name_text(1)") }
        }
    }

    /// Another connection commits a name and a row that uses it after the
    /// names were read: the body reads neither, so no row meets an id the
    /// function does not know. Called outside a transaction, the names and
    /// the rows would come from two moments and the new row's name would
    /// read NULL through the function and "late" through the subquery.
    @Test func aCommitAfterTheNamesAreReadIsNotSeenByTheBody() throws {
        let path = try TestScratch.newFolder("names").appending(path: "store.sqlite").path
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: """
                PRAGMA journal_mode = WAL;
                CREATE TABLE name (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;
                CREATE TABLE row (name_id INTEGER NOT NULL) STRICT;
                INSERT INTO name VALUES (1, 'early');
                INSERT INTO row VALUES (1);
                """)
        }
        let reader = try DatabaseQueue(path: path)
        let (viaFunction, viaSubquery) = try reader.inDatabase { db in
            try InMemoryNames.during(db) {
                try writer.write { db in
                    try db.execute(sql: "INSERT INTO name VALUES (2, 'late'); INSERT INTO row VALUES (2)")
                }
                return (try String?.fetchAll(db, sql: "SELECT gesturelab_name_text(name_id) FROM row"),
                        try String?.fetchAll(db, sql: "SELECT (SELECT text FROM name WHERE id = name_id) FROM row"))
            }
        }
        #expect(viaFunction == ["early"])
        #expect(viaSubquery == ["early"])
        #expect(try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM row") } == 2)
    }

    /// A body inside another (a comparison the report runs while it reads)
    /// leaves the function to the outer one: when the inner ends, the outer
    /// body still calls it; when the outer ends, it is gone.
    @Test func aNestedBodyLeavesTheFunctionToTheOuterOne() throws {
        let queue = try Self.namesStore()
        try queue.inDatabase { db in
            let (inner, outer) = try InMemoryNames.during(db) {
                let inner = try InMemoryNames.during(db) { try String.fetchOne(db, sql: "SELECT gesturelab_name_text(1)") }
                return (inner, try String.fetchOne(db, sql: "SELECT gesturelab_name_text(1)"))
            }
            #expect(inner == "touchDown")
            #expect(outer == "touchDown")
            #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT gesturelab_name_text(1)") }
        }
    }

    @Test func aStoreWithoutNamesRunsTheBodyWithNothingRegistered() throws {
        let queue = try DatabaseQueue()
        let answer = try queue.read { db in try InMemoryNames.during(db) { 42 } }
        #expect(answer == 42)
    }
}
