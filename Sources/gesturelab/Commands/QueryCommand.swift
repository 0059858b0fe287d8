import ArgumentParser
import GestureAnalysis

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run a canned analysis, or your own SQL, over the store.",
        discussion: """
            Every query can use the latency relations responses, recognitions and
            dispatches (capture, session, experiment, variant, touch, region, target,
            event, via, latency_ms and the nanosecond times; recognitions name the
            recognizer and its class instead of a target), touches (one row per touch:
            down_ns, x, y, region, kind, hit; no latency), response_pairs (a state
            change heard on two channels, lag_ms), the outcome relations targets
            (declared frames), outcomes (each touch-down's nearest target,
            distance_pt, reached) and false_starts (a start cancelled before any end;
            starts has every started touch and target with false_start 0/1), the
            records as captured (touch_sample, transition, delivery, frame), capture,
            session and session_config: query --list lists them. The SQL functions
            are percentile(Y,P), median(Y), percentile_cont(Y,F) and
            percentile_disc(Y,F).

            --where KEY=VALUE[,VALUE…] (repeatable) runs the query over only the sessions
            whose KEY has one of the values: a config key or a session attribute
            (experiment, variant, capture, day, device.model, device.os, app.name,
            app.version, app.build). Every relation with a session_id reads as if the
            store held those sessions alone.

            --sql runs one statement and only reads: the store is opened read-only.
            A file in --queries-dir holds one query, as the built-in ones do: comment
            lines name it, describe it and declare each parameter (name, type,
            default, help), then the SQL reads each parameter as :name.
              -- name: slowest-touches
              -- description: The slowest responses. What do they have in common?
              -- param: limit integer = 20  How many rows.
              -- param: experiment text = NULL  Only this experiment.
              SELECT … WHERE (:experiment IS NULL OR experiment = :experiment)
                  LIMIT :limit;

            Tables print milliseconds to 0.1 ms and each percentile beside its n; CSV
            and JSON carry full precision. JSON has no infinity: an infinite value is
            null there, inf or -inf in CSV and tables. A JSON object names each column
            once (a repeated name becomes name_2, …); CSV and tables keep the names as
            SQL gives them. Name the columns (AS p50_ms) to choose. The relations'
            columns are in docs/schema.sql.

            Examples:
              gesturelab query --list
              gesturelab query response-by-region -p event touchDown
              gesturelab query slowest-touches -p limit 5 --format csv
              gesturelab query slowest-touches -p experiment NULL -p limit -1
              gesturelab query response-by-variant -p event touchDown --where app.build=42
              gesturelab query --sql \\
                  "SELECT variant, median(latency_ms) FROM responses GROUP BY variant"
              gesturelab query response-by-variant \\
                  --db postgresql://lab@db.example/gestures
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "List the canned queries with their descriptions and parameters.")
    var list = false

    @Option(help: ArgumentHelp("Run this SQL instead of a canned query.", valueName: "sql"))
    var sql: String?

    @Option(help: ArgumentHelp("Also load the .sql query files in this folder.", valueName: "dir"))
    var queriesDir: String?

    @OptionGroup var queryParameters: QueryParameterOptions

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Only the sessions whose KEY has one of the values (repeatable): a config key or a session attribute.",
        valueName: "key=value[,value…]"))
    var conditions: [String] = []

    @Option(help: "table, csv, json or ndjson.")
    var format: OutputFormat = .table

    @Argument(help: "The canned query to run (see --list).")
    var name: String?

    func validate() throws {
        let modes = [list, sql != nil, name != nil].filter { $0 }.count
        if modes != 1 {
            throw ValidationError("name one query, or give --sql SQL, or --list.")
        }
        if !queryParameters.parameters.isEmpty, name == nil {
            throw ValidationError("-p goes with a canned query name.")
        }
        if list, !conditions.isEmpty { throw ValidationError("--where goes with a query or --sql.") }
        _ = try conditions.map(SessionCondition.init(parsing:))
    }

    func run() throws {
        let catalog = try QueryCatalog(userDirectory: queriesDir)
        let output = TextOutput.standardOutput()
        if list {
            try output.write(QueryListing.text(catalog.queries))
            try output.flush()
            return
        }
        let sessionConditions = try conditions.map(SessionCondition.init(parsing:))
        try database.read { db in
            if let sql {
                let scoped = sessionConditions.isEmpty ? sql : try SessionScope(sessionConditions).scoped(sql, in: db)
                try QueryCatalog.run(sql: scoped, in: db, format: format, to: output)
            } else if let name {
                try QueryCatalog.run(try catalog.query(named: name), parameters: try queryParameters.paired(),
                                     conditions: sessionConditions, in: db, format: format, to: output)
            }
        }
    }
}
