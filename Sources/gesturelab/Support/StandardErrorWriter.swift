import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for people: warnings, summaries and progress on standard error.
enum StandardErrorWriter {
    /// Writes one line with `write(2)`: a closed or full standard error
    /// loses the line rather than ending the command.
    static func line(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Progress is drawn only on a terminal; logs and pipes stay quiet.
    static let isTerminal = isatty(STDERR_FILENO) != 0
}

/// A one-line progress display that redraws itself at most a few times a second.
final class ProgressLine {
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var drawn = false

    func update(_ text: @autoclosure () -> String) {
        guard StandardErrorWriter.isTerminal, ContinuousClock.now - lastDrawn > .milliseconds(200) else { return }
        lastDrawn = ContinuousClock.now
        drawn = true
        StandardErrorWriter.write("\r\u{1B}[K" + text())
    }

    /// Erases the line before ordinary output follows.
    func clear() {
        guard drawn else { return }
        drawn = false
        StandardErrorWriter.write("\r\u{1B}[K")
    }
}

/// `write(2)`, out of reach by that name inside `StandardErrorWriter`.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}
