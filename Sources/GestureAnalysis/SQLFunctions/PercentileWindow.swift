/// The values one percentile aggregate has seen: added row by row, removed
/// again as a window frame slides past them, and queried at any point.
///
/// Values are appended unsorted and sorted only when a percentile or a
/// removal needs them. A plain aggregate therefore sorts once at the end, and
/// a sliding window — one value in, one out, one answer per row — keeps an
/// almost sorted array that Swift's sort puts in order in linear time.
///
/// ```swift
/// var window = PercentileWindow()
/// window.add(5); window.add(1); window.add(3)
/// window.remove(5)
/// window.percentile(fraction: 0.5, discrete: false)  // 2.0
/// ```
struct PercentileWindow {
    /// The fraction (0–1) every row of this aggregate must share.
    var fraction: Double?
    private var values: [Double] = []
    private var isSorted = true

    var isEmpty: Bool { values.isEmpty }

    mutating func add(_ value: Double) {
        if let last = values.last, value < last { isSorted = false }
        values.append(value)
    }

    /// Removes one occurrence of `value`, which an earlier `add` put in.
    mutating func remove(_ value: Double) {
        sortIfNeeded()
        let index = lowerBound(of: value)
        if index < values.count, values[index] == value {
            values.remove(at: index)
        }
    }

    /// The percentile of the current values at `fraction` (0–1), nil when there are none.
    mutating func percentile(fraction: Double, discrete: Bool) -> Double? {
        sortIfNeeded()
        return discrete
            ? Percentile.lower(values, fraction: fraction)
            : Percentile.interpolated(values, fraction: fraction)
    }

    private mutating func sortIfNeeded() {
        guard !isSorted else { return }
        values.sort()
        isSorted = true
    }

    private func lowerBound(of value: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
