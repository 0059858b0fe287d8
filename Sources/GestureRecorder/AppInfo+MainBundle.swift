import Foundation
import GestureTrace

extension AppInfo {
    /// The running app as its Info.plist names it: `CFBundleName`,
    /// `CFBundleShortVersionString` and `CFBundleVersion`; nil when the main
    /// bundle has none of them (a command-line tool, a test runner).
    ///
    /// The recorder writes it into every session it starts unless the app
    /// gave its own, so captures say which build they measured and
    /// `compare --by app.build` can tell builds apart.
    public static var mainBundle: AppInfo? {
        from(infoDictionary: Bundle.main.infoDictionary ?? [:])
    }

    /// The app an Info.plist dictionary names; nil when it names none of the three.
    static func from(infoDictionary info: [String: Any]) -> AppInfo? {
        let app = AppInfo(name: info["CFBundleName"] as? String,
                          version: info["CFBundleShortVersionString"] as? String,
                          build: info["CFBundleVersion"] as? String)
        return app.name == nil && app.version == nil && app.build == nil ? nil : app
    }
}
