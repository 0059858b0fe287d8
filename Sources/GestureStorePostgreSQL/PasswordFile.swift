#if PostgreSQL
import Foundation

/// libpq's password file (`~/.pgpass`): lines of
/// `hostname:port:database:username:password`, `*` matching anything in the
/// first four fields, `\:` and `\\` escaping, `#` starting a comment. The
/// first line that matches wins.
///
///     PasswordFile(path: "/home/me/.pgpass").password(host: "db", port: 5432, database: "lab", user: "me")
struct PasswordFile {
    var path: String

    func password(host: String, port: Int, database: String, user: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: Substring(line))
            guard fields.count == 5 else { continue }
            let matches = zip(fields.prefix(4), wanted).allSatisfy { field, value in
                field == "*" || field == value
                    // libpq lets "localhost" stand for a connection over loopback or a socket.
                    || (field == "localhost" && (value == "127.0.0.1" || value == "::1"))
            }
            if matches { return fields[4] }
        }
        return nil
    }

    /// The colon-separated fields of a line, with `\:` and `\\` unescaped.
    static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
#endif
