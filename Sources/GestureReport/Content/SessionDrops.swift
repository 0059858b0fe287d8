import GRDB

/// Events a recorder dropped while recording, per session: the report
/// warns about every session of a comparison that lost some.
///
/// The hook where the recorder's counts come in. Stores of this schema keep
/// no count (every session reads as none dropped); when the store records
/// one per session, ``counts(_:)`` reads it and the warnings follow.
///
///     let drops = try SessionDrops.counts(db)   // [session id: count]
enum SessionDrops {
    struct Count: Sendable, Equatable {
        var capture: String
        var session: String
        var events: Int
    }

    static func counts(_ db: Database) throws -> [Int64: Count] {
        [:]
    }
}
