import Foundation
import GRDB
import GestureAnalysis
import GestureStore

/// The sections one planned comparison gives: latency sections, or outcome
/// (rate) sections; or, for a suggestion the data cannot answer, a notice
/// saying why it is left out.
struct PlanSections: Sendable {
    var latency: [ReportSection] = []
    var rates: [RateSection] = []
    var notices: [String] = []

    static func make(_ plan: PlannedComparison, options: Comparison.Options, drops: [Int64: SessionDrops.Count],
                     in db: some StoreReader) throws -> PlanSections {
        do {
            return plan.comparesRates
                ? PlanSections(rates: try RateSection.make(plan, options: options, in: db))
                : PlanSections(latency: try ReportSection.make(plan, options: options, drops: drops, in: db))
        } catch let refusal as QueryError where plan.isSuggestion {
            // The selection's own refusal (one value of the key, no rows): the
            // store cannot answer this suggestion, and the others still stand.
            let title = plan.title ?? "the comparison by \(plan.selection.by)"
            let reason = refusal.message.hasSuffix(".") ? refusal.message : refusal.message + "."
            return PlanSections(notices: ["\(title) is left out: \(reason)"])
        }
    }

    /// Every plan's sections, in the plans' order, each plan worked out on
    /// its own connection from `readers`, `readers.width` at a time, the
    /// largest first.
    ///
    /// Returns nil when the work could not be shared out: a connection did
    /// not open, or one saw other data than `db` (an import committed
    /// since `db` began reading). The caller then works the plans out on
    /// `db` itself, so the page always draws on one state of the store.
    /// A plan's error is thrown as the serial run would throw it: the
    /// first failing plan's, in order (when a plan before it was left
    /// undone, by returning nil for the serial run to find it).
    static func concurrently(_ plans: [PlannedComparison], options: Comparison.Options,
                             drops: [Int64: SessionDrops.Count], readers: ReportReaders,
                             sameAs db: some StoreReader) throws -> [PlanSections]? {
        let width = min(readers.width, plans.count)
        guard width >= 2 else { return nil }
        let expected = try StoreState(db)
        let work = SharedWork(order: try largestFirst(plans, in: db))
        let finished = DispatchGroup()
        for _ in 0..<width {
            finished.enter()
            // Threads, not a concurrentPerform: a bootstrap inside a concurrentPerform
            // would run on one core, and the last comparison left would run alone on it.
            let thread = Thread {
                defer { finished.leave() }
                do {
                    try readers.open { reader in
                        guard try StoreState(reader) == expected else { return work.abandon() }
                        while let index = work.next() {
                            work.finish(index, Result {
                                try make(plans[index], options: options, drops: drops, in: reader)
                            })
                        }
                    }
                } catch {
                    work.abandon()
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        finished.wait()
        var sections: [PlanSections] = []
        for result in work.results {
            switch result {
            case .success(let planSections)?: sections.append(planSections)
            case .failure(let error)?: throw error
            case nil: return nil
            }
        }
        return sections
    }

    /// The plans' indices, those drawing on the most sessions first: the
    /// largest comparison, started last, would run alone at the end.
    static func largestFirst(_ plans: [PlannedComparison], in db: some StoreReader) throws -> [Int] {
        let counts = try db.fetchRows(sql: "SELECT experiment, variant, count(*) FROM session GROUP BY experiment, variant")
            .map { row -> (experiment: String, variant: String, sessions: Int) in (row[0], row[1], row[2]) }
        let sizes = plans.map { plan in
            counts.filter { count in
                plan.selection.experiment.map { $0 == count.experiment } ?? true
                    && plan.selection.variant.map { $0 == count.variant } ?? true
            }.reduce(0) { $0 + $1.sessions }
        }
        return plans.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }
}

/// What tells two connections apart when an import committed between
/// their reads: an import stores each capture, with its sessions, in one
/// transaction.
private struct StoreState: Equatable {
    var values: [DatabaseValue] = []

    init(_ db: some StoreReader) throws {
        try db.forEachRow(sql: """
            SELECT (SELECT count(*) FROM capture), (SELECT coalesce(max(id), 0) FROM capture),
                   (SELECT count(*) FROM session), (SELECT coalesce(max(id), 0) FROM session)
            """, arguments: [], columns: { _ in }, row: { values = $0 })
    }
}

/// The plans still to take and the results so far, shared by the workers.
private final class SharedWork: @unchecked Sendable {
    private let lock = NSLock()
    private let order: [Int]
    private var taken = 0
    private var stopped = false
    private var slots: [Result<PlanSections, any Error>?]

    /// - Parameter order: every plan's index, in the order to take them.
    init(order: [Int]) {
        self.order = order
        slots = Array(repeating: nil, count: order.count)
    }

    /// The next plan to work out; nil when none is left or the work stopped.
    func next() -> Int? {
        lock.withLock {
            guard !stopped, taken < order.count else { return nil }
            defer { taken += 1 }
            return order[taken]
        }
    }

    /// Keeps a plan's result; a failure stops the taking of later plans.
    func finish(_ index: Int, _ result: Result<PlanSections, any Error>) {
        lock.withLock {
            slots[index] = result
            if case .failure = result { stopped = true }
        }
    }

    /// Stops the taking of plans; the ones left without a result make the caller work serially.
    func abandon() {
        lock.withLock { stopped = true }
    }

    var results: [Result<PlanSections, any Error>?] {
        lock.withLock { slots }
    }
}
