import Foundation
import GestureTrace
import Testing
import TestScratch
@testable import GestureRecorder

/// The app and build the recorder writes into every session: from the main
/// bundle's Info.plist unless the app gives its own.
@Suite struct SessionAppTests {
    @Test func theInfoPlistNamesTheAppItsVersionAndBuild() {
        let info: [String: Any] = ["CFBundleName": "Probe", "CFBundleShortVersionString": "2.3", "CFBundleVersion": "42",
                                   "CFBundleIdentifier": "com.example.probe"]
        #expect(AppInfo.from(infoDictionary: info) == AppInfo(name: "Probe", version: "2.3", build: "42"))
        #expect(AppInfo.from(infoDictionary: ["CFBundleVersion": "7"]) == AppInfo(build: "7"))
        // A tool or a test runner without an Info.plist names no app.
        #expect(AppInfo.from(infoDictionary: [:]) == nil)
        #expect(AppInfo.from(infoDictionary: ["CFBundleVersion": 7]) == nil)
    }

    @Test func aSessionCarriesTheAppItWasGivenOrTheMainBundles() {
        let given = RecordingSession(id: "s", experiment: "e", variant: "v", app: AppInfo(name: "Probe", build: "42"))
        #expect(given.record(now: Date(timeIntervalSince1970: 0)).app == AppInfo(name: "Probe", build: "42"))
        let automatic = RecordingSession(id: "s", experiment: "e", variant: "v")
        #expect(automatic.record(now: Date(timeIntervalSince1970: 0)).app == AppInfo.mainBundle)
    }

    @Test func theSessionLineOfARecordingNamesTheApp() throws {
        let folder = try ScratchFolder.forRecording()
        let recorder = GestureRecorder()
        let url = try recorder.start(RecordingSession(id: "s", experiment: "e", variant: "v",
                                                      app: AppInfo(name: "Probe", version: "2.3", build: "42"),
                                                      startedAt: "x"), in: folder.url)
        _ = try recorder.finish()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""app":{"name":"Probe","version":"2.3","build":"42"}"#))
    }
}
