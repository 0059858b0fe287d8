// TEST MATERIAL for scripts/check-uikit-layer.sh, not a stand-in of Apple's
// code: the names docs/recording.md's Swift snippets use without declaring
// them, as an app's view controller would have them. Each snippet becomes a
// method of this class (or, marked `members`, the body of a subclass), so
// a snippet that no longer matches the library's API fails the check.
import GestureRecorder
import UIKit

@MainActor
class GuideSnippetController: UIViewController {
    var window: GestureRecordingWindow!
    var viewController: UIViewController!
    var recorder: GestureRecorder!
    var recording: UIKitRecording!
    var recordButton: UIButton!
    var pan: UIPanGestureRecognizer!
    var scrollView: UIScrollView!
    var buttons: [UIButton] = []
    var runID = "run-1"
    var deferEdges = true
    var delays = true
}
