/// The small codes events carry for the format's enumerations: each case's
/// position in `allCases`, worked out by a switch (no array, no hashing)
/// because the app's thread pays for it on every event.
enum RecorderCodes {
    static func code(_ phase: TouchPhase) -> UInt8 {
        switch phase {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }

    static func code(_ kind: TouchKind) -> UInt8 {
        switch kind {
        case .direct: 0
        case .pencil: 1
        case .indirect: 2
        }
    }

    static func code(_ state: RecognizerState) -> UInt8 {
        switch state {
        case .possible: 0
        case .began: 1
        case .changed: 2
        case .ended: 3
        case .cancelled: 4
        case .failed: 5
        case .recognized: 6
        }
    }
}
