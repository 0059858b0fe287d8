import Foundation
import GRDB

/// The busy handler of a writing connection: waits as long as another
/// process holds the write lock, saying once that it is waiting.
///
/// SQLite calls the handler each time a lock it wants is taken; returning
/// `true` makes it try again. The pause grows to 50 ms, so a long wait costs
/// nothing and a short one little.
///
///     configuration.busyMode = .callback(WriterTurn(notice: { print($0) }, message: "waiting for lab.sqlite").busyCallback)
final class WriterTurn: @unchecked Sendable {
    /// How long a wait lasts before it is worth a line: the lock changes
    /// hands briefly all the time (a reader's first look, a journal switch).
    static let quietWait: Duration = .milliseconds(500)

    private let notice: @Sendable (String) -> Void
    private let lock = NSLock()
    private var waitStarted: ContinuousClock.Instant?
    private var hasSaid = false
    private let message: String

    init(notice: @escaping @Sendable (String) -> Void, message: String) {
        self.notice = notice
        self.message = message
    }

    var busyCallback: Database.BusyCallback {
        { [self] tries in wait(tries: tries) }
    }

    private func wait(tries: Int) -> Bool {
        let now = ContinuousClock.now
        lock.lock()
        if tries == 0 { waitStarted = now }
        let shouldSay = !hasSaid && now - (waitStarted ?? now) >= Self.quietWait
        if shouldSay { hasSaid = true }
        lock.unlock()
        if shouldSay { notice(message) }
        usleep(UInt32(min(tries + 1, 50)) * 1000)
        return true
    }
}
