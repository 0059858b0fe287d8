/// The marks of one panel of an outcome map: a mark per touch-down, or,
/// beyond ``maximumMarks``, a mark per outcome per square cell of the plot,
/// so the page stays small however many touches a group holds.
///
/// Gathered marks sit at their cell's centre and carry how many touch-downs
/// they stand for; every touch-down is in exactly one mark, so the counts
/// add up to the touches. Cells start at 2 pixels (a dot is 5.2 across, so
/// the eye cannot tell) and double until the marks fit.
///
///     let marks = OutcomeMarks([(x: 10.3, y: 4.9, outcome: .reached)])
///     marks.marks == [.init(x: 10.3, y: 4.9, outcome: .reached, count: 1)]   // true
struct OutcomeMarks: Equatable {
    /// In drawing order: where a cell holds several, a missed ring stays
    /// visible over a reached dot.
    enum Outcome: Int, Comparable {
        case reached, missed, another

        static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Mark: Equatable {
        /// Pixels in the figure.
        var x, y: Double
        var outcome: Outcome
        var count: Int
    }

    /// More touch-downs than this in a panel are gathered into cells:
    /// 3,000 marks are about 200 KB of SVG.
    static let maximumMarks = 3_000

    var marks: [Mark]
    /// The side of the cells in pixels; nil when each touch-down has its own mark.
    var cellSize: Double?

    private struct Cell: Hashable {
        var row, column: Int
        var outcome: Outcome
    }

    /// - Parameter points: touch-downs in figure pixels, in drawing order.
    init(_ points: [(x: Double, y: Double, outcome: Outcome)], maximumMarks: Int = Self.maximumMarks) {
        guard points.count > maximumMarks else {
            marks = points.map { Mark(x: $0.x, y: $0.y, outcome: $0.outcome, count: 1) }
            cellSize = nil
            return
        }
        var size = 2.0
        var counts: [Cell: Int] = [:]
        while true {
            counts = [:]
            for point in points {
                let cell = Cell(row: Int((point.y / size).rounded(.down)), column: Int((point.x / size).rounded(.down)),
                                outcome: point.outcome)
                counts[cell, default: 0] += 1
            }
            // A figure is a few hundred pixels across: at 1,024-pixel cells it is one cell.
            if counts.count <= maximumMarks || size >= 1_024 { break }
            size *= 2
        }
        let cells = counts.keys.sorted { ($0.row, $0.column, $0.outcome) < ($1.row, $1.column, $1.outcome) }
        marks = cells.map { cell in
            Mark(x: (Double(cell.column) + 0.5) * size, y: (Double(cell.row) + 0.5) * size, outcome: cell.outcome,
                 count: counts[cell]!)
        }
        cellSize = size
    }
}
