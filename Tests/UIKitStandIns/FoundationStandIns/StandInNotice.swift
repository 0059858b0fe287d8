// TEST MATERIAL: stand-ins, not Apple's code (see UIKit/StandInNotice.swift).
//
// What Apple's Foundation gives the UIKit layer and swift-corelibs-foundation
// on Linux lacks: `Selector` (from the ObjectiveC module, which Apple's
// Foundation re-exports) and key-value observing. The stand-in UIKit and
// QuartzCore modules re-export this one, as Apple's re-export Foundation.
// It is not named ObjectiveC, so that `canImport(ObjectiveC)` stays false.
@_exported import Foundation
