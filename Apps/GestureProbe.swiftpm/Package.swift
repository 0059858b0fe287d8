// swift-tools-version: 6.1

// The probe app: an App Playground that Xcode on a Mac opens in one step
// (double-click GestureProbe.swiftpm), with GestureRecorder from the
// gesturelab package two folders up. Only this file is Xcode's own
// (AppleProductTypes); scripts/check-uikit-layer.sh compiles every source
// in App/ against the iPhoneOS SDK.
import AppleProductTypes
import PackageDescription

let package = Package(
    name: "GestureProbe",
    platforms: [.iOS("16.0")],
    products: [
        .iOSApplication(
            name: "GestureProbe",
            targets: ["AppModule"],
            bundleIdentifier: "org.gesturelab.GestureProbe",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
                .landscapeLeft,
                .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            // Files: the captures folder under On My iPhone › GestureProbe;
            // a display link above 60 Hz on ProMotion iPhones; the scene
            // life cycle, whose delegate makes the recording window.
            additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
        ),
    ],
    dependencies: [
        // traits: [] turns off gesturelab's CommandLine trait: nothing but
        // this package is resolved (no GRDB, crypto or argument parser).
        .package(name: "gesturelab", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "AppModule",
            dependencies: [.product(name: "GestureRecorder", package: "gesturelab")],
            path: "App"
        ),
    ],
    swiftLanguageModes: [.v6]
)
