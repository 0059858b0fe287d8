import GestureRecorder
import UIKit

/// Records a view's `touchesBegan`, `touchesEnded` and `touchesCancelled`
/// as deliveries `via` `touches`. UIKit gives a view no hook for these but
/// overriding them, so the views that report them are subclasses here.
///
/// The deliveries name no touch: the import gives each the touch with the
/// latest down at or before it, which is right for one finger at a time.
@MainActor
struct TouchDeliveries {
    let recorder: GestureRecorder
    private let began: RecorderName
    private let ended: RecorderName
    private let cancelled: RecorderName

    init(recorder: GestureRecorder) {
        self.recorder = recorder
        began = recorder.name("touchesBegan")
        ended = recorder.name("touchesEnded")
        cancelled = recorder.name("touchesCancelled")
    }

    /// What a view named `name` calls with each of its touch phases.
    func reporter(for name: String) -> (TouchDeliveryEvent) -> Void {
        let target = recorder.name(name)
        return { [recorder, began, ended, cancelled] event in
            let eventName = switch event {
            case .began: began
            case .ended: ended
            case .cancelled: cancelled
            }
            recorder.delivery(target, event: eventName, via: .touches, at: .now)
        }
    }
}

/// The `touches…` methods a view reports.
enum TouchDeliveryEvent {
    case began, ended, cancelled
}

/// A button that reports its `touches…` methods.
final class TouchReportingButton: UIButton {
    var report: ((TouchDeliveryEvent) -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.began)
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.ended)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        report?(.cancelled)
        super.touchesCancelled(touches, with: event)
    }
}
