import GRDB
import GestureStore
import GestureAnalysis

/// The comparisons a store suggests when none is asked for.
///
/// For each experiment:
/// - every configuration key whose value differs between its sessions,
///   compared on the experiment's first-heard response (the target, event
///   and channel with the shortest mean latency among those heard on at
///   least half as many touches as the most common one);
/// - when edge touches of that response are significantly slower than
///   centre ones, the key's comparison on the edge touches and, as the
///   control, on the centre ones;
/// - `via`, where the same touches were heard on two channels: per variant,
///   the (target, event) with the most such touches;
/// - for experiments that declare targets, each such key on the share of
///   touches reaching their nearest target (when some missed) and on the
///   false-start rate (when some start was false).
///
///     let plans = try ReportSuggestions.plans(db, alpha: 0.05)
enum ReportSuggestions {
    /// More than this many comparisons make a page nobody reads; the rest are named in a note.
    static let maximumComparisons = 24

    static func plans(_ db: some StoreReader, alpha: Double) throws -> [PlannedComparison] {
        var plans: [PlannedComparison] = []
        for experiment in try db.fetchStrings(sql: "SELECT DISTINCT experiment FROM session ORDER BY experiment") {
            // A SQLite store is tallied in one pass; other engines answer the views' SQL.
            let tally = try (db as? Database).map { try ResponseTally($0, experiment: experiment) }
            plans += try configurationPlans(db, experiment: experiment, alpha: alpha, tally: tally)
            plans += try channelPlans(db, experiment: experiment, tally: tally)
            plans += try outcomePlans(db, experiment: experiment)
        }
        return plans.map { plan in
            var plan = plan
            plan.isSuggestion = true
            return plan
        }
    }

    private static func differingKeys(_ db: some StoreReader, experiment: String) throws -> [String] {
        try db.fetchStrings(sql: """
            SELECT key FROM session_config JOIN session ON session.id = session_config.session_id
            WHERE session.experiment = ? GROUP BY key HAVING count(DISTINCT value) >= 2 ORDER BY key
            """, arguments: [experiment])
    }

    private static func outcomePlans(_ db: some StoreReader, experiment: String) throws -> [PlannedComparison] {
        let keys = try differingKeys(db, experiment: experiment)
        guard !keys.isEmpty else { return [] }
        // Whether any touch missed, any start was false: the first such row answers.
        let missed = try db.fetchInt(projectSQL: """
            SELECT count(*) FROM (SELECT 1 FROM outcomes WHERE experiment = ? AND reached = 0 LIMIT 1) AS one
            """, arguments: [experiment]) ?? 0
        let falseStarts = try db.fetchInt(projectSQL: """
            SELECT count(*) FROM (SELECT 1 FROM false_starts WHERE experiment = ? LIMIT 1) AS one
            """, arguments: [experiment]) ?? 0
        var plans: [PlannedComparison] = []
        for key in keys {
            let name = keyTitle(experiment, key)
            if missed > 0 {
                plans.append(PlannedComparison(
                    selection: ComparisonSelection(by: key, outcome: .reached, experiment: experiment),
                    title: "\(name), touches reaching their nearest target"))
            }
            if falseStarts > 0 {
                plans.append(PlannedComparison(
                    selection: ComparisonSelection(by: key, outcome: .falseStart, experiment: experiment),
                    title: "\(name), false starts"))
            }
        }
        return plans
    }

    private static func configurationPlans(_ db: some StoreReader, experiment: String, alpha: Double,
                                           tally: ResponseTally?) throws -> [PlannedComparison] {
        let keys = try differingKeys(db, experiment: experiment)
        guard !keys.isEmpty, let (target, event, via) = try leadResponse(db, experiment: experiment, tally: tally) else {
            return []
        }
        let edges = try edgeRegionsThatMatter(db, experiment: experiment, target: target, event: event, via: via,
                                              alpha: alpha)
        var plans: [PlannedComparison] = []
        for key in keys {
            let name = keyTitle(experiment, key)
            let base = ComparisonSelection(by: key, target: target, event: event, via: via, experiment: experiment)
            if let edges {
                var edge = base
                edge.region = edges.joined(separator: ",")
                var center = base
                center.region = "center"
                plans.append(PlannedComparison(selection: edge, title: "\(name), edge touches"))
                plans.append(PlannedComparison(selection: center, title: "\(name), centre touches (control)"))
            } else {
                plans.append(PlannedComparison(selection: base, title: name))
            }
        }
        return plans
    }

    /// `edge-deferral: deferred_edges`, the names isolated for the page.
    private static func keyTitle(_ experiment: String, _ key: String) -> String {
        "\(XMLText.isolate(experiment)): \(XMLText.isolate(key))"
    }

    /// The experiment's first-heard response: (target, event, via).
    private static func leadResponse(_ db: some StoreReader, experiment: String,
                                     tally: ResponseTally?) throws -> (String, String, String)? {
        if let tally { return tally.lead.map { ($0.target, $0.event, $0.via) } }
        guard let lead = try db.fetchRows(projectSQL: """
            WITH heard AS (
                SELECT target, event, via, count(*) AS n, avg(latency_ms) AS mean
                FROM responses WHERE experiment = ? GROUP BY target, event, via
            )
            SELECT target, event, via FROM heard
            WHERE n * 2 >= (SELECT max(n) FROM heard)
            ORDER BY mean, target, event, via LIMIT 1
            """, arguments: [experiment]).first else { return nil }
        return (lead[0], lead[1], lead[2])
    }

    /// The edge regions of the response, when its edge touches are
    /// significantly slower than its centre touches; else nil.
    static func edgeRegionsThatMatter(_ db: some StoreReader, experiment: String, target: String, event: String, via: String,
                                      alpha: Double) throws -> [String]? {
        // On SQLite the integer-keyed table, matched on the names' ids: no name looked up per row.
        let rows = try db.fetchRows(projectSQL: db is Database ? """
            SELECT (SELECT text FROM name WHERE id = region_id), latency_ns / 1e6 FROM stored_response
            WHERE session_id IN (SELECT id FROM session WHERE experiment = ?)
              AND target_id = (SELECT id FROM name WHERE text = ?) AND event_id = (SELECT id FROM name WHERE text = ?)
              AND via_id = (SELECT id FROM name WHERE text = ?) AND region_id IS NOT NULL
            ORDER BY latency_ns
            """ : """
            SELECT region, latency_ms FROM responses
            WHERE experiment = ? AND target = ? AND event = ? AND via = ? AND region IS NOT NULL
            ORDER BY latency_ms
            """, arguments: [experiment, target, event, via])
        var center: [Double] = [], edge: [Double] = []
        var regions = Set<String>()
        for row in rows {
            let region: String = row[0]
            if region == "center" {
                center.append(row[1])
            } else {
                edge.append(row[1])
                regions.insert(region)
            }
        }
        guard case .success(let test) = MannWhitney.test(sortedA: center, sortedB: edge),
              test.p < alpha, test.probabilityAGreater < 0.5 else { return nil }
        return regions.sorted()
    }

    private static func channelPlans(_ db: some StoreReader, experiment: String,
                                     tally: ResponseTally?) throws -> [PlannedComparison] {
        if let tally {
            return tally.channelLeads.map { lead in
                PlannedComparison(
                    selection: ComparisonSelection(by: "via", target: lead.target, event: lead.event,
                                                   experiment: experiment, variant: lead.variant),
                    title: "\(XMLText.isolate(experiment)), \(XMLText.isolate(lead.variant)): "
                        + "\(XMLText.isolate(lead.target)) \(XMLText.isolate(lead.event)) by channel")
            }
        }
        let rows = try db.fetchRows(projectSQL: """
            SELECT variant, target, event, count(*) AS paired, avg(first_ms) AS mean
            FROM response_pairs
            WHERE experiment = ? AND second_via > first_via
            GROUP BY variant, target, event
            ORDER BY variant, paired DESC, mean, target, event
            """, arguments: [experiment])
        var plans: [PlannedComparison] = []
        // By bytes, as SQL grouped them: two spellings of `é` are two variants.
        var seenVariants = Set<[UInt8]>()
        for row in rows {
            let variant: String = row[0]
            guard seenVariants.insert(Array(variant.utf8)).inserted else { continue }
            let target: String = row[1], event: String = row[2]
            plans.append(PlannedComparison(
                selection: ComparisonSelection(by: "via", target: target, event: event, experiment: experiment, variant: variant),
                title: "\(XMLText.isolate(experiment)), \(XMLText.isolate(variant)): "
                    + "\(XMLText.isolate(target)) \(XMLText.isolate(event)) by channel"))
        }
        return plans
    }
}
