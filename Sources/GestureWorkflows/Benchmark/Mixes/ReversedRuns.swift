import GestureTrace

/// A capture's records with each session's records reversed in runs of
/// `runLength`: every record stays valid (a touch's later records may
/// precede its `began` in the file, and wait for it), but the capture is
/// no longer in time order.
///
/// A session's declaration stays before its records: a `session` record
/// ends the run in progress and goes out right after it.
struct ReversedRuns<Base: Sequence<TraceRecord>>: Sequence {
    var base: Base
    var runLength: Int

    init(_ base: Base, runLength: Int) {
        precondition(runLength > 0, "runs hold at least one record")
        self.base = base
        self.runLength = runLength
    }

    func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), runLength: runLength)
    }

    struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        let runLength: Int
        /// The run being gathered, in file order.
        private var run: [TraceRecord] = []
        /// The run being handed out, last record first.
        private var reversed: [TraceRecord] = []
        /// A session record read while a run was gathered: it goes out
        /// after that run (of earlier sessions), before any of its own.
        private var declaration: TraceRecord?

        init(base: Base.Iterator, runLength: Int) {
            self.base = base
            self.runLength = runLength
        }

        mutating func next() -> TraceRecord? {
            if let record = reversed.popLast() { return record }
            if let session = declaration {
                declaration = nil
                return session
            }
            run.removeAll(keepingCapacity: true)
            while run.count < runLength, let record = base.next() {
                if case .session = record {
                    if run.isEmpty { return record }
                    declaration = record
                    break
                }
                run.append(record)
            }
            // popLast hands the run out from its end: reversed.
            swap(&run, &reversed)
            if let record = reversed.popLast() { return record }
            return declaration.take()
        }
    }
}
