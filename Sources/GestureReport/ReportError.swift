/// A report that could not be written: its folder is missing or not
/// writable, or the write failed. Nothing is left half-written.
///
///     throw ReportError("cannot write out/report.html: the folder out does not exist; nothing was written")
public struct ReportError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
