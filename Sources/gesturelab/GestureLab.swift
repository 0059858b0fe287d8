import ArgumentParser

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Record, query and compare gesture-latency experiments from iOS apps.",
        discussion: """
            Import trace captures (gesture-trace JSON Lines) into SQLite, list what was
            recorded, and ask how long after each touch-down the app heard about it.

            Examples:
              gesturelab import Examples/*.jsonl
              gesturelab sessions
              gesturelab sessions --format csv > sessions.csv

            The database is --db PATH, else $GESTURELAB_DB, else ./gesturelab.sqlite.
            """,
        version: "0.1.0",
        subcommands: [ImportCommand.self, SessionsCommand.self, QueryCommand.self, ExportCommand.self, CompareCommand.self, SimulateCommand.self, DemoCommand.self, BenchCommand.self]
    )
}
