import Foundation
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--rejects` file: one refused line per line, as
/// `FILE:LINE: reason`, a tab, then the line's own bytes.
///
/// Keeping the original bytes lets a user fix and re-import just these lines.
package final class RejectsFile {
    private let handle: FileHandle
    package let path: String

    /// Creates (or empties) the file at `path`, following a symbolic link
    /// and writing a device such as `/dev/null` in place.
    ///
    /// - Parameter keepingApart: files the import reads or writes, each
    ///   with what it is (`"the capture"`, `"the database"`): the rejects
    ///   file is created empty, so naming one of them by mistake would
    ///   destroy it before a line is read. Such a path is refused, and
    ///   nothing is created or emptied.
    ///
    /// ```swift
    /// try RejectsFile(path: "rejects.txt", keepingApart: [("lab.jsonl", "the capture")])
    /// ```
    package init(path: String, keepingApart: [(path: String, role: String)] = []) throws {
        if let clash = keepingApart.first(where: { Self.isSameFile(path, $0.path) }) {
            throw StoreError("--rejects \(TerminalText.escaped(path)) is \(clash.role) \(TerminalText.escaped(clash.path)), "
                + "which the rejects file would overwrite; nothing was imported: name another file for the refused lines")
        }
        // Opened in place, not created beside and renamed over the path as
        // FileManager.createFile does: that replaced a symbolic link with a
        // file of its own, and `--rejects /dev/null`, run as root, replaced
        // the device with a regular file.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError("cannot write to rejects file \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.path = path
    }

    /// The database's own files, with what each is, for `keepingApart`.
    package static func databaseFiles(_ database: String) -> [(path: String, role: String)] {
        [(database, "the database")] + ["-wal", "-shm", "-journal"].map { (database + $0, "the database's \($0.dropFirst()) file") }
    }

    /// Whether two paths name one file: the same device and inode when
    /// both exist (hard links, symbolic links, `./` and `..` included),
    /// else the same absolute path with symbolic links resolved.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        if stat(first, &a) == 0, stat(second, &b) == 0 {
            return a.st_dev == b.st_dev && a.st_ino == b.st_ino
        }
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return resolved(first) == resolved(second)
    }

    package func write(_ rejection: TraceReader.TraceRejection) throws {
        var line = Array("\(rejection.error)\t".utf8)
        line.append(contentsOf: rejection.text)
        line.append(0x0A)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { systemWrite(handle.fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                // Worded as the store's own storage failures are, with the
                // system's reason ("The operation could not be completed"
                // was all FileHandle said of a full disk).
                throw StoreError("cannot write to rejects file \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    package func close() throws {
        try handle.close()
    }
}

/// `write(2)`, out of reach by that name inside `RejectsFile`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
