import ArgumentParser
import GestureAnalysis
import GestureStore

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the recorded sessions: capture, experiment, variant, device and counts (dropped: events the recorder discarded).",
        discussion: """
            Examples:
              gesturelab sessions
              gesturelab sessions --format json
              gesturelab sessions --db postgresql://lab@db.example/gestures
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "table, csv, json or ndjson.")
    var format: OutputFormat = .table

    func run() throws {
        _ = try database.read { db in
            try RowWriter.write(sql: SessionCatalog.sql, in: db, format: format, to: .standardOutput())
        }
    }
}
