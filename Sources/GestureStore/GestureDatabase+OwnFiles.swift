#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GestureDatabase {
    /// Whether `path` is the store at `location` or one of the files SQLite
    /// keeps beside it (`-wal`, `-shm`, `-journal`): the same file, however
    /// named (`./`, a link). A command writing its output there would
    /// destroy the store it reads; nothing is one when either is missing or
    /// `location` is a server's URL.
    ///
    ///     GestureDatabase.isStoreFile("lab.sqlite", storeAt: "./lab.sqlite")   // true
    package static func isStoreFile(_ path: String, storeAt location: String) -> Bool {
        var output = stat()
        guard stat(path, &output) == 0 else { return false }
        return [location, location + "-wal", location + "-shm", location + "-journal"].contains { file in
            var status = stat()
            return stat(file, &status) == 0 && status.st_dev == output.st_dev && status.st_ino == output.st_ino
        }
    }
}
