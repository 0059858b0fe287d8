import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary folders for tests, all inside one folder of this test process
/// that is removed when the process exits.
///
/// Tests keep their stores open until they end, so a folder cannot be
/// removed when its helper goes out of scope; removing them all at exit is
/// safe. The folder of a test process that crashed is removed by the next one.
///
///     let folder = try TestScratch.newFolder("gesturelab-store")
///     let database = try GestureDatabase(path: folder.appending(path: "lab.sqlite").path)
package enum TestScratch {
    private static let prefix = "gesturelab-tests-"

    /// `gesturelab-tests-<pid>` in the system's temporary directory.
    package static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeFoldersOfEndedProcesses(in: temporary)
        let url = temporary.appending(path: prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestScratch.removeRoot() }
        return url
    }()

    /// A new, empty folder named `<name>-<UUID>`.
    package static func newFolder(_ name: String) throws -> URL {
        let url = newPath(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path named `<name>-<UUID>` that nothing exists at yet.
    package static func newPath(_ name: String) -> URL {
        root.appending(path: "\(name)-\(UUID().uuidString)")
    }

    private static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }

    private static func removeFoldersOfEndedProcesses(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appending(path: name))
            }
        }
    }
}
