/// A report that could not be written: its folder is missing or not
/// writable, or the write failed. Nothing is left half-written.
///
///     throw ReportError("cannot write out/report.html: the folder out does not exist; nothing was written")
package struct ReportError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
