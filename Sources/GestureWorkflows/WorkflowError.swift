/// A demo or benchmark step that could not run: a folder it must not
/// touch, a tool that failed, a file it could not write.
///
/// The message is one plain line for standard error.
///
///     throw WorkflowError("sqlite3 .import failed with status 1")
package struct WorkflowError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
