import GestureAnalysis

/// Touch-downs gathered into square cells of the screen, for maps of more
/// touches than dots can show. Every touch lands in exactly one cell, so
/// the cells' counts add up to the touches.
///
///     let bins = ScreenBinning(touches: points, width: 393, height: 852, cellSize: 12)
///     bins.cells.map(\.count).reduce(0, +) == points.count   // true
package struct ScreenBinning: Sendable, Equatable {
    package struct Cell: Sendable, Equatable {
        package var column: Int
        package var row: Int
        package var count: Int
        /// The median latency of the cell's touches, in milliseconds.
        package var medianLatency: Double
    }

    package var cellSize: Double
    /// Occupied cells, in row then column order.
    package var cells: [Cell]

    /// - Parameter touches: positions and latencies; positions outside the
    ///   screen fall into its border cells.
    package init(touches: [(x: Double, y: Double, latency: Double)], width: Double, height: Double, cellSize: Double) {
        self.cellSize = cellSize
        let columns = max(1, Int((width / cellSize).rounded(.up)))
        let rows = max(1, Int((height / cellSize).rounded(.up)))
        var latencies: [Int: [Double]] = [:]
        for touch in touches {
            let column = min(columns - 1, max(0, Int((touch.x / cellSize).rounded(.down))))
            let row = min(rows - 1, max(0, Int((touch.y / cellSize).rounded(.down))))
            latencies[row * columns + column, default: []].append(touch.latency)
        }
        cells = latencies.keys.sorted().map { key in
            let sorted = latencies[key, default: []].sorted()
            return Cell(column: key % columns, row: key / columns, count: sorted.count,
                        medianLatency: Percentile.of(sorted: sorted, percent: 50) ?? 0)
        }
    }

    /// A cell size giving at most about `maximumCells` cells on the screen.
    package static func cellSize(width: Double, height: Double, maximumCells: Int = 2_400) -> Double {
        let raw = (width * height / Double(maximumCells)).squareRoot()
        return max(1, raw.rounded(.up))
    }
}
