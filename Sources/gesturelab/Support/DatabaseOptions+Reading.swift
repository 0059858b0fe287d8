import GestureAnalysis
import GestureReport
import GestureStore
#if PostgreSQL
import GestureStorePostgreSQL
#endif

extension DatabaseOptions {
    /// Runs `body` with a reader of the store `--db` names: a SQLite file,
    /// or a shared store at a `postgresql://` URL, read-only in both cases.
    func read<T>(_ body: (any StoreReader) throws -> T) throws -> T {
        let location = resolvedLocation
        #if PostgreSQL
        if ServerAddress.isServerURL(location) {
            let reader = try ServerReader(try ServerAddress(url: location))
            defer { reader.close() }
            return try body(reader)
        }
        #else
        if WithoutPostgreSQL.isServerURL(location) { throw WithoutPostgreSQL.missing("--db postgresql://…") }
        #endif
        return try open().connection.read { db in try body(db) }
    }
}

extension DatabaseOptions {
    /// More read connections on a SQLite store, for a report that works its
    /// comparisons out side by side; nil for a shared store, read one
    /// comparison at a time.
    func reportReaders() -> ReportReaders? {
        let location = resolvedLocation
        #if PostgreSQL
        if ServerAddress.isServerURL(location) { return nil }
        #else
        if WithoutPostgreSQL.isServerURL(location) { return nil }
        #endif
        return ReportReaders { body in
            let store = try GestureDatabase(readingAt: location, prepareConnection: PercentileFunctions.register)
            defer { try? store.close() }
            try store.connection.read { db in try body(db) }
        }
    }
}
