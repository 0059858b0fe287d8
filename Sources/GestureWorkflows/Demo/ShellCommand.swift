import Foundation

/// Words for a POSIX shell: how to name a program so that a line printed for
/// people can be pasted and run as it is.
///
/// The demo ends with commands to try next. They must work when pasted, also
/// when the binary is not on `PATH` (run with `swift run`, or from its build
/// folder), so the CLI names the binary that is actually running and the demo
/// prints that name.
///
///     ShellCommand.quoted("gesturelab-demo/demo.sqlite")  // gesturelab-demo/demo.sqlite
///     ShellCommand.quoted("my demo/demo.sqlite")           // 'my demo/demo.sqlite'
///     ShellCommand.invoking(executable: "/usr/local/bin/gesturelab", invokedAs: "gesturelab",
///                           searchPath: "/usr/bin:/usr/local/bin", currentDirectory: "/home/me")
///     // gesturelab
package enum ShellCommand {
    /// `word` as one shell word: unchanged when it holds only characters no
    /// shell treats specially, else in single quotes.
    package static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isPlain) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        // Not `=`: zsh expands a word that starts with it.
        case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "+", ",", ":", "@", "%": true
        default: false
        }
    }

    /// The shortest shell word that runs `executable` from `currentDirectory`.
    ///
    /// - Its file name alone, when the first program of that name on
    ///   `searchPath` is this very file (links resolved): installed on `PATH`.
    /// - Else `invokedAs` (the program's `argv[0]`) when it names the file by a
    ///   path, as `.build/release/gesturelab`: a path the user chose and knows
    ///   (but not one that climbs out with `..`, as `swift run` makes from
    ///   another folder).
    /// - Else the file's path, relative when it lies below `currentDirectory`
    ///   (`./gesturelab` for one right there).
    ///
    /// - Parameters:
    ///   - executable: the running binary's path (`/proc/self/exe` on Linux).
    ///   - invokedAs: `argv[0]`, as the program was started.
    ///   - searchPath: `$PATH`.
    ///   - currentDirectory: where the printed command will be run.
    package static func invoking(executable: String, invokedAs: String?, searchPath: String?,
                                currentDirectory: String) -> String {
        let file = resolved(executable)
        let name = (executable as NSString).lastPathComponent
        let onPath = (searchPath ?? "").split(separator: ":").lazy
            .map { ($0.isEmpty ? "." : String($0)) + "/" + name }
            .first(where: isProgram)
        if let onPath, resolved(onPath) == file {
            return quoted(name)
        }
        if let invokedAs, invokedAs.contains("/"), !invokedAs.split(separator: "/").contains(".."),
           resolved(absolute(invokedAs, in: currentDirectory)) == file {
            return quoted(invokedAs)
        }
        let directory = resolved(currentDirectory)
        if file.hasPrefix(directory + "/") {
            let relative = String(file.dropFirst(directory.count + 1))
            // A bare name would be looked up on PATH instead.
            return quoted(relative.contains("/") ? relative : "./" + relative)
        }
        return quoted(file)
    }

    /// Whether a shell looking for a command would run `path`: an executable
    /// file, not a folder (folders have execute bits too).
    private static func isProgram(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// The path with every link resolved, so that two names of one file compare equal.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
