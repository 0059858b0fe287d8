import ArgumentParser
import GestureAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
              gesturelab compare --by deferred_edges --event touchDown \\
                  --region bottom,bottom-right
              gesturelab export responses --out responses.csv
              gesturelab report --out report.html

            The database is --db PATH, else $GESTURELAB_DB, else ./gesturelab.sqlite.
            import creates it; the other commands only read it, never waiting for an
            import.
            Output into a closed pipe (| head) ends quietly. push and --db
            postgresql://… need the shared store, which only a build with the
            PostgreSQL trait has (swift build --traits PostgreSQL, docs/postgresql.md).

            A pending schema migration is applied, with one line saying so, when you
            may write the file (else the command refuses, saying why); a store made by
            a newer gesturelab, or one whose applied migration was edited since, is
            refused unchanged. Whenever a command ends, the .sqlite file alone holds
            everything: copy or mail just that file.

            Exit status: 0 done (also when output went into a closed pipe); 1 an
            error, said in one line on standard error (for import: any file refused);
            3 compare --fail-if-slower's budget exceeded; 64 invalid arguments; 130 or
            143 import interrupted by Ctrl-C or SIGTERM. Any other command interrupted
            by SIGINT, SIGTERM or SIGHUP removes its temporary --out file and dies of
            that signal.
            """,
        version: "0.1.0",
        subcommands: [ImportCommand.self, SessionsCommand.self, QueryCommand.self, ExportCommand.self, CompareCommand.self, ReportCommand.self, PushCommand.self, SimulateCommand.self, DemoCommand.self, BenchCommand.self]
    )

    /// Runs the command. Output into a pipe whose reader has gone (`| head`)
    /// ends the command quietly, with status 0, instead of SIGPIPE killing it
    /// mid-line.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot(
                QueryParameterArguments.joiningNegativeValues(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let error as OutputError where error.isBrokenPipe {
            Self.exit()
        } catch {
            exit(withError: error)
        }
    }
}
