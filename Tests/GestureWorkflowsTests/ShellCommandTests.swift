import Foundation
import GestureWorkflows
import TestScratch
import Testing

/// How the demo names gesturelab in the commands it prints: files made in a
/// scratch folder stand in for an installed binary, a build folder and links.
@Suite struct ShellCommandTests {
    @Test(arguments: [
        ("gesturelab-demo/demo.sqlite", "gesturelab-demo/demo.sqlite"),
        ("/tmp/run-1/demo.sqlite", "/tmp/run-1/demo.sqlite"),
        ("my demo/demo.sqlite", "'my demo/demo.sqlite'"),
        ("it's/demo.sqlite", #"'it'\''s/demo.sqlite'"#),
        ("$HOME/x", "'$HOME/x'"),
        ("démo", "'démo'"),
        ("~/demo", "'~/demo'"),
        ("=demo", "'=demo'"),
        ("", "''"),
    ])
    func quotesOnlyWhatAShellWouldRead(_ word: String, _ expected: String) {
        #expect(ShellCommand.quoted(word) == expected)
    }

    /// `root/bin/gesturelab` (the binary), `root/other/gesturelab` (another
    /// one) and `root/links/gesturelab` (a link to the binary).
    private struct Layout {
        let root: String
        var binary: String { root + "/bin/gesturelab" }

        init(_ name: String = "shell-command") throws {
            root = try TestScratch.newFolder(name).resolvingSymlinksInPath().path
            let manager = FileManager.default
            for folder in ["bin", "other", "links"] {
                try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            for file in [root + "/bin/gesturelab", root + "/other/gesturelab"] {
                manager.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
            }
            try manager.createSymbolicLink(atPath: root + "/links/gesturelab", withDestinationPath: "../bin/gesturelab")
        }

        func command(path: String?, invokedAs: String? = nil, in directory: String? = nil) -> String {
            ShellCommand.invoking(executable: binary, invokedAs: invokedAs, searchPath: path,
                                  currentDirectory: directory ?? root)
        }
    }

    @Test func theNameAloneWhenPathFindsThisBinary() throws {
        let layout = try Layout()
        #expect(layout.command(path: "/nonexistent:\(layout.root)/bin") == "gesturelab")
        // Installed as a link to the binary counts too.
        #expect(layout.command(path: "\(layout.root)/links:/usr/bin") == "gesturelab")
    }

    @Test func aPathWhenPathFindsAnotherGesturelabFirst() throws {
        let layout = try Layout()
        #expect(layout.command(path: "\(layout.root)/other:\(layout.root)/bin") == "bin/gesturelab")
        // A folder named gesturelab is not a program; the search goes on past it.
        try FileManager.default.createDirectory(atPath: layout.root + "/folders/gesturelab", withIntermediateDirectories: true)
        #expect(layout.command(path: "\(layout.root)/folders:\(layout.root)/bin") == "gesturelab")
    }

    @Test func thePathTheUserTypedWhenItNamesThisBinary() throws {
        let layout = try Layout()
        #expect(layout.command(path: "/usr/bin", invokedAs: "links/gesturelab") == "links/gesturelab")
        #expect(layout.command(path: "/usr/bin", invokedAs: layout.root + "/links/gesturelab") == layout.root + "/links/gesturelab")
        // `swift run --package-path` from another folder: `../` paths read worse than absolute ones.
        #expect(layout.command(path: "/usr/bin", invokedAs: "../bin/gesturelab", in: layout.root + "/other") == layout.binary)
        // argv[0] without a slash was found on a PATH that no longer finds it.
        #expect(layout.command(path: "/usr/bin", invokedAs: "gesturelab") == "bin/gesturelab")
        // argv[0] naming another program (a wrapper's doing) is not trusted.
        #expect(layout.command(path: "/usr/bin", invokedAs: "other/gesturelab") == "bin/gesturelab")
    }

    @Test func relativeBelowTheCurrentFolderElseAbsolute() throws {
        let layout = try Layout()
        #expect(layout.command(path: nil) == "bin/gesturelab")
        #expect(layout.command(path: nil, in: layout.root + "/bin") == "./gesturelab")
        #expect(layout.command(path: nil, in: layout.root + "/other") == layout.binary)
    }

    @Test func aFolderWithASpaceIsQuoted() throws {
        let layout = try Layout("shell command")
        #expect(layout.command(path: "/usr/bin", in: "/") == "'\(layout.binary)'")
    }
}
