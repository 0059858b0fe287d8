import GestureTrace

/// Finds a session's target nearest a touch-down without measuring every
/// target: each target sits in the 64-point cell of its frame's centre,
/// and the search visits rings of cells around the down until no target it
/// has not measured can be as near as the nearest found.
///
/// A session with thousands of targets (a scrolled list whose every row is
/// a control) would otherwise cost one pass over all of them per down. The
/// answer is the one a pass over every target gives, bit for bit: the
/// distances are computed by ``squaredDistance(from:_:_:)``, the same
/// operations the tests' SQL reference performs, and the search stops only
/// when the least distance any unvisited target can have is strictly
/// greater than the nearest found, so every target at the nearest distance
/// (a tie) is measured.
///
/// Why stopping is safe: a target not met within `r` rings of the down's
/// cell has its centre outside that block of cells, and its frame reaches
/// at most half its width (height) from its centre, so it lies at least
/// the block's distance less the widest half-width (half-height) of any
/// target in the grid away. A micropoint is taken off that bound for the
/// rounding of a centre, far more than the few ulps it can be off by.
///
/// One cell a target keeps a move cheap (a list's every row moves at each
/// scroll) and memory one slot a target. Targets more than
/// ``largestHalfExtent`` points across from centre to edge, or beyond
/// ``coordinateLimit`` points from the origin, are measured for every down
/// instead (they would widen every search), and a down that far out
/// measures every target.
///
/// A class: a session holds a reference, so a session without one (nearly
/// all of them) pays a word, not the grid's fields.
final class TargetGrid {
    static let cellSize = 64.0
    static let largestHalfExtent = 256.0
    static let coordinateLimit = 1.0e7
    /// Below this many targets a pass over all of them is as quick.
    static let minimumTargets = 32
    /// Taken off a bound for the rounding of a centre.
    private static let roundingAllowance = 1.0e-6

    private struct Cell: Equatable {
        var column: Int, row: Int
    }

    private var frames: [TargetRect] = []
    /// Each target's cell; nil: in `everywhere`.
    private var placed: [Cell?] = []
    private var cells: [Int: [Int32]] = [:]
    private var everywhere: [Int32] = []
    /// The cells any target's centre was ever in (never shrinks), and the
    /// widest half-extents of any target ever in a cell.
    private var bounds: (x0: Int, x1: Int, y0: Int, y1: Int)?
    private var halfWidth = 0.0, halfHeight = 0.0

    /// The squared distance from (px, py) to a frame, 0 inside or on its
    /// edge: as the SQL reference computes it, operation for operation.
    @inline(__always)
    static func squaredDistance(from frame: TargetRect, _ px: Double, _ py: Double) -> Double {
        let dx = max(frame.x - px, 0.0, px - (frame.x + frame.width))
        let dy = max(frame.y - py, 0.0, py - (frame.y + frame.height))
        return dx * dx + dy * dy
    }

    /// The distance in points from (px, py) to a frame whose squared
    /// distance is `squared`: its square root, bit for bit the SQL
    /// reference's, whenever the square is finite. Past that (a down some
    /// 10^154 points from the frame) the distance is measured without
    /// squaring, and one past the largest finite number (a down and a frame
    /// near opposite ends of binary64) is that number: a stored distance is
    /// always finite, so no query over it fails or differs between engines.
    static func distance(from frame: TargetRect, _ px: Double, _ py: Double, squared: Double) -> Double {
        if squared.isFinite { return squared.squareRoot() }
        let dx = max(frame.x - px, 0.0, px - (frame.x + frame.width))
        let dy = max(frame.y - py, 0.0, py - (frame.y + frame.height))
        let (larger, smaller) = (max(dx, dy), min(dx, dy))
        let ratio = smaller / larger
        let distance = larger * (1 + ratio * ratio).squareRoot()
        return distance.isFinite ? distance : .greatestFiniteMagnitude
    }

    /// How many targets there are.
    var count: Int { frames.count }

    /// Registers target `index` (the next one) at `frame`.
    func add(_ index: Int, frame: TargetRect) {
        precondition(index == frames.count, "targets are added in order")
        frames.append(frame)
        placed.append(nil)
        register(index, frame: frame)
    }

    /// Moves target `index` to `frame`.
    func move(_ index: Int, to frame: TargetRect) {
        if let cell = placed[index] {
            let key = Self.key(cell.column, cell.row)
            cells[key]!.removeAll { $0 == Int32(index) }
        } else {
            everywhere.removeAll { $0 == Int32(index) }
        }
        frames[index] = frame
        register(index, frame: frame)
    }

    /// The nearest target to (px, py), its squared distance, and whether
    /// another is as near; `isEarlier(a, b)` breaks a tie (true when a was
    /// declared before b). Nil when there is no target.
    func nearest(_ px: Double, _ py: Double,
                 isEarlier: (Int, Int) -> Bool) -> (index: Int, squared: Double, tied: Bool)? {
        guard !frames.isEmpty else { return nil }
        var nearest = NearestTarget()
        func measure(_ candidate: Int32) {
            let index = Int(candidate)
            nearest.measure(index, squared: Self.squaredDistance(from: frames[index], px, py), isEarlier: isEarlier)
        }
        guard abs(px) <= Self.coordinateLimit, abs(py) <= Self.coordinateLimit else {
            for index in frames.indices { measure(Int32(index)) }
            return nearest.found
        }
        for candidate in everywhere { measure(candidate) }
        if let bounds {
            let column = Self.cell(px), row = Self.cell(py)
            // Rings closer than this meet no occupied cell.
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
                let from = max(top + 1, bounds.y0), to = min(bottom - 1, bounds.y1)
                if ring > 0, from <= to {
                    for y in from...to {
                        if left >= bounds.x0, left <= bounds.x1 { cells[Self.key(left, y)]?.forEach(measure) }
                        if right >= bounds.x0, right <= bounds.x1 { cells[Self.key(right, y)]?.forEach(measure) }
                    }
                }
                if left <= bounds.x0, right >= bounds.x1, top <= bounds.y0, bottom >= bounds.y1 { break }
                if let best = nearest.found {
                    let size = Self.cellSize
                    let across = min(px - Double(left) * size, Double(right + 1) * size - px) - halfWidth
                    let down = min(py - Double(top) * size, Double(bottom + 1) * size - py) - halfHeight
                    let least = min(across, down) - Self.roundingAllowance
                    if least > 0, least * least > best.squared { break }
                }
                ring += 1
            }
        }
        return nearest.found
    }

    private func register(_ index: Int, frame: TargetRect) {
        let centreX = frame.x + frame.width / 2, centreY = frame.y + frame.height / 2
        let limit = Self.coordinateLimit
        guard abs(centreX) <= limit, abs(centreY) <= limit,
              frame.width / 2 <= Self.largestHalfExtent, frame.height / 2 <= Self.largestHalfExtent else {
            placed[index] = nil
            everywhere.append(Int32(index))
            return
        }
        let cell = Cell(column: Self.cell(centreX), row: Self.cell(centreY))
        placed[index] = cell
        cells[Self.key(cell.column, cell.row), default: []].append(Int32(index))
        halfWidth = max(halfWidth, frame.width / 2)
        halfHeight = max(halfHeight, frame.height / 2)
        if let known = bounds {
            bounds = (min(known.x0, cell.column), max(known.x1, cell.column),
                      min(known.y0, cell.row), max(known.y1, cell.row))
        } else {
            bounds = (cell.column, cell.column, cell.row, cell.row)
        }
    }

    @inline(__always)
    private static func cell(_ coordinate: Double) -> Int { Int((coordinate / cellSize).rounded(.down)) }

    /// Cells are within ±2^18 of the origin (the coordinate limit over 64).
    @inline(__always)
    private static func key(_ column: Int, _ row: Int) -> Int { (column + (1 << 20)) << 21 | (row + (1 << 20)) }
}
