#if PostgreSQL
import Foundation
import GestureStore
import Testing
import TestScratch
@testable import GestureStorePostgreSQL

struct ServerAddressTests {
    @Test func readsTheURLAndMasksItsPassword() throws {
        let address = try ServerAddress(url: "postgresql://lab:s%3Acret@db.example:6543/gestures?sslmode=require",
                                        environment: [:])
        #expect(address.user == "lab")
        #expect(address.password == "s%3Acret" || address.password == "s:cret")
        #expect(address.host == "db.example" && address.port == 6543 && address.database == "gestures")
        #expect(address.sslMode == .require)
        #expect(address.masked == "postgresql://lab:***@db.example:6543/gestures?sslmode=require")
        #expect(ServerAddress.mask("postgres://u@h/d?password=top&sslmode=disable") == "postgres://u@h/d?password=***&sslmode=disable")
    }

    @Test func takesThePasswordFromTheURLThenPGPASSWORDThenThePasswordFile() throws {
        let folder = try TestScratch.newFolder("pgpass")
        let file = folder.appending(path: "pgpass").path
        try """
            # comment
            db.example:5432:other:lab:not-this-one
            db.example:*:gestures:lab:from\\:file\\\\
            *:*:*:*:fallback
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let url = "postgresql://lab@db.example/gestures"
        #expect(try ServerAddress(url: url, environment: ["PGPASSFILE": file]).password == "from:file\\")
        #expect(try ServerAddress(url: url, environment: ["PGPASSFILE": file, "PGPASSWORD": "env"]).password == "env")
        #expect(try ServerAddress(url: url, environment: ["PGPASSFILE": file, "PGPASSWORD": ""]).password == "from:file\\")
        #expect(try ServerAddress(url: "postgresql://lab:url@db.example/gestures",
                                  environment: ["PGPASSFILE": file, "PGPASSWORD": "env"]).password == "url")
        #expect(try ServerAddress(url: "postgresql://me@elsewhere/x", environment: ["PGPASSFILE": file]).password == "fallback")
        #expect(try ServerAddress(url: url, environment: ["PGPASSFILE": folder.appending(path: "none").path]).password == nil)
    }

    @Test(arguments: [
        ("postgresql://lab:secret@/gestures", "names no host"),
        ("postgresql://lab:secret@db", "names no database"),
        ("postgresql://lab:secret@db/x?sslmode=sometimes", "sslmode=sometimes is not one of"),
        ("postgresql://lab:secret@db/x?timeout=3", "unknown parameter timeout"),
        ("postgresql://lab:se%zzcret@db/x", "postgresql://lab:***@db/x: the password has a bad percent-escape"),
        ("postgresql://lab:secret%4@db/x", "the password has a bad percent-escape"),
        ("postgresql://lab:secret%@db/x", "the password has a bad percent-escape"),
        ("postgresql://la%g1b:secret@db/x", "the user name has a bad percent-escape"),
        ("postgresql://lab:secret@db/x%z1", "the database has a bad percent-escape"),
    ])
    func refusesABadURLWithoutShowingThePassword(_ url: String, _ message: String) {
        #expect { try ServerAddress(url: url, environment: [:]) } throws: { error in
            let text = (error as? StoreError)?.message ?? ""
            return text.contains(message) && !text.contains("secret")
        }
    }

    @Test func aValidEscapeInThePasswordIsDecoded() throws {
        #expect(try ServerAddress(url: "postgresql://lab:50%25%2Fx@db/x", environment: [:]).password == "50%/x")
    }

    /// A URL of 100 KB (a host of that length, a password before it) is
    /// refused in one short line that shows neither the password nor the
    /// whole URL.
    @Test func aHugeURLIsRefusedInOneShortLine() {
        let url = "postgresql://lab:secret@" + String(repeating: "h", count: 100_000) + ":5432/gestures"
        #expect { try ServerAddress(url: url, environment: [:]) } throws: { error in
            let text = (error as? StoreError)?.message ?? ""
            return text.hasPrefix("a PostgreSQL URL of 100,038 bytes is too long (at most 8,192): postgresql://lab:***@hhh")
                && text.hasSuffix("h…") && text.count < 300 && !text.contains("secret") && !text.contains("\n")
        }
    }

    @Test func aURLAtTheLimitIsRead() throws {
        let prefix = "postgresql://lab:"
        let suffix = "@db/x"
        let password = String(repeating: "p", count: 8_192 - prefix.count - suffix.count)
        let address = try ServerAddress(url: prefix + password + suffix, environment: [:])
        #expect(address.password == password)
        #expect(address.masked == "postgresql://lab:***@db/x")
    }
}
#endif
