// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiwindow
/// `@MainActor class UIWindow : UIView`
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    /// `init(windowScene: UIWindowScene)`, iOS 13.0+
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    /// `weak var windowScene: UIWindowScene? { get set }`, iOS 13.0+
    open weak var windowScene: UIWindowScene?

    /// https://developer.apple.com/documentation/uikit/uiwindow/sendevent(_:)
    /// `func sendEvent(_ event: UIEvent)`
    open func sendEvent(_ event: UIEvent) {}
}
