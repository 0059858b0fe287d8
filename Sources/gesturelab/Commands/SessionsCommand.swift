import ArgumentParser
import GestureAnalysis
import GestureStore

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions: capture, experiment, variant, device, counts, app, config.",
        discussion: """
            One row a session: its capture, id, experiment and variant; the device (model,
            OS, screen size in points); how many touches, transitions, deliveries and
            frames it recorded; deliveries that belong to no touch; dropped, the events its
            recorder discarded because its buffer was full; the app, version and build
            that recorded it; and config, its configuration as key=value pairs separated
            by "; ". Every column but the counts is a key compare --by and --where take
            (device.model, device.os, app.name, app.version, app.build, or the config key
            itself).

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
            try RowWriter.write(sql: db.builtInQuerySQL(name: "sessions", portable: SessionCatalog.sql), in: db,
                                format: format, to: .standardOutput())
        }
    }
}
