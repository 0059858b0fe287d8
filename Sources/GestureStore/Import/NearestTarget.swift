import GestureTrace

/// The nearest of the targets measured so far, and whether another is as
/// near: the one rule of docs/latencies.md for a touch-down's target, kept
/// by the reading pass's full pass and by `TargetGrid`'s search alike.
///
/// Squared distances (binary64, docs/latencies.md) compare with no tolerance; among equal ones the target
/// `isEarlier` prefers wins, and `tied` says the order of declaration
/// decided.
///
///     var nearest = NearestTarget()
///     nearest.measure(0, squared: 4, isEarlier: <)
///     nearest.measure(1, squared: 4, isEarlier: <)   // index 0, tied
struct NearestTarget {
    private(set) var index = -1
    private(set) var squared = 0.0
    private(set) var tied = false

    @inline(__always)
    mutating func measure(_ candidate: Int, squared: Double, isEarlier: (Int, Int) -> Bool) {
        if index < 0 || squared < self.squared {
            (index, self.squared, tied) = (candidate, squared, false)
        } else if squared == self.squared {
            tied = true
            if isEarlier(candidate, index) { index = candidate }
        }
    }

    /// Nil when nothing was measured.
    var found: (index: Int, squared: Double, tied: Bool)? { index < 0 ? nil : (index, squared, tied) }
}

extension TargetRect {
    /// Whether (px, py) is inside; edges count as inside.
    func contains(_ px: Double, _ py: Double) -> Bool {
        px >= x && px <= x + width && py >= y && py <= y + height
    }
}
