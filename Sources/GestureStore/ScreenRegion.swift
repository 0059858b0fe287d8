/// Which screen edges a touch-down lies within the margin of
/// (docs/latencies.md): the vertical edge first, joined by `-` (`bottom-right`), or `center`.
///
/// Decided once per touch at import and stored with the touch and its
/// derived rows. Migration 0003 decides it in SQL for touches stored before;
/// tests hold the two to the same answers, boundaries included.
///
///     ScreenRegion(x: 200, y: 840, screenWidth: 390, screenHeight: 844)  // .bottom
///     ScreenRegion(x: 200, y: 840, screenWidth: nil, screenHeight: nil)  // nil: unknown
package enum ScreenRegion: String, Sendable, CaseIterable {
    case center
    case top, bottom, left, right
    case topLeft = "top-left", topRight = "top-right"
    case bottomLeft = "bottom-left", bottomRight = "bottom-right"

    /// How close to an edge, in points, a touch-down counts as on it.
    package static let margin = 20.0

    /// Nil when the session has no screen size: the region is unknown.
    package init?(x: Double, y: Double, screenWidth: Double?, screenHeight: Double?) {
        guard let screenWidth, let screenHeight else { return nil }
        let top = y <= Self.margin
        let bottom = !top && y >= screenHeight - Self.margin
        let left = x <= Self.margin
        let right = !left && x >= screenWidth - Self.margin
        switch (top, bottom, left, right) {
        case (true, _, true, _): self = .topLeft
        case (true, _, _, true): self = .topRight
        case (true, _, _, _): self = .top
        case (_, true, true, _): self = .bottomLeft
        case (_, true, _, true): self = .bottomRight
        case (_, true, _, _): self = .bottom
        case (_, _, true, _): self = .left
        case (_, _, _, true): self = .right
        default: self = .center
        }
    }

    /// The stored spelling, as a literal SQLite may point at without copying.
    var text: StaticString {
        switch self {
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "top-left"
        case .topRight: "top-right"
        case .bottomLeft: "bottom-left"
        case .bottomRight: "bottom-right"
        }
    }
}
