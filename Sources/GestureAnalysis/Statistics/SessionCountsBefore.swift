/// How many of each session's values lie before each cut of a pooled,
/// sorted order: the table both session samplers read a replicate's
/// expected rank from, row-major (`table[row * sessions + session]`).
///
/// ```swift
/// // Pooled order owned by sessions 0, 1, 0, 1; cuts at 0 and 2.
/// sessionCountsBefore(cuts: [0, 2], owners: [0, 1, 0, 1] as [Int32], sessions: 2)   // [0, 0, 1, 1]
/// ```
func sessionCountsBefore(cuts: [Int], owners: some RandomAccessCollection<Int32>, sessions: Int) -> [Int32] {
    var table = [Int32](repeating: 0, count: cuts.count * sessions)
    var running = [Int32](repeating: 0, count: sessions)
    var position = owners.startIndex
    var consumed = 0
    for (row, cut) in cuts.enumerated() {
        while consumed < cut {
            running[Int(owners[position])] += 1
            position = owners.index(after: position)
            consumed += 1
        }
        for session in 0..<sessions { table[row * sessions + session] = running[session] }
    }
    return table
}
