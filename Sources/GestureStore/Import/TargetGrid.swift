import GestureTrace

/// Finds a session's target nearest a touch-down without measuring every
/// target: the frames sit in a uniform grid of 32-point cells, and the
/// search visits rings of cells around the down until no target it has not
/// measured can be as near as the nearest found.
///
/// A session with thousands of targets (a scrolled list whose every cell
/// is a control) would otherwise cost one pass over all of them per down.
/// The answer is the one a pass over every target gives, bit for bit: the
/// distances are computed by ``squaredDistance(from:_:_:)``, the same
/// operations the set-wise SQL performs, and the search stops only when
/// the smallest distance any unvisited target can have is strictly greater
/// than the nearest found, so every target at the nearest distance (a tie)
/// is measured.
///
/// Why stopping is safe: a target not met within `r` rings of the down's
/// cell has its frame's cell range outside that block of cells; cells are
/// 32 points wide, so that range's edge lies beyond the block's edge in
/// exact arithmetic (dividing by a power of two and flooring is exact), and
/// rounding is monotone, so its computed distance is at least the computed
/// distance to the block's edge.
///
/// A class: a session holds a reference, so a session without one (nearly
/// all of them) pays a word, not the grid's fields.
///
/// Frames too large (more than ``maximumCells`` cells) or too far from the
/// origin (beyond ``coordinateLimit`` points) are measured for every down,
/// and a down that far out measures every target.
final class TargetGrid {
    static let cellSize = 32.0
    static let maximumCells = 1_024
    static let coordinateLimit = 1.0e7
    /// Below this many targets a pass over all of them is as quick.
    static let minimumTargets = 32

    /// A target's cells: columns `x0...x1`, rows `y0...y1`.
    private struct CellRange {
        var x0: Int, x1: Int, y0: Int, y1: Int
    }

    private var frames: [TargetRect] = []
    /// Where each target is registered; nil: in `everywhere`.
    private var ranges: [CellRange?] = []
    private var cells: [Int: [Int32]] = [:]
    private var everywhere: [Int32] = []
    /// The cells any target was ever registered in (never shrinks).
    private var bounds: CellRange?
    /// Per target, the search that last measured it: a target in several
    /// cells is measured once, so it cannot tie with itself.
    private var measuredBy: [UInt32] = []
    private var search: UInt32 = 0

    /// The squared distance from (px, py) to a frame, 0 inside or on its
    /// edge: as the SQL reference computes it, operation for operation.
    @inline(__always)
    static func squaredDistance(from frame: TargetRect, _ px: Double, _ py: Double) -> Double {
        let dx = max(frame.x - px, 0.0, px - (frame.x + frame.width))
        let dy = max(frame.y - py, 0.0, py - (frame.y + frame.height))
        return dx * dx + dy * dy
    }

    /// Registers target `index` (the next one) at `frame`.
    func add(_ index: Int, frame: TargetRect) {
        precondition(index == frames.count, "targets are added in order")
        frames.append(frame)
        ranges.append(nil)
        measuredBy.append(0)
        register(index, frame: frame)
    }

    /// Moves target `index` to `frame`.
    func move(_ index: Int, to frame: TargetRect) {
        if let range = ranges[index] {
            for column in range.x0...range.x1 {
                for row in range.y0...range.y1 {
                    let key = Self.key(column, row)
                    cells[key]!.removeAll { $0 == Int32(index) }
                }
            }
        } else {
            everywhere.removeAll { $0 == Int32(index) }
        }
        frames[index] = frame
        register(index, frame: frame)
    }

    /// How many targets there are.
    var count: Int { frames.count }

    /// The nearest target to (px, py), its squared distance, and whether
    /// another is as near; `isEarlier(a, b)` breaks a tie (true when a was
    /// declared before b). Nil when there is no target.
    func nearest(_ px: Double, _ py: Double,
                          isEarlier: (Int, Int) -> Bool) -> (index: Int, squared: Double, tied: Bool)? {
        guard !frames.isEmpty else { return nil }
        search &+= 1
        if search == 0 {
            for index in measuredBy.indices { measuredBy[index] = 0 }
            search = 1
        }
        var nearest = -1, nearestSquared = 0.0, tied = false
        func measure(_ candidate: Int32) {
            let index = Int(candidate)
            guard measuredBy[index] != search else { return }
            measuredBy[index] = search
            let squared = Self.squaredDistance(from: frames[index], px, py)
            if nearest < 0 || squared < nearestSquared {
                (nearest, nearestSquared, tied) = (index, squared, false)
            } else if squared == nearestSquared {
                tied = true
                if isEarlier(index, nearest) { nearest = index }
            }
        }
        let onGrid = abs(px) <= Self.coordinateLimit && abs(py) <= Self.coordinateLimit
        if !onGrid {
            for index in frames.indices { measure(Int32(index)) }
        } else {
            for candidate in everywhere { measure(candidate) }
        }
        if onGrid, let bounds {
            let column = Self.cell(px), row = Self.cell(py)
            // Rings closer than this meet no registered cell.
            var ring = max(0, bounds.x0 - column, column - bounds.x1, bounds.y0 - row, row - bounds.y1)
            while true {
                let left = column - ring, right = column + ring, top = row - ring, bottom = row + ring
                let first = max(left, bounds.x0), last = min(right, bounds.x1)
                if first <= last {
                    for x in first...last {
                        if top >= bounds.y0, top <= bounds.y1 { cells[Self.key(x, top)]?.forEach(measure) }
                        if ring > 0, bottom >= bounds.y0, bottom <= bounds.y1 { cells[Self.key(x, bottom)]?.forEach(measure) }
                    }
                }
                if ring > 0 {
                    let from = max(top + 1, bounds.y0), to = min(bottom - 1, bounds.y1)
                    if from <= to {
                        for y in from...to {
                            if left >= bounds.x0, left <= bounds.x1 { cells[Self.key(left, y)]?.forEach(measure) }
                            if right >= bounds.x0, right <= bounds.x1 { cells[Self.key(right, y)]?.forEach(measure) }
                        }
                    }
                }
                if left <= bounds.x0, right >= bounds.x1, top <= bounds.y0, bottom >= bounds.y1 { break }
                if nearest >= 0 {
                    let gap = min(px - Double(left) * Self.cellSize, Double(right + 1) * Self.cellSize - px,
                                  py - Double(top) * Self.cellSize, Double(bottom + 1) * Self.cellSize - py)
                    if gap * gap > nearestSquared { break }
                }
                ring += 1
            }
        }
        return nearest < 0 ? nil : (nearest, nearestSquared, tied)
    }

    private func register(_ index: Int, frame: TargetRect) {
        let right = frame.x + frame.width, bottom = frame.y + frame.height
        let limit = Self.coordinateLimit
        guard abs(frame.x) <= limit, abs(right) <= limit, abs(frame.y) <= limit, abs(bottom) <= limit else {
            ranges[index] = nil
            everywhere.append(Int32(index))
            return
        }
        let range = CellRange(x0: Self.cell(frame.x), x1: Self.cell(right), y0: Self.cell(frame.y), y1: Self.cell(bottom))
        guard (range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1) <= Self.maximumCells else {
            ranges[index] = nil
            everywhere.append(Int32(index))
            return
        }
        ranges[index] = range
        for column in range.x0...range.x1 {
            for row in range.y0...range.y1 { cells[Self.key(column, row), default: []].append(Int32(index)) }
        }
        if var known = bounds {
            known.x0 = min(known.x0, range.x0)
            known.x1 = max(known.x1, range.x1)
            known.y0 = min(known.y0, range.y0)
            known.y1 = max(known.y1, range.y1)
            bounds = known
        } else {
            bounds = range
        }
    }

    @inline(__always)
    private static func cell(_ coordinate: Double) -> Int { Int((coordinate / cellSize).rounded(.down)) }

    /// Cells are within ±2^19 of the origin (the coordinate limit over 32).
    @inline(__always)
    private static func key(_ column: Int, _ row: Int) -> Int { (column + (1 << 20)) << 21 | (row + (1 << 20)) }
}
