import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file system of its own (a tmpfs) mounted in the scratch folder,
/// for tests of what a full disk does: fill it, and every write there fails
/// with "No space left on device", as on a real disk, while the rest of the
/// machine goes on.
///
/// Mounting needs root (CI runs as root); ``isAvailable`` says whether it
/// works here, for a suite's `.enabled(if:)`.
///
///     let disk = try SmallDisk(megabytes: 16)
///     defer { disk.unmount() }
///     try disk.fill()          // no space is left
///     disk.emptyFiller()       // room again
package final class SmallDisk: @unchecked Sendable {
    /// The folder the file system is mounted on.
    package let path: String
    private var fillers: [String] = []

    /// Whether a tmpfs can be mounted here (root, a kernel that allows it).
    package static let isAvailable: Bool = {
        guard let disk = try? SmallDisk(megabytes: 1) else { return false }
        disk.unmount()
        return true
    }()

    /// Mounts an empty tmpfs of `megabytes` on a new scratch folder.
    package init(megabytes: Int) throws {
        let folder = try TestScratch.newFolder("small-disk")
        path = folder.path
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])
    }

    /// The path of `name` on the disk; nothing is created.
    package func path(_ name: String) -> String { URL(fileURLWithPath: path).appending(path: name).path }

    /// Writes a filler file until the disk has no byte left.
    package func fill() throws {
        let filler = path("filler-\(fillers.count)")
        fillers.append(filler)
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw SmallDiskError("cannot create \(filler): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x55, count: 1 << 16)
        // Large blocks, then single bytes for what is left of the last page.
        for size in [block.count, 1] {
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress!, size) }) > 0 {}
            guard errno == ENOSPC else { throw SmallDiskError("filling \(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// Removes what ``fill()`` wrote.
    package func emptyFiller() {
        for filler in fillers { unlink(filler) }
        fillers.removeAll()
    }

    /// Unmounts the file system (lazily, should a file still be open on it).
    package func unmount() {
        try? Self.run("/bin/umount", ["-l", path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SmallDiskError("\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}

/// Mounting or filling a ``SmallDisk`` failed.
package struct SmallDiskError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
