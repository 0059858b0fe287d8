/// Small codes for the format's enumerations, where records travel in
/// binary: the recorder's events on the app's thread, and the reader's held
/// records in their spill file. Each is the case's position in `allCases`,
/// worked out by a switch: `allCases` builds an array on every call, and
/// these are paid once per event or record.
///
///     TouchPhase.ended.code               // 3
///     TouchPhase(code: 3)                 // .ended
extension TouchPhase {
    package var code: UInt8 {
        switch self {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }

    /// The phase of `code`; nil for a code no phase has.
    package init?(code: UInt8) {
        switch code {
        case 0: self = .began
        case 1: self = .moved
        case 2: self = .stationary
        case 3: self = .ended
        case 4: self = .cancelled
        default: return nil
        }
    }
}

extension TouchKind {
    package var code: UInt8 {
        switch self {
        case .direct: 0
        case .pencil: 1
        case .indirect: 2
        }
    }

    /// The kind of `code`; nil for a code no kind has.
    package init?(code: UInt8) {
        switch code {
        case 0: self = .direct
        case 1: self = .pencil
        case 2: self = .indirect
        default: return nil
        }
    }
}

extension RecognizerState {
    package var code: UInt8 {
        switch self {
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
