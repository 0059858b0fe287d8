import Foundation
import GestureStore

/// More read connections on the store a report reads, so that its
/// comparisons are worked out side by side rather than one after another.
///
/// Each comparison is SQL (one core) and then a bootstrap (every core);
/// worked out one at a time, one core idles through every query. With
/// readers, `width` comparisons run at once, each on its own connection
/// (SQLite readers never wait for each other), and the page keeps the
/// plans' order, so it is byte for byte the page of the serial run.
///
///     let readers = ReportReaders { body in
///         let store = try GestureDatabase(readingAt: "lab.sqlite")
///         defer { try? store.close() }
///         try store.connection.read { db in try body(db) }
///     }
///     let html = try database.connection.read { db in
///         try HTMLReport.render(db, plans: nil, options: .init(), readers: readers)
///     }
package struct ReportReaders: Sendable {
    /// Runs `body` with a new read connection on the same store, and closes it.
    package typealias Open = @Sendable (_ body: (any StoreReader) throws -> Void) throws -> Void

    package var open: Open
    /// How many comparisons are worked out at once; under 2 means one at a time.
    package var width: Int

    /// Two at a time where there are two cores: one comparison's queries
    /// overlap another's bootstrap, which already uses every core. More
    /// would hold more comparisons in memory at once for little time.
    package static let defaultWidth = min(ProcessInfo.processInfo.activeProcessorCount, 2)

    package init(width: Int = ReportReaders.defaultWidth, open: @escaping Open) {
        self.open = open
        self.width = width
    }
}
