// TEST MATERIAL: a stand-in (see StandInNotice.swift in this folder).

/// Source: https://developer.apple.com/documentation/objectivec/selector
/// `struct Selector`, in the ObjectiveC module, which Foundation (and so
/// UIKit) re-exports on Apple platforms. Linux has no Objective-C runtime
/// and no `Selector`; here a selector is its name, made with
/// `init(_ name: String)` as on Apple platforms. (`#selector` needs the
/// runtime: the layer uses it only where `canImport(ObjectiveC)`.)
public struct Selector: Hashable, Sendable {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }
}
