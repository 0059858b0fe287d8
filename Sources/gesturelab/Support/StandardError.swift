import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for people: warnings, summaries and progress on standard error.
enum StandardError {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Progress is drawn only on a terminal; logs and pipes stay quiet.
    static let isTerminal = isatty(STDERR_FILENO) != 0
}

/// A one-line progress display that redraws itself at most a few times a second.
final class ProgressLine {
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var drawn = false

    func update(_ text: @autoclosure () -> String) {
        guard StandardError.isTerminal, ContinuousClock.now - lastDrawn > .milliseconds(200) else { return }
        lastDrawn = ContinuousClock.now
        drawn = true
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text()).utf8))
    }

    /// Erases the line before ordinary output follows.
    func clear() {
        guard drawn else { return }
        drawn = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
