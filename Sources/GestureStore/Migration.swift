import Crypto
import Foundation

/// One numbered schema migration, embedded from the top-level `Migrations/`.
///
/// File names are `NNNN_name.sql`; the number is the schema version the
/// migration brings the database to. A shipped migration is never edited:
/// the database records each applied migration's SHA-256 and refuses to open
/// when the file it was made from has changed.
package struct Migration: Sendable, Equatable {
    package var version: Int
    /// The file name, e.g. `0001_initial.sql`.
    package var name: String
    package var sql: String

    /// Hex SHA-256 of the migration's SQL text (its UTF-8 bytes).
    package var checksum: String {
        SHA256.hash(data: Data(sql.utf8)).hexString
    }

    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The migrations built into this binary, in version order.
    package static let embedded: [Migration] = numbered(EmbeddedMigrations.files)

    /// Migrations from `NNNN_name.sql` files, in version order.
    ///
    /// Fails at first use (a programming error, caught by the tests) when a
    /// file is misnamed or the versions are not 1, 2, 3… without gaps.
    package static func numbered(_ files: [(name: String, sql: String)]) -> [Migration] {
        let migrations = files.map { file -> Migration in
            guard let number = file.name.split(separator: "_").first.flatMap({ Int($0) }) else {
                preconditionFailure("migration \(file.name) must be named NNNN_name.sql")
            }
            return Migration(version: number, name: file.name, sql: file.sql)
        }.sorted { $0.version < $1.version }
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            preconditionFailure("migration \(migration.name) breaks the sequence 1, 2, 3…")
        }
        return migrations
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal, two digits per byte.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
