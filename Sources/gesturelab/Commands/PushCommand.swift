#if PostgreSQL
import ArgumentParser
import GestureStore
import GestureStorePostgreSQL
import GestureTrace

struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Copy the captures a shared PostgreSQL store lacks into it.",
        discussion: """
            Every capture of the local store that the server does not have (same SHA-256)
            is copied with its sessions, configuration, records and derived rows, in one
            transaction per capture: an interrupted push leaves whole captures only, and
            the next push copies the rest. Pushes from several machines at once store each
            capture once. An empty database becomes a store on the first push. --db
            names the local SQLite store to copy from; the server goes in --to.

            The password comes from the URL, else $PGPASSWORD, else ~/.pgpass; it is never
            printed. sslmode=require in the URL asks for TLS. See docs/postgresql.md.

            Examples:
              gesturelab push --to postgresql://lab@db.example:5432/gestures
              gesturelab push --db lab.sqlite \\
                  --to "postgresql://lab:***@db.example/gestures?sslmode=require"
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("The shared store.", valueName: "postgresql://user@host:port/database"))
    var to: String

    /// A wrong store is one line, not the usage text: the options were
    /// spelled right, their values name the wrong kind of store.
    func validate() throws {
        if !ServerAddress.isServerURL(to) {
            throw StoreError("--to takes a postgresql:// or postgres:// URL (postgresql://USER@HOST:PORT/DATABASE), "
                + "not \(ServerAddress.mask(to))")
        }
        if let location = database.location, ServerAddress.isServerURL(location) {
            throw StoreError("--db names the local SQLite store to push from, not a server (\(ServerAddress.mask(location))): "
                + "the server goes in --to")
        }
    }

    func run() throws {
        let address = try ServerAddress(url: to)
        let store = try database.open()
        let connection = try ServerConnection(address)
        defer { connection.close() }
        let progress = ProgressLine()
        let summary = try StorePusher(store: store).push(
            to: connection,
            progress: { name, rows in progress.update("pushing \(name): \(rows.grouped) rows") },
            captureDone: { result in
                progress.clear()
                let fileName = TerminalText.escaped(result.fileName)
                if let refusal = result.refusal {
                    StandardErrorWriter.line("\(fileName): refused by the server, not pushed: \(TerminalText.escaped(refusal)) "
                        + "(sha256 \(result.sha256.prefix(12)))")
                } else if result.alreadyThere {
                    StandardErrorWriter.line("\(fileName): already on the server (sha256 \(result.sha256.prefix(12)))")
                } else {
                    StandardErrorWriter.line("\(fileName): pushed \(result.sessions) sessions, \(result.rows.grouped) rows "
                        + "in \(String(format: "%.1f", result.seconds)) s (sha256 \(result.sha256.prefix(12)))")
                }
            })
        let pushed = summary.pushed.count
        let refused = summary.refused
        if !refused.isEmpty {
            let names = refused.prefix(3).map { TerminalText.escaped($0.fileName) }.joined(separator: ", ")
                + (refused.count > 3 ? " and \(refused.count - 3) more" : "")
            throw StoreError("pushed \(pushed) of \(summary.captures.count) captures (\(summary.rows.grouped) rows) to "
                + "\(address.masked), but the server refused \(refused.count), which \(refused.count == 1 ? "was" : "were") "
                + "not pushed: \(names) (the lines above say why)")
        }
        if pushed == 0 {
            StandardErrorWriter.line("\(address.masked) already has all \(summary.captures.count) captures of "
                + "\(store.path): nothing to push")
        } else {
            StandardErrorWriter.line("pushed \(pushed) of \(summary.captures.count) captures (\(summary.rows.grouped) rows) "
                + "to \(address.masked)")
        }
    }
}
#endif
