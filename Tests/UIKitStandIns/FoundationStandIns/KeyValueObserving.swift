// TEST MATERIAL: stand-ins (see StandInNotice.swift) of Foundation's
// key-value observing, which Apple's Foundation has and swift-corelibs-
// foundation on Linux does not.

/// Source: https://developer.apple.com/documentation/foundation/nskeyvalueobservation
/// `class NSKeyValueObservation : NSObject`
open class NSKeyValueObservation: NSObject {
    /// https://developer.apple.com/documentation/foundation/nskeyvalueobservation/invalidate()
    open func invalidate() {}
}

/// Source: https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange
/// `struct NSKeyValueObservedChange<Value>`
public struct NSKeyValueObservedChange<Value> {
    public let kind: UInt
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// Source: https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions
/// `struct NSKeyValueObservingOptions : OptionSet, @unchecked Sendable`
public struct NSKeyValueObservingOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// Source: Foundation's Swift overlay, which gives every `NSObject`
/// `observe(_:options:changeHandler:)` through this protocol (apple/swift,
/// stdlib/public/Darwin/Foundation/NSObject.swift, before the overlay moved
/// into the SDK: `public protocol _KeyValueCodingAndObserving {}` and
/// `extension NSObject : _KeyValueCodingAndObserving {}`).
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Source: https://developer.apple.com/documentation/swift/using-key-value-observing-in-swift
    /// and Foundation's overlay (NSObject.swift), as the Swift 6 SDKs declare it:
    /// `@preconcurrency func observe<Value>(_ keyPath: KeyPath<Self, Value>,
    ///  options: NSKeyValueObservingOptions = [],
    ///  changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation`
    @preconcurrency
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void)
        -> NSKeyValueObservation {
        NSKeyValueObservation()
    }
}
