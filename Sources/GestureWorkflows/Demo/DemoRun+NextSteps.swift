extension DemoRun {
    /// Commands to try on the demo's database, each a line to paste into a shell.
    ///
    /// `command` runs gesturelab itself, already a shell word: the CLI passes
    /// the binary that is running (``ShellCommand/invoking(executable:invokedAs:searchPath:currentDirectory:)``),
    /// because a newcomer who started the demo with `swift run` has no
    /// `gesturelab` on `PATH`, and a printed line that fails is worse than none.
    ///
    ///     DemoRun(directory: "gesturelab-demo").nextSteps(command: ".build/release/gesturelab")[0]
    ///     // .build/release/gesturelab sessions --db gesturelab-demo/demo.sqlite
    package func nextSteps(command: String) -> [String] {
        let db = ShellCommand.quoted(databasePath)
        return [
            "\(command) sessions --db \(db)",
            "\(command) query --db \(db) response-by-region -p event touchDown",
            "\(command) compare --db \(db) --by deferred_edges --event touchDown --region bottom,bottom-right",
            "\(command) compare --db \(db) --by via --event began --variant ipad",
            "\(command) compare --db \(db) --by delays_content_touches --event touchesBegan --format json",
            "\(command) compare --db \(db) --by touch_delay --metric false-start --experiment touch-delay",
            "\(command) compare --db \(db) --by hit_area --metric reached --a frame --b 44pt",
            "\(command) query --db \(db) false-starts-by-target -p experiment touch-delay",
            "\(command) report --db \(db) --by deferred_edges --event touchDown --region bottom,bottom-right --out deferral.html",
            "\(command) compare --db \(db) --by app.build --event touchDown --experiment edge-deferral "
                + "--fail-if-slower 10 --at p95",
            "\(command) query --db \(db) --sql \"SELECT variant, region, median(latency_ms) FROM responses "
                + "WHERE event = 'touchDown' GROUP BY 1, 2\"",
        ]
    }
}
