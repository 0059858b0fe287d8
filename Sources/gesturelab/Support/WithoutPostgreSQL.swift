#if !PostgreSQL
import ArgumentParser

/// A gesturelab built without the PostgreSQL trait (the default build) has no
/// shared store: `push`, `--db postgresql://…` and `bench --postgresql` say
/// so in one line, with the build that has it, and exit with status 1.
enum WithoutPostgreSQL {
    /// The one line, as `Error: …` on standard error.
    struct Missing: Error, CustomStringConvertible {
        var feature: String
        var description: String {
            "\(feature) needs the shared store, which this build of gesturelab leaves out: "
                + "rebuild with `swift build -c release --traits PostgreSQL` (docs/postgresql.md)"
        }
    }

    static func missing(_ feature: String) -> Missing { Missing(feature: feature) }

    /// Whether `--db` names a server: the PostgreSQL build's
    /// `ServerAddress.isServerURL`, which this build does not compile.
    static func isServerURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }
}

/// `push` in a build without the shared store: takes whatever follows and
/// says how to get the command.
struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Copy the captures a shared PostgreSQL store lacks into it (a build with --traits PostgreSQL).",
        discussion: """
            This build of gesturelab leaves the shared store out. Build one that has
            it with
              swift build -c release --traits PostgreSQL
            See docs/postgresql.md.
            """)

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        throw WithoutPostgreSQL.missing("gesturelab push")
    }
}
#endif
