/// A growable raw byte buffer owned by a class so that it is freed with its owner.
///
/// The reader keeps its chunk buffer and the decoded text of escaped strings in
/// these, and the import's digest the reads it has yet to hash: one allocation
/// reused for the whole capture instead of one per line or per read.
package final class ByteScratch {
    package private(set) var pointer: UnsafeMutablePointer<UInt8>
    package private(set) var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit {
        pointer.deallocate()
    }

    /// Grows to at least `needed` bytes, keeping the first `preserving` bytes.
    package func reserve(_ needed: Int, preserving: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if preserving > 0 {
            newPointer.update(from: pointer, count: preserving)
        }
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }
}
