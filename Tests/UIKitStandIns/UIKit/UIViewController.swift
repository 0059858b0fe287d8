// TEST MATERIAL: a stand-in of Apple declarations (see StandInNotice.swift).

/// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController : UIResponder`
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredscreenedgesdeferringsystemgestures
    /// `var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { get }`, iOS 11.0+
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidlayoutsubviews()
    /// `func viewDidLayoutSubviews()`
    open func viewDidLayoutSubviews() {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofscreenedgesdeferringsystemgestures()
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
}
