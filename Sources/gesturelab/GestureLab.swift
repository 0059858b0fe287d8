import ArgumentParser

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Record, query and compare gesture-latency experiments from iOS apps.",
        discussion: """
            Import trace captures (gesture-trace JSON Lines) into SQLite, list what was
            recorded, ask how long after each touch-down the app heard about it, and
            compare variants with percentiles, bootstrap intervals and a test.

            Examples:
              gesturelab demo
              gesturelab import Examples/*.jsonl
              gesturelab sessions
              gesturelab query response-by-region -p event touchDown
              gesturelab compare --by deferred_edges --event touchDown --region bottom,bottom-right
              gesturelab export responses --out responses.csv

            The database is --db PATH, else $GESTURELAB_DB, else ./gesturelab.sqlite.
            """,
        version: "0.1.0",
        subcommands: [ImportCommand.self, SessionsCommand.self, QueryCommand.self, ExportCommand.self, CompareCommand.self, PushCommand.self, SimulateCommand.self, DemoCommand.self, BenchCommand.self]
    )

    static func main() {
        main(QueryParameterArguments.joiningNegativeValues(Array(CommandLine.arguments.dropFirst())))
    }
}
