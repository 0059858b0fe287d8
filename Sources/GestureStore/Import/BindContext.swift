/// What binding a batch's rows needs besides the rows: the store's session
/// ids, the batch's text, and the keys of the names in it.
///
/// Names are bound as their keys in `name` (``NameInterner``). Other
/// strings are bound with no copy (SQLite's `SQLITE_STATIC`), so the text
/// must stay where it is until every statement bound from it has stepped. A
/// context cannot be made except by ``ImportBatch/withBindContext(sessionRowIDs:names:_:)``,
/// which pins the text for exactly the closure that binds and steps; every
/// row binds all of its values before its statement steps, so no statement
/// steps on a pointer from an earlier batch.
///
///     try batch.withBindContext(sessionRowIDs: ids, names: names) { context in
///         try deliveries.insert(batch.deliveries, in: context)
///     }
struct BindContext {
    /// `session.id` in the store, by the session's ordinal in the capture.
    let sessionRowIDs: [Int64]
    /// The batch's `text`, pinned while the closure that got this context runs.
    let text: UnsafePointer<CChar>
    /// The import's names: a key for each, new ones noted for `name`.
    let names: NameInterner

    fileprivate init(sessionRowIDs: [Int64], text: UnsafePointer<CChar>, names: NameInterner) {
        self.sessionRowIDs = sessionRowIDs
        self.text = text
        self.names = names
    }

    /// The key of a name of the batch.
    func nameKey(_ range: TextRange) -> Int64 {
        names.key(UnsafeRawBufferPointer(start: text + range.offset, count: range.count))
    }

    func nameKey(_ range: TextRange?) -> Int64? {
        range.map { nameKey($0) }
    }

    /// The key of a literal name (a phase, state, kind or region).
    func nameKey(_ literal: StaticString) -> Int64 {
        names.key(literal)
    }

    func nameKey(_ literal: StaticString?) -> Int64? {
        literal.map { names.key($0) }
    }

    func sessionRowID(_ ordinal: Int) -> Int64 {
        sessionRowIDs[ordinal]
    }

    func string(_ range: TextRange) -> String {
        String(decoding: UnsafeRawBufferPointer(start: text + range.offset, count: range.count),
               as: UTF8.self)
    }
}

extension ImportBatch {
    /// Runs `body` with a context whose text is this batch's, pinned for the
    /// duration of the call and no longer.
    func withBindContext<T>(sessionRowIDs: [Int64], names: NameInterner,
                            _ body: (BindContext) throws -> T) rethrows -> T {
        try text.withUnsafeBufferPointer { bytes in
            // An empty batch text has no storage; its rows bind no strings.
            let base = bytes.baseAddress ?? ("" as StaticString).utf8Start
            return try body(BindContext(sessionRowIDs: sessionRowIDs,
                                        text: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                        names: names))
        }
    }
}
