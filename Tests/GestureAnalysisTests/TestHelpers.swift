import Foundation

/// True when `actual` equals `expected` within a relative tolerance (absolute near zero).
///
/// Reference values come from numpy/scipy, whose floating-point operations are
/// ordered differently from ours; 1e-9 relative leaves room for that and
/// nothing else.
///
/// ```swift
/// #expect(isClose(0.1 + 0.2, 0.3))
/// ```
func isClose(_ actual: Double?, _ expected: Double, relative: Double = 1e-9, absolute: Double = 1e-300) -> Bool {
    guard let actual else { return false }
    if actual == expected { return true }
    return abs(actual - expected) <= max(relative * max(abs(actual), abs(expected)), absolute)
}
