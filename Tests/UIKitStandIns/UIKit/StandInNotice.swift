// TEST MATERIAL: stand-ins, not Apple's code.
//
// This module copies, from Apple's documentation, the declarations of
// exactly the UIKit APIs that Sources/GestureRecorder/UIKit and the Swift
// snippets of docs/recording.md use: signatures, optionality, and the
// concurrency attributes (`@MainActor` classes, `nonisolated` constants,
// `@Sendable` handlers under `@preconcurrency`). Each declaration names the
// documentation page it copies. Bodies do nothing useful; nothing here is
// linked or run. scripts/check-uikit-layer.sh compiles the layer against
// it, which shows the layer consistent with these declarations and
// nothing more: a first build on a Mac is still needed.
//
// As on Apple platforms, `import UIKit` brings Foundation with it
// (FoundationStandIns adds what Linux's Foundation lacks) and QuartzCore.
@_exported import FoundationStandIns
@_exported import QuartzCore
