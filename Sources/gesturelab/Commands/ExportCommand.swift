import ArgumentParser
import GestureAnalysis
import GestureTrace

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a table, a derived relation or a canned query as CSV.",
        discussion: """
            CSV follows RFC 4180: a header row, CRLF line ends, fields with a comma,
            quote, CR or LF quoted, NULL as an empty field. Rows are streamed, so
            exports of millions of rows hold constant memory. --out FILE appears only
            when the export succeeds: a failed one, or one cut short by Ctrl-C,
            SIGTERM or SIGHUP, leaves no file (or the old one as it was).
            A canned query takes its parameters as in query (-p NAME VALUE, the
            rest at their defaults); a table or relation takes none.

            Examples:
              gesturelab export responses --out responses.csv
              gesturelab export response-by-region > by-region.csv
              gesturelab export response-by-region -p event touchDown --out down.csv
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("Also load the .sql query files in this folder.", valueName: "dir"))
    var queriesDir: String?

    @Option(help: ArgumentHelp("Write here instead of standard output (- is standard output).", valueName: "file"))
    var out: String?

    @OptionGroup var queryParameters: QueryParameterOptions

    @Argument(help: "A table (delivery, touch, …), a relation (responses, recognitions, dispatches, touches, response_pairs, targets, outcomes, starts, false_starts) or a query name.")
    var name: String

    func run() throws {
        let catalog = try QueryCatalog(userDirectory: queriesDir)
        let parameters = try queryParameters.paired()
        let out = out == "-" ? nil : out
        if let out { try database.refuseWritingOverStore(out) }
        // A failed export leaves no --out file behind.
        let output = try out.map { try TextOutput.replacing(path: $0) } ?? .standardOutput()
        let rows = try database.read { db in
            try Exporter.export(name, parameters: parameters, catalog: catalog, in: db, to: output)
        }
        try output.commit()
        if let out {
            StandardErrorWriter.line("exported \(rows.grouped) rows of \(name) to \(out)")
        }
    }
}
