/// The k-th smallest of n values without sorting them: introselect.
///
/// A percentile aggregate needs one or two ranks of its values, not their
/// order. Quickselect finds a rank in about 3n comparisons where a sort
/// takes n·log₂n (24n for 12 M values); a sort of what is left takes over
/// if partitioning stops shrinking the range quickly, so no arrangement of
/// values costs more than a sort. The value found is the one a sort would
/// put at rank k — values equal under `<` are interchangeable for every
/// percentile but the discrete one of signed zeros, which the caller
/// handles (``PercentileWindow``).
///
/// ```swift
/// var values: [Double] = [9, 1, 8, 2, 7]
/// values.withUnsafeMutableBufferPointer { OrderStatistic.select(rank: 1, in: $0) }  // 2.0
/// ```
enum OrderStatistic {
    /// Reorders `values` so that rank `rank` (0-based) holds the value a sort
    /// would put there, everything before it ≤ it and everything after ≥ it;
    /// returns that value.
    ///
    /// - Precondition: `rank` in `values.indices`; no NaN.
    @discardableResult
    static func select(rank: Int, in values: UnsafeMutableBufferPointer<Double>) -> Double {
        precondition(values.indices.contains(rank), "rank out of range")
        var low = 0, high = values.count - 1
        // Each partition should shrink the range by a fair share; after
        // 2·log₂n of them the rest is sorted instead.
        var partitionsLeft = 2 * (Int.bitWidth - values.count.leadingZeroBitCount)
        while high - low >= 16 {
            guard partitionsLeft > 0 else {
                var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
                rest.sort()
                return values[rank]
            }
            partitionsLeft -= 1
            let (left, right) = partition(values, low, high)
            if rank <= left {
                high = left
            } else if rank >= right {
                low = right
            } else {
                return values[rank]  // between the two sides: equal to the pivot
            }
        }
        insertionSort(values, low, high)
        return values[rank]
    }

    /// The smallest of `values[start...]`.
    ///
    /// - Precondition: `start` in `values.indices`.
    static func minimum(of values: UnsafeMutableBufferPointer<Double>, from start: Int) -> Double {
        var smallest = values[start]
        for index in (start + 1)..<values.count where values[index] < smallest { smallest = values[index] }
        return smallest
    }

    /// Hoare's partition of low...high around the median of the first,
    /// middle and last values. Afterwards low...left are ≤ the pivot,
    /// right...high are ≥ it, and whatever lies between equals it.
    private static func partition(_ values: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int)
        -> (left: Int, right: Int) {
        let middle = low + (high - low) / 2
        if values[middle] < values[low] { values.swapAt(middle, low) }
        if values[high] < values[low] { values.swapAt(high, low) }
        if values[high] < values[middle] { values.swapAt(high, middle) }
        let pivot = values[middle]
        // The first and last values now stop the scans below without bounds checks.
        var i = low, j = high
        while i <= j {
            while values[i] < pivot { i += 1 }
            while pivot < values[j] { j -= 1 }
            if i <= j {
                values.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        return (j, i)
    }

    private static func insertionSort(_ values: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int) {
        guard low < high else { return }
        for index in (low + 1)...high {
            let value = values[index]
            var slot = index
            while slot > low, value < values[slot - 1] {
                values[slot] = values[slot - 1]
                slot -= 1
            }
            values[slot] = value
        }
    }
}
