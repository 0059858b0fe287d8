/// Why a recorder could not do what the app asked. The app keeps running;
/// the recorder is left as it was (or, after a write failure, stopped).
///
///     do { try recorder.start(session, in: folder) }
///     catch { print(error.message) }   // "cannot record into /…/Traces: no such folder"
public struct RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case folderMissing
        case folderUnwritable
        case alreadyRecording
        case notRecording
        case duplicateSession
        case invalidSession
        /// A target's name is empty, or its frame or hit area has a
        /// non-finite number or a size not above 0.
        case invalidTarget
        /// A second target of the same name.
        case duplicateTarget
        /// A target handle from another recorder, or of a removed target.
        case unknownTarget
        case writeFailed
    }

    public var reason: Reason
    public var message: String
    /// For `writeFailed`: what the file system said, so a caller can tell a
    /// full disk from a closed pipe.
    public var underlyingError: (any Error)?

    public init(_ reason: Reason, _ message: String, underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.message = message
        self.underlyingError = underlyingError
    }

    public var description: String { message }

    public static func == (lhs: RecorderError, rhs: RecorderError) -> Bool {
        lhs.reason == rhs.reason && lhs.message == rhs.message
    }
}
