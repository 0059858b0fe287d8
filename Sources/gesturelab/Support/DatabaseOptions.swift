import ArgumentParser
import GestureAnalysis
import GestureStore

/// `--db PATH`, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"),
            help: ArgumentHelp("The database file; created and migrated on first use.",
                               discussion: "Default: $GESTURELAB_DB, else ./gesturelab.sqlite. Reading commands also "
                                   + "take a shared store, postgresql://USER@HOST:PORT/DATABASE (docs/postgresql.md).",
                               valueName: "path"))
    var path: String?

    var resolvedPath: String { GestureDatabase.resolvePath(explicit: path) }

    func open() throws -> GestureDatabase {
        try GestureDatabase(path: resolvedPath, prepareConnection: PercentileFunctions.register)
    }
}

extension OutputFormat: ExpressibleByArgument {}
