import Foundation
import PackagePlugin

/// Embeds a target's `Migrations/` or `Queries/` `.sql` files as Swift string
/// literals, so a copied or installed `gesturelab` needs no resource bundle.
///
/// The folders are symlinks to the package's top-level folders. Listing the
/// files here at plan time is safe because SwiftPM re-plans when the target's
/// own folder (and so the symlinked one) changes.
@main
struct EmbedSQLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "EmbedSQL")
        var commands: [Command] = []
        for folder in ["Migrations", "Queries"] {
            let directory = target.directoryURL.appending(path: folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
                continue
            }
            let inputs = names.filter { $0.hasSuffix(".sql") }.sorted().map { directory.appending(path: $0) }
            let output = context.pluginWorkDirectoryURL.appending(path: "Embedded\(folder).swift")
            commands.append(.buildCommand(
                displayName: "Embedding \(inputs.count) \(folder) .sql files into \(target.name)",
                executable: tool.url,
                arguments: [output.path, "Embedded\(folder)"] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ))
        }
        return commands
    }
}
