import Foundation
import GRDB
import GestureTrace

/// The store's `name` table in memory for one import: each text's integer
/// key, new texts given the next key as they are first met.
///
/// Record and derived rows store names by key (migration 0008). Binding a
/// row looks its names up here, so the inserting thread never asks SQLite
/// for a key; keys handed out since the last ``flush(_:)`` are written to
/// `name` then, in the import's transaction, before any statement reads
/// names by text (the replay, the false starts set aside). A failed import rolls them back
/// with its rows.
///
///     let names = try NameInterner(db)
///     let key = names.key(bytes)        // same bytes, same key
///     try names.flush(db)               // new names into `name`
final class NameInterner {
    /// A name's UTF-8 bytes: the batch's (to look up) or our own copy (kept).
    private struct Bytes: Hashable {
        let base: UnsafeRawPointer
        let count: Int

        // The reading thread's byte hash: one multiply a word, where
        // hashing the bytes through `Hasher` costs a SipHash pass a row.
        func hash(into hasher: inout Hasher) {
            hasher.combine(ByteHash.of(UnsafeRawBufferPointer(start: base, count: count)))
        }

        static func == (lhs: Bytes, rhs: Bytes) -> Bool {
            lhs.count == rhs.count && (lhs.count == 0 || memcmp(lhs.base, rhs.base, lhs.count) == 0)
        }
    }

    private var keys: [Bytes: Int64] = [:]
    /// The last name seen in each of 1,024 slots chosen by its byte hash,
    /// checked before `keys`. An import has few distinct names met over and
    /// over (a target, event and via a delivery): a hit costs the byte hash
    /// and one `memcmp`, where `keys` runs `Hasher`'s SipHash on every lookup.
    private var recent = [RecentName](repeating: RecentName(), count: NameInterner.recentSlots)
    private static let recentSlots = 1024
    /// Literals (phases, states, kinds, regions) by their address: no hashing of bytes.
    private var literalKeys: [UInt: Int64] = [:]
    private var owned: [UnsafeMutableRawPointer] = []
    private var pending: [(key: Int64, bytes: Bytes)] = []
    private var nextKey: Int64

    /// Reads every stored name; call inside the import's transaction.
    init(_ db: Database) throws {
        nextKey = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM name") ?? 0) + 1
        let rows = try Row.fetchCursor(db, sql: "SELECT id, text FROM name")
        while let row = try rows.next() {
            let key: Int64 = row[0]
            var text: String = row[1]
            text.withUTF8 { keys[own(UnsafeRawBufferPointer($0))] = key }
        }
    }

    deinit {
        for pointer in owned { pointer.deallocate() }
    }

    /// The key of the text in `bytes`, given now if the text is new.
    func key(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        let probe = Bytes(base: bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start),
                          count: bytes.count)
        let hash = ByteHash.of(UnsafeRawBufferPointer(start: probe.base, count: probe.count))
        let slot = Int(truncatingIfNeeded: hash >> 54)
        if recent[slot].hash == hash, let kept = recent[slot].bytes, kept == probe { return recent[slot].key }
        let found: (Bytes, Int64)
        if let index = keys.index(forKey: probe) {
            found = (keys[index].key, keys[index].value)
        } else {
            let kept = own(bytes)
            let key = nextKey
            nextKey += 1
            keys[kept] = key
            pending.append((key, kept))
            found = (kept, key)
        }
        recent[slot] = RecentName(hash: hash, bytes: found.0, key: found.1)
        return found.1
    }

    /// The key of a literal; its address identifies it.
    func key(_ literal: StaticString) -> Int64 {
        let address = UInt(bitPattern: literal.utf8Start)
        if let key = literalKeys[address] { return key }
        let key = literal.withUTF8Buffer { self.key(UnsafeRawBufferPointer($0)) }
        literalKeys[address] = key
        return key
    }

    /// Writes the names given keys since the last flush into `name`.
    func flush(_ db: Database) throws {
        guard !pending.isEmpty else { return }
        let statement = try db.cachedStatement(sql: "INSERT INTO name (id, text) VALUES (?, ?)")
        for (key, bytes) in pending {
            let text = String(decoding: UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), as: UTF8.self)
            try statement.execute(arguments: [key, text])
        }
        pending.removeAll()
    }

    /// A slot of `recent`: the bytes are `keys`' own copy, kept until deinit.
    private struct RecentName {
        var hash: UInt64 = 0
        var bytes: Bytes?
        var key: Int64 = 0
    }

    private func own(_ bytes: UnsafeRawBufferPointer) -> Bytes {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        if let base = bytes.baseAddress, bytes.count > 0 { copy.copyMemory(from: base, byteCount: bytes.count) }
        owned.append(copy)
        return Bytes(base: UnsafeRawPointer(copy), count: bytes.count)
    }
}
