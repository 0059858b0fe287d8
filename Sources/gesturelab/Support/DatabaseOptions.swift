import ArgumentParser
import Foundation
import GestureAnalysis
import GestureStore
import GestureTrace

/// `--db PATH`, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"),
            help: ArgumentHelp("The database file; import creates it.",
                               discussion: "Default: $GESTURELAB_DB, else ./gesturelab.sqlite. Only import writes "
                                   + "to it; the other commands open it read-only, never wait for an import (they "
                                   + "see its last commit) and work on a file you may only read. Reading commands also take a shared store, "
                                   + "postgresql://USER@HOST:PORT/DATABASE (docs/postgresql.md).",
                               valueName: "path"))
    /// A SQLite file's path, or for the reading commands a `postgresql://` URL.
    var location: String?

    /// `--db`, else `$GESTURELAB_DB`, else `./gesturelab.sqlite`.
    var resolvedLocation: String { GestureDatabase.resolvePath(explicit: location) }

    /// Opens the database only to read: nothing is created, nothing written,
    /// nothing waits for an import (see RELIABILITY.md).
    func open() throws -> GestureDatabase {
        try refuseFolder()
        return try GestureDatabase(readingAt: resolvedLocation, prepareConnection: PercentileFunctions.register,
                            notice: { StandardErrorWriter.line($0) })
    }

    /// Opens the database to write, creating or migrating it when needed;
    /// waits behind another writer, saying so. Call `close()` when done.
    func openForWriting() throws -> GestureDatabase {
        try refuseFolder()
        return try GestureDatabase(path: resolvedLocation, prepareConnection: PercentileFunctions.register,
                            notice: { StandardErrorWriter.line($0) })
    }

    /// Refuses an output path that is the store this command reads (or a
    /// file SQLite keeps beside it): `export … --out lab.sqlite` wrote the
    /// CSV over the store.
    func refuseWritingOverStore(_ out: String) throws {
        guard GestureDatabase.isStoreFile(out, storeAt: resolvedLocation) else { return }
        throw StoreError("cannot write \(TerminalText.escaped(out)): it is the store this command reads "
            + "(\(TerminalText.escaped(resolvedLocation))), which writing there would destroy; name another file")
    }

    /// A folder is refused by name: SQLite would call it a "disk I/O error".
    private func refuseFolder() throws {
        var isFolder: ObjCBool = false
        let path = resolvedLocation
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw StoreError("cannot open \(TerminalText.escaped(path)): it is a folder, not a gesturelab store "
                + "(--db names the store's file, such as gesturelab.sqlite)")
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
