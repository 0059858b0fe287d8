#if os(iOS)
import Foundation
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
    /// This device: its model identifier (`iPhone15,2`; on the Simulator
    /// the simulated model), OS, and the size in points of the space the
    /// window's touches are recorded in (its screen's), with the scale.
    @MainActor
    public static func current(in window: UIWindow) -> DeviceInfo {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return describing(machine: DeviceModel.identifier(machine: machine,
                                                          environment: ProcessInfo.processInfo.environment),
                          systemName: UIDevice.current.systemName, systemVersion: UIDevice.current.systemVersion,
                          space: ScreenSpace.of(window),
                          scale: window.windowScene.map { Double($0.screen.scale) })
    }
}

extension ScreenSpace {
    /// The space of `window`'s touches: its screen's coordinates (oriented
    /// as the interface is) and size. A window in no scene has no screen;
    /// then its own bounds are the space.
    @MainActor
    public static func of(_ window: UIWindow) -> ScreenSpace {
        guard let screen = window.windowScene?.screen else {
            return .fullScreen(width: Double(window.bounds.width), height: Double(window.bounds.height))
        }
        let origin = window.convert(CGPoint.zero, to: screen.coordinateSpace)
        return ScreenSpace(windowOriginX: Double(origin.x), windowOriginY: Double(origin.y),
                           width: Double(screen.bounds.width), height: Double(screen.bounds.height))
    }
}
#endif
