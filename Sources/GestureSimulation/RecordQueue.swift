import GestureTrace

/// Records waiting to be written, smallest time first; records of equal time
/// in the order they were added, so a capture is the same on every run.
///
/// A binary min-heap. Interactions add their records in any order; the
/// session writes out those earlier than the next touch-down, so the queue
/// never holds more than an interaction or two.
struct RecordQueue {
    private struct Entry {
        var time: Int64
        var order: UInt64
        var record: TraceRecord

        func precedes(_ other: Entry) -> Bool {
            time != other.time ? time < other.time : order < other.order
        }
    }

    private var entries: [Entry] = []
    private var added: UInt64 = 0

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The time of the earliest record, if any.
    var earliestTime: Int64? { entries.first?.time }

    mutating func add(_ record: TraceRecord, at time: Int64) {
        entries.append(Entry(time: time, order: added, record: record))
        added &+= 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest record.
    mutating func removeEarliest() -> TraceRecord? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let earliest = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            var smaller = left
            if left + 1 < entries.count, entries[left + 1].precedes(entries[left]) {
                smaller = left + 1
            }
            guard entries[smaller].precedes(entries[parent]) else { break }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
        return earliest.record
    }
}
