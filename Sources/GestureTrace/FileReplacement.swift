import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failure to create, write or put in place an output file: the path
/// as the user named it and the system's error number.
public struct FileReplacementError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The system's words for ``code``, such as "No space left on device".
    public var reason: String { String(cString: strerror(code)) }
    public var description: String { "cannot write \(path): \(reason)" }
}

/// An output file that appears whole or not at all: written to a temporary
/// file beside the destination and renamed onto it by ``commit()``, so a
/// failure (a full disk), Ctrl-C or SIGTERM leaves the earlier file as it
/// was, or none, and no temporary file.
///
/// Every file output of gesturelab goes through this one type (`export`,
/// `report` and `simulate --out`, through their writers). The temporary
/// file is `.NAME.partial-PID`: removed on any failure, by
/// ``discard()``, and on SIGINT, SIGTERM or SIGHUP by a signal handler
/// (``PartialFiles``); one left by a process that was killed outright
/// (SIGKILL) is removed by the next replacement of the same destination.
///
/// A path that is not a regular file (`/dev/stdout`, `/dev/null`, a named
/// pipe) is written in place: renamed over, a device would become a plain
/// file. A symbolic link is followed, so the file it names is replaced and
/// the link stays a link.
///
///     let file = try FileReplacement(path: "responses.csv")
///     write(file.descriptor, bytes, count)
///     try file.commit()
public final class FileReplacement {
    /// The path as the caller named it, for messages.
    public let path: String
    /// Where the bytes go until ``commit()``.
    public let descriptor: Int32
    /// The temporary file and the registry slot that removes it on a
    /// signal; nil when the path is written in place.
    private var pending: (temporary: String, final: String, slot: Int)?
    private var isOpen = true

    /// Opens the temporary file beside `path` (or `path` itself, for a
    /// device or a pipe).
    ///
    /// - Throws: ``FileReplacementError`` when the file cannot be created.
    public init(path: String) throws(FileReplacementError) {
        self.path = path
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileReplacementError(path: path, code: errno) }
            return
        }
        let final = Self.linkTarget(of: path) ?? path
        let url = URL(fileURLWithPath: final)
        let folder = url.deletingLastPathComponent().path
        let prefix = Self.temporaryPrefix(url.lastPathComponent)
        Self.removeLeftovers(in: folder, prefix: prefix)
        let temporary = URL(fileURLWithPath: folder).appendingPathComponent(prefix + String(getpid())).path
        // Registered before it exists, so a signal in between leaves nothing.
        let slot = PartialFiles.register(temporary)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            PartialFiles.unregister(slot)
            throw FileReplacementError(path: path, code: code)
        }
        pending = (temporary, final, slot)
    }

    deinit {
        discard()
    }

    /// Whether the bytes go to a temporary file that ``commit()`` renames.
    public var isReplacing: Bool { pending != nil }

    /// Syncs and closes the file; the temporary file stays until
    /// ``commit()`` or ``discard()``. Called again, does nothing.
    public func close() throws(FileReplacementError) {
        guard isOpen else { return }
        isOpen = false
        // A device or a pipe cannot be synced (EINVAL); a temporary file must
        // be on disk before it is renamed over the earlier one.
        let synced = pending == nil || fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        let closed = Glue.close(descriptor) == 0
        guard synced else { throw FileReplacementError(path: path, code: syncError) }
        guard closed else { throw FileReplacementError(path: path, code: errno) }
    }

    /// Closes the file and renames the temporary file onto the destination.
    public func commit() throws(FileReplacementError) {
        do {
            try close()
        } catch {
            discard()
            throw error
        }
        guard let (temporary, final, slot) = pending else { return }
        guard rename(temporary, final) == 0 else {
            let code = errno
            discard()
            throw FileReplacementError(path: path, code: code)
        }
        pending = nil
        PartialFiles.unregister(slot)
    }

    /// Closes the file and removes the temporary file: the destination
    /// stays as it was. Does nothing after ``commit()``.
    public func discard() {
        if isOpen {
            isOpen = false
            _ = Glue.close(descriptor)
        }
        guard let (temporary, _, slot) = pending else { return }
        unlink(temporary)
        pending = nil
        PartialFiles.unregister(slot)
    }

    /// `.NAME.partial-`, which the process id completes.
    static func temporaryPrefix(_ name: String) -> String { ".\(name).partial-" }

    /// Removes temporary files for the same destination left by processes
    /// that no longer run (killed outright, or a gesturelab from before
    /// temporary files were removed on signals); those of a live process,
    /// another export to the same path, are its own.
    private static func removeLeftovers(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                unlink(URL(fileURLWithPath: folder).appendingPathComponent(name).path)
            }
        }
    }

    /// The file a symbolic link at `path` leads to, through every link on
    /// the way, whether or not that file exists yet (as the shell's `>`
    /// would create it); nil when `path` is not a link, or for a loop.
    private static func linkTarget(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
                return current == path ? nil : current
            }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = buffer.withUnsafeMutableBufferPointer { readlink(current, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count], as: UTF8.self)
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return nil
    }
}
