import Foundation

/// Hands out `touch` ids: 1, 2, 3… for the recorder's whole life.
///
/// One per recorder, shared by every recording on it: an app may run two
/// `UIKitRecording`s on one recorder (a window per scene on iPad, or a
/// recording kept for another screen), and a touch id must be unique in
/// its session, or the importer refuses the capture ("a second began for
/// touch 1"). Recordings can live on different threads, so taking an id
/// is locked; it never waits on the buffer or the writer.
final class TouchIDCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int64 = 1

    /// A fresh id, never handed out before by this counter.
    func take() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let id = next
        next += 1
        return id
    }
}
