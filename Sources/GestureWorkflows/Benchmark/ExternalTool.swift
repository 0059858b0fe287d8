#if PostgreSQL
import Foundation
import GestureStorePostgreSQL

/// The command-line tools the server benchmarks time gesturelab against
/// (`sqlite3`, `psql`), run from `PATH`.
enum ExternalTool {
    /// Runs `tool` with `arguments`, its output discarded; throws with its
    /// standard error when it exits non-zero.
    static func run(_ tool: String, _ arguments: [String],
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw WorkflowError("\(tool) failed with status \(process.terminationStatus): \(reason)")
        }
    }

    /// `psql` on `address` with `arguments` after the connection's own,
    /// the password passed as `PGPASSWORD`, never on the command line.
    static func psql(_ address: ServerAddress, _ arguments: [String]) throws {
        var environment = ProcessInfo.processInfo.environment
        if let password = address.password { environment["PGPASSWORD"] = password }
        try run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", address.host, "-p", String(address.port),
                         "-U", address.user, "-d", address.database] + arguments, environment: environment)
    }
}
#endif
