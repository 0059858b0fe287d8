import ArgumentParser
import Foundation
import GestureTrace

/// Checks a `--dir` the command will create or reuse, before any work:
/// Foundation's own refusal ("Error Domain=NSCocoaErrorDomain Code=516 …")
/// said nothing a user could act on.
enum FolderArgument {
    static func check(_ path: String, option: String = "--dir") throws {
        guard !path.isEmpty else { throw ValidationError("\(option) names no folder: give a folder's path.") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw ValidationError("\(option) \(TerminalText.escaped(path)) is a file, not a folder: name a folder.")
        }
    }
}
