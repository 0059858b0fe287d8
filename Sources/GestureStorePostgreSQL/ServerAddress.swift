#if PostgreSQL
import Foundation
import GestureStore
import GestureTrace

/// Where a shared store is: a `postgresql://` URL as libpq reads it, with the
/// password from the URL, else `$PGPASSWORD`, else `~/.pgpass`.
///
///     let address = try ServerAddress(url: "postgresql://lab@db.example:5432/gestures?sslmode=require")
///     address.masked   // "postgresql://lab@db.example:5432/gestures?sslmode=require"
///
/// The password is never part of any text this type gives out: ``masked``
/// shows `***` where the URL had one.
package struct ServerAddress: Sendable, Equatable {
    package var user: String
    package var host: String
    package var port: Int
    package var database: String
    package var password: String?
    /// The URL's `sslmode`, as libpq reads it; `prefer` when absent.
    package var sslMode: SSLMode
    /// The URL as given, with any password replaced by `***`.
    package var masked: String

    /// Whether `text` names a PostgreSQL server rather than a SQLite file.
    package static func isServerURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// - Parameters:
    ///   - environment: for `PGPASSWORD`, `PGUSER`, `PGPASSFILE` and `HOME`.
    package init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        masked = Self.mask(text)
        guard text.utf8.count <= Self.maxURLBytes else {
            throw StoreError("a PostgreSQL URL of \(text.utf8.count.grouped) bytes is too long (at most "
                + "\(Self.maxURLBytes.grouped)): \(masked)")
        }
        guard Self.isServerURL(text), let components = URLComponents(string: text) else {
            throw StoreError("\(masked) is not a PostgreSQL URL: write postgresql://USER@HOST:PORT/DATABASE")
        }
        guard let host = components.host, !host.isEmpty else {
            throw StoreError("\(masked) names no host: write postgresql://USER@HOST:PORT/DATABASE")
        }
        let database = String(components.percentEncodedPath.dropFirst()).removingPercentEncoding ?? ""
        guard !database.isEmpty else {
            throw StoreError("\(masked) names no database: write postgresql://USER@HOST:PORT/DATABASE")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw StoreError("\(masked): port \(port) is not a port (1 to 65535)")
        }
        if let part = Self.partWithBadEscape(text) {
            throw StoreError("\(masked): the \(part) has a bad percent-escape (% must be followed by two hex digits; "
                + "write %25 for a % itself)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        user = components.user ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        var sslMode = "prefer"
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode": sslMode = item.value ?? ""
            case "password": password = item.value
            default:
                throw StoreError("\(masked): unknown parameter \(item.name); gesturelab reads sslmode only")
            }
        }
        guard let mode = SSLMode(rawValue: sslMode) else {
            throw StoreError("\(masked): sslmode=\(sslMode) is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
        self.sslMode = mode
        if let fromURL = components.password {
            password = fromURL
        } else if password == nil, let fromEnvironment = environment["PGPASSWORD"], !fromEnvironment.isEmpty {
            password = fromEnvironment
        } else if password == nil {
            let home = environment["HOME"] ?? NSHomeDirectory()
            let path = environment["PGPASSFILE"] ?? (home as NSString).appendingPathComponent(".pgpass")
            password = PasswordFile(path: path).password(host: host, port: port, database: database, user: user)
        }
    }

    /// The longest URL taken, in bytes: room for a long token as the
    /// password, and a bound on what a message repeats.
    package static let maxURLBytes = 8_192

    /// How much of the masked URL a message shows, in characters.
    static let maskedLength = 200

    /// The part of the URL as written (user name, password, host, database,
    /// parameters) holding a `%` without two hex digits after it, if any:
    /// Foundation's parser takes `%zz` as text, so the URL is read here.
    static func partWithBadEscape(_ text: String) -> String? {
        guard let scheme = text.range(of: "://") else { return nil }
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var parts: [(String, Substring)] = []
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                parts.append(("user name", userInfo[..<colon]))
                parts.append(("password", userInfo[userInfo.index(after: colon)...]))
            } else {
                parts.append(("user name", userInfo))
            }
            parts.append(("host", authority[authority.index(after: at)...]))
        } else {
            parts.append(("host", authority))
        }
        let tail = rest[authorityEnd...]
        let queryStart = tail.firstIndex(of: "?") ?? tail.endIndex
        parts.append(("database", tail[..<queryStart]))
        parts.append(("parameters", tail[queryStart...]))
        return parts.first { hasBadEscape(String($0.1)) }?.0
    }

    /// Whether a `%` in `encoded` is not followed by two hex digits.
    static func hasBadEscape(_ encoded: String) -> Bool {
        let bytes = Array(encoded.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return true }
                index += 3
            } else {
                index += 1
            }
        }
        return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// libpq's `sslmode` values: `require` encrypts without checking the
    /// certificate, `verify-ca` checks the chain, `verify-full` the host name too.
    package enum SSLMode: String, Sendable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The URL with the password, if any, replaced by `***`: in the user
    /// part (`user:secret@`) and in a `password=` parameter; control
    /// characters escaped (`TerminalText`), since it is printed; cut after
    /// 200 characters with `…`, so a message stays a line.
    package static func mask(_ text: String) -> String {
        var masked = text
        if let scheme = masked.range(of: "://") {
            let authorityEnd = masked[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? masked.endIndex
            if let at = masked[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = masked[scheme.upperBound..<at].firstIndex(of: ":") {
                masked.replaceSubrange(masked.index(after: colon)..<at, with: "***")
            }
        }
        if let range = masked.range(of: "password=") {
            let end = masked[range.upperBound...].firstIndex(of: "&") ?? masked.endIndex
            masked.replaceSubrange(range.upperBound..<end, with: "***")
        }
        let escaped = TerminalText.escaped(masked)
        guard escaped.count > maskedLength else { return escaped }
        return String(escaped.prefix(maskedLength)) + "…"
    }
}
#endif
