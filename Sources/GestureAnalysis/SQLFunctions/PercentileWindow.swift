import Foundation

/// The values one percentile aggregate has seen: added row by row, removed
/// again as a window frame slides past them, and queried at any point.
///
/// Plain memory rather than an array, so that it lives in the bytes SQLite
/// keeps for each aggregate (`sqlite3_aggregate_context`): all-zero bytes are
/// an empty window, a row costs a store and no reference counting, and
/// ``release()`` frees it. Values are appended unsorted.
///
/// - A plain aggregate asks once, at the end (``finalPercentile(fraction:discrete:)``):
///   values that came in ascending order (say from an index) are read in
///   place; otherwise a selection (``OrderStatistic``) finds the one or two
///   ranks needed in linear time instead of sorting.
/// - A window function asks for every row and removes values
///   (``percentile(fraction:discrete:)``, ``remove(_:)``): the values are
///   kept sorted, and a sliding window — one value in, one out — leaves an
///   almost sorted array that Swift's sort puts in order in linear time.
///
/// Every answer is the double a full sort would give.
///
/// ```swift
/// var window = PercentileWindow()
/// defer { window.release() }
/// window.add(5); window.add(1); window.add(3)
/// window.remove(5)
/// window.percentile(fraction: 0.5, discrete: false)  // 2.0
/// ```
struct PercentileWindow {
    private var storage: UnsafeMutablePointer<Double>?
    private var capacity = 0
    private(set) var count = 0
    private var sharedFraction = 0.0
    private var hasFraction = false
    private var isUnsorted = false
    /// Whether a −0.0 came in: a selection may then pick the other zero
    /// than a (stable) sort would for `percentile_disc`.
    private var hasNegativeZero = false

    init() {}

    /// The fraction (0–1) every row of this aggregate must share.
    var fraction: Double? {
        get { hasFraction ? sharedFraction : nil }
        set {
            hasFraction = newValue != nil
            sharedFraction = newValue ?? 0
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Appends `value`; false when there is no memory for it.
    @discardableResult
    mutating func add(_ value: Double) -> Bool {
        if count == capacity, !grow() { return false }
        let storage = storage.unsafelyUnwrapped
        if count > 0, value < storage[count - 1] { isUnsorted = true }
        if value == 0, value.sign == .minus { hasNegativeZero = true }
        storage[count] = value
        count += 1
        return true
    }

    /// Removes one occurrence of `value`, which an earlier `add` put in.
    mutating func remove(_ value: Double) {
        sortIfNeeded()
        let values = buffer
        let index = lowerBound(of: value, in: values)
        guard index < count, values[index] == value else { return }
        if index + 1 < count {
            (values.baseAddress! + index).update(from: values.baseAddress! + index + 1, count: count - index - 1)
        }
        count -= 1
    }

    /// The percentile of the current values at `fraction` (0–1), nil when
    /// there are none; leaves the values sorted for the next row's answer.
    mutating func percentile(fraction: Double, discrete: Bool) -> Double? {
        sortIfNeeded()
        return discrete ? Percentile.lower(buffer, fraction: fraction) : Percentile.interpolated(buffer, fraction: fraction)
    }

    /// The same answer as ``percentile(fraction:discrete:)``, for the last
    /// question asked: the values may be left in any order.
    mutating func finalPercentile(fraction: Double, discrete: Bool) -> Double? {
        guard count > 0 else { return nil }
        // A stable sort keeps −0.0 and 0.0 in input order, a selection may
        // not; only the discrete percentile returns the stored zero itself
        // (an interpolation gives +0.0 from either).
        if !isUnsorted || (discrete && hasNegativeZero) { return percentile(fraction: fraction, discrete: discrete) }
        let values = buffer
        let at = Percentile.Position(fraction: fraction, count: count)
        let low = OrderStatistic.select(rank: at.lower, in: values)
        if discrete { return low }
        return at.interpolate(low, at.upper == at.lower ? low : OrderStatistic.minimum(of: values, from: at.upper))
    }

    /// Frees the values; the window is empty afterwards.
    mutating func release() {
        free(storage)
        self = PercentileWindow()
    }

    private var buffer: UnsafeMutableBufferPointer<Double> { UnsafeMutableBufferPointer(start: storage, count: count) }

    /// Doubles the capacity (realloc: large blocks grow by remapping, not copying).
    private mutating func grow() -> Bool {
        let newCapacity = max(16, capacity * 2)
        guard let grown = realloc(storage, newCapacity * MemoryLayout<Double>.stride) else { return false }
        storage = grown.bindMemory(to: Double.self, capacity: newCapacity)
        capacity = newCapacity
        return true
    }

    private mutating func sortIfNeeded() {
        guard isUnsorted else { return }
        var values = buffer
        values.sort()
        isUnsorted = false
    }

    private func lowerBound(of value: Double, in values: UnsafeMutableBufferPointer<Double>) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
