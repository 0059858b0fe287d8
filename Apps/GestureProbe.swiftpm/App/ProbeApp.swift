import GestureRecorder
import UIKit

/// The app's entry point: UIKit's life cycle, so that the scene's window
/// can be a ``ProbeWindow`` (a `GestureRecordingWindow`), which SwiftUI's
/// `WindowGroup` would not let the app choose.
@main
final class ProbeAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = ProbeSceneDelegate.self
        return configuration
    }
}

/// Makes each scene's window: the recording window, showing the list of experiments.
final class ProbeSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = ProbeWindow(windowScene: windowScene)
        let probe = Probe(window: window)
        window.rootViewController = ProbeNavigationController(rootViewController: ExperimentListViewController(probe: probe))
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// A navigation controller that lets the screen on top decide which edges
/// defer the system's gestures (edge deferral asks the window's root).
final class ProbeNavigationController: UINavigationController {
    override var childForScreenEdgesDeferringSystemGestures: UIViewController? { topViewController }
}
