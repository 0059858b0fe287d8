#if canImport(UIKit)
import UIKit

extension RecordingSession {
    /// `controller.preferredScreenEdgesDeferringSystemGestures` as `deferred_edges`.
    @MainActor
    public mutating func setDeferredEdges(of controller: UIViewController) {
        setDeferredEdges(rawValue: controller.preferredScreenEdgesDeferringSystemGestures.rawValue)
    }

    /// `scrollView.delaysContentTouches` as `delays_content_touches`.
    @MainActor
    public mutating func setDelaysContentTouches(of scrollView: UIScrollView) {
        setDelaysContentTouches(scrollView.delaysContentTouches)
    }
}

extension DeviceInfo {
    /// This device: its model identifier (`iPhone15,2`), OS, and the
    /// window's screen in points with its scale.
    @MainActor
    public static func current(in window: UIWindow) -> DeviceInfo {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let screen = window.screen
        return describing(machine: machine, systemName: UIDevice.current.systemName,
                          systemVersion: UIDevice.current.systemVersion,
                          screenWidth: Double(screen.bounds.width), screenHeight: Double(screen.bounds.height),
                          scale: Double(screen.scale))
    }
}
#endif
