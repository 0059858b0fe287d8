import GRDB
import GestureStore

/// One experiment's responses counted in one pass over a SQLite store's
/// integer-keyed response table: per (target, event, channel) how many
/// latencies and their sum, and per (variant, target, event) how many
/// touches two channels heard, as `response_pairs` pairs them (the first
/// channel before the second in byte order).
///
/// The suggestions need both; through the `responses` and
/// `response_pairs` views each was a join, a name lookup per row and a
/// sort of every row into its group, a large share of a large store's
/// report.
/// Here the rows are read once, in the table's own order, and grouped in
/// memory: a few groups per experiment.
///
///     let tally = try ResponseTally(db, experiment: "edge-deferral")
///     tally.heard.first?.target   // "recordButton"
struct ResponseTally {
    /// A (target, event, channel) the experiment's touches were heard on.
    struct Heard {
        var target: String
        var event: String
        var via: String
        var count: Int
        /// The mean latency in milliseconds, from the exact sum of nanoseconds.
        var meanMs: Double
    }

    /// A (variant, target, event) whose touches two channels heard.
    struct Paired {
        var variant: String
        var target: String
        var event: String
        var count: Int
        /// The mean latency of the first channel, in milliseconds.
        var meanMs: Double
    }

    var heard: [Heard] = []
    var paired: [Paired] = []

    init(_ db: Database, experiment: String) throws {
        try StoreError.translatingSQLite {
            var names: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, text FROM name") { names[row[0]] = row[1] }
            // Each channel's place in byte order among the channels met so far
            // (a few; not every name, which may be millions of targets), so
            // that a touch's channels are ordered by comparing integers rather
            // than their texts, pair by pair. Equal texts share a place.
            var channels: [Int64] = []
            var channelRank: [Int64: Int] = [:]
            func meet(_ via: Int64) {
                guard channelRank[via] == nil else { return }
                channels.append(via)
                channels.sort { Self.bytesAscending(names[$0] ?? "", names[$1] ?? "") }
                var rank = 0
                for (index, channel) in channels.enumerated() {
                    if index > 0, Self.bytesAscending(names[channels[index - 1]] ?? "", names[channel] ?? "") { rank += 1 }
                    channelRank[channel] = rank
                }
            }
            // Variants by their bytes, as SQL groups them.
            var variantNames: [String] = []
            var variantIndex: [[UInt8]: Int] = [:]
            var variantOfSession: [Int64: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, variant FROM session WHERE experiment = ?",
                                        arguments: [experiment]) {
                let variant: String = row[1], bytes = Array(variant.utf8)
                if variantIndex[bytes] == nil {
                    variantIndex[bytes] = variantNames.count
                    variantNames.append(variant)
                }
                variantOfSession[row[0]] = variantIndex[bytes]
            }
            var heardSums: [HeardKey: Sum] = [:]
            var pairSums: [PairKey: Sum] = [:]
            // Touches come session by session, so one (variant, target, event)
            // runs over many of them: summed here, added to `pairSums` when it changes.
            var pairRun: (key: PairKey, sum: Sum)?
            // The current touch's channels and their latencies.
            var touch: [(via: Int64, latency: Int64)] = []
            var ranks: [Int] = []
            var current: (session: Int64, touch: Int64, target: Int64, event: Int64)?
            func closeTouch() {
                guard let key = current, touch.count >= 2, let variant = variantOfSession[key.session] else { return }
                // Each pair once: the channel first in byte order is `first_via`
                // (a channel without a name sorts first, as the empty text).
                let pairKey = PairKey(variant: variant, target: key.target, event: key.event)
                if let run = pairRun, run.key != pairKey {
                    if run.sum.count > 0 { pairSums[run.key, default: Sum()].add(run.sum) }
                    pairRun = nil
                }
                var sum = pairRun?.sum ?? Sum()
                // Every channel is met before any is ranked: meeting a new one renumbers them.
                for entry in touch { meet(entry.via) }
                ranks.removeAll(keepingCapacity: true)
                for entry in touch { ranks.append(channelRank[entry.via]!) }
                for (first, firstRank) in zip(touch, ranks) {
                    for secondRank in ranks where firstRank < secondRank { sum.add(first.latency) }
                }
                pairRun = (pairKey, sum)
            }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT session_id, touch, target_id, event_id, via_id, latency_ns FROM stored_response
                WHERE session_id IN (SELECT id FROM session WHERE experiment = ?)
                ORDER BY session_id, touch, target_id, event_id
                """, arguments: [experiment])
            while let row = try rows.next() {
                let session: Int64 = row[0], touchID: Int64 = row[1], target: Int64 = row[2], event: Int64 = row[3]
                let via: Int64 = row[4], latency: Int64 = row[5]
                heardSums[HeardKey(target: target, event: event, via: via), default: Sum()].add(latency)
                if current.map({ $0 != (session, touchID, target, event) }) ?? true {
                    closeTouch()
                    current = (session, touchID, target, event)
                    touch.removeAll(keepingCapacity: true)
                }
                touch.append((via, latency))
            }
            closeTouch()
            if let run = pairRun, run.sum.count > 0 { pairSums[run.key, default: Sum()].add(run.sum) }
            heard = heardSums.map { key, sum in
                Heard(target: names[key.target] ?? "", event: names[key.event] ?? "", via: names[key.via] ?? "",
                      count: sum.count, meanMs: sum.meanMs)
            }
            paired = pairSums.map { key, sum in
                Paired(variant: variantNames[key.variant], target: names[key.target] ?? "", event: names[key.event] ?? "",
                       count: sum.count, meanMs: sum.meanMs)
            }
        }
    }

    /// The response the configuration comparisons use: the shortest mean
    /// latency among those heard at least half as often as the most common
    /// one; ties in byte order of target, event and channel, as SQL's `ORDER BY`.
    var lead: Heard? {
        guard let most = heard.map(\.count).max() else { return nil }
        return heard.filter { $0.count * 2 >= most }.min { a, b in
            if a.meanMs != b.meanMs { return a.meanMs < b.meanMs }
            return Self.bytesAscending([a.target, a.event, a.via], [b.target, b.event, b.via])
        }
    }

    /// Per variant in byte order, the (target, event) most touches were
    /// heard of on two channels; ties by the lower mean, then by name.
    var channelLeads: [Paired] {
        let ordered = paired.sorted { a, b in
            if !a.variant.hasSameBytes(as: b.variant) { return Self.bytesAscending(a.variant, b.variant) }
            if a.count != b.count { return a.count > b.count }
            if a.meanMs != b.meanMs { return a.meanMs < b.meanMs }
            return Self.bytesAscending([a.target, a.event], [b.target, b.event])
        }
        var seen = Set<[UInt8]>()
        return ordered.filter { seen.insert(Array($0.variant.utf8)).inserted }
    }

    /// SQLite's `BINARY` order: bytes of the UTF-8, not Unicode's order.
    static func bytesAscending(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Compares column by column, each in ``bytesAscending(_:_:)`` order.
    static func bytesAscending(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where !x.hasSameBytes(as: y) { return bytesAscending(x, y) }
        return false
    }

    private struct HeardKey: Hashable {
        var target, event, via: Int64
    }

    private struct PairKey: Hashable {
        /// The variant's place in `variantNames`.
        var variant: Int
        var target, event: Int64
    }

    /// A count and the exact sum of its nanoseconds, in 128 bits: the
    /// importer accepts latencies up to 2^62 ns, so a handful of them already
    /// overflow an `Int64` (ten latencies of 10^9 s trapped the report).
    /// `Int128` would do, but needs macOS 15 and the package supports 13.
    struct Sum {
        var count = 0
        /// The sum as a two's-complement 128-bit number: `high` × 2^64 + `low`.
        var high: Int64 = 0
        var low: UInt64 = 0

        mutating func add(_ latency: Int64) {
            count += 1
            let (sum, carry) = low.addingReportingOverflow(UInt64(bitPattern: latency))
            low = sum
            // A negative latency is 2^64 − |latency| in the low word with −1 carried in the high one.
            high += (latency < 0 ? -1 : 0) + (carry ? 1 : 0)
        }

        mutating func add(_ other: Sum) {
            count += other.count
            let (sum, carry) = low.addingReportingOverflow(other.low)
            low = sum
            high += other.high + (carry ? 1 : 0)
        }

        /// The sum in nanoseconds, exact while it fits an `Int64` (so a small
        /// negative sum is not lost against 2^64), else rounded once to a `Double`.
        var nanoseconds: Double {
            let fitsInt64 = (high == 0 && low < 1 << 63) || (high == -1 && low >= 1 << 63)
            return fitsInt64 ? Double(Int64(bitPattern: low)) : Double(high) * 0x1p64 + Double(low)
        }

        var meanMs: Double { nanoseconds / Double(count) / 1e6 }
    }
}
