/// A refusal of a capture line, or a failure to read the capture at all.
///
/// Prints as `FILE:LINE: field 'x': message`, or `FILE:LINE: message` when no
/// single field is at fault. `line` is 0 only when the capture could not be
/// opened or read before any line was seen; the location is then just `FILE`.
///
/// `file`, `field` and `message` may hold text from the capture or the
/// command line as found (a session id, a config key, a file name); the
/// description escapes them with `TerminalText`, so it is always one line
/// without control characters. Print the description, not the parts.
public struct TraceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Display name of the capture: the path as given, or `stdin`.
    public var file: String
    /// 1-based line number in the file (0 when no line is concerned).
    public var line: Int
    /// The offending field, e.g. `t`, `phase`, `device.screen_h`,
    /// `config.delivery`, `session`; nil for malformed lines.
    public var field: String?
    /// What was found and what was expected.
    public var message: String

    public init(file: String, line: Int, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        let file = TerminalText.escaped(file)
        let location = line > 0 ? "\(file):\(line)" : file
        if let field {
            return "\(location): field '\(TerminalText.escaped(field))': \(TerminalText.escaped(message))"
        }
        return "\(location): \(TerminalText.escaped(message))"
    }
}

/// A problem found in one line before its file and line number are attached.
struct LineProblem: Error {
    var field: String?
    var message: String

    init(field: String? = nil, _ message: String) {
        self.field = field
        self.message = message
    }

    func located(file: String, line: Int) -> TraceError {
        TraceError(file: file, line: line, field: field, message: message)
    }
}
