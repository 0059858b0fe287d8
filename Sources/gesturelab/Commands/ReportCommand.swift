import ArgumentParser
import GestureAnalysis
import GestureReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page of comparisons: tables, percentile plots, CDFs and screen maps.",
        discussion: """
            Without --by, the page holds the comparisons the store suggests: for each
            experiment, every configuration key whose value differs between its sessions
            (on the edge touches and, as a control, the centre ones when edge touches are
            slower), and via where the same touches were heard on two channels. With --by,
            the comparison compare would make, with the same filters.

            Per comparison: the finding in words; n, p50, p90, p95, p99, max per group
            with B − A and its 95% bootstrap interval, the Mann–Whitney test and the
            verdict; the latency at each percentile on a log(1/(1−p)) axis; the
            cumulative distributions; for via, the per-touch differences; the screen
            with each touch-down coloured by latency and the 20-point edge margins;
            latency against touch order; warnings for small samples. Then the captures
            (with the first 12 hex digits of their SHA-256), devices, configurations and
            sessions it drew on, and the methods.

            One file, inline SVG and CSS, no scripts, nothing fetched; the same store and
            --seed give the same bytes. The file is written whole or not at all.

            Examples:
              gesturelab report
              gesturelab report --out edge.html --title "Edge deferral" \\
                  --by deferred_edges --event touchDown
              gesturelab report --by via --event began --variant ipad --out -
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("The HTML file to write; - writes standard output.", valueName: "file"))
    var out = "gesturelab-report.html"

    @Option(help: ArgumentHelp("The page's title.", valueName: "text"))
    var title = "gesturelab report"

    @Option(help: ArgumentHelp(
        "Compare by this key instead of the suggested comparisons: a config key, a session attribute (variant, "
            + "device.model, app.build, …), via, event, region or target.",
        valueName: "key"))
    var by: String?

    @OptionGroup var comparison: ComparisonOptions

    func validate() throws {
        if by == nil && (comparison.a != nil || !comparison.hasNoFilter) {
            throw ValidationError("--a, --b and the filters (--metric, --event, …) need --by KEY.")
        }
    }

    func run() throws {
        if out != "-" {
            try ReportFile.checkFolder(of: out)
            try database.refuseWritingOverStore(out)
        }
        let plans = try by.map { [PlannedComparison(selection: try comparison.selection(by: $0), a: comparison.a, b: comparison.b)] }
        let options = HTMLReport.Options(title: title, seed: comparison.seed, alpha: comparison.alpha,
                                         unit: comparison.unit, version: GestureLab.configuration.version)
        let readers = database.reportReaders()
        let html = try database.read { db in try HTMLReport.render(db, plans: plans, options: options, readers: readers) }
        if out == "-" {
            let output = TextOutput.standardOutput()
            try output.write(html)
            try output.flush()
        } else {
            try ReportFile.write(html, to: out)
            StandardErrorWriter.line("wrote \(out)")
        }
    }
}
