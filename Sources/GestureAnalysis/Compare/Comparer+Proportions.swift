import GestureStore

extension Comparer {
    /// The proportion comparisons of one request (`--metric reached` or
    /// `false-start`), and how group A was chosen.
    package struct ProportionRun: Sendable {
        package var request: Request
        package var comparisons: [ProportionComparison]
        /// Says which value became A when the user did not name one.
        package var choiceNote: String?
    }

    /// Runs a proportion comparison: picks the groups as ``run(_:in:)``
    /// does, counts each group's outcomes by session and compares B against A.
    ///
    /// A group without rows is compared all the same (its notes say so);
    /// a store with no rows of the metric at all is refused.
    ///
    /// - Precondition: `request.selection.outcome` is set.
    package static func runProportions(_ request: Request, in db: some StoreReader) throws -> ProportionRun {
        let selection = request.selection
        guard let outcome = selection.outcome else { preconditionFailure("runProportions needs an outcome metric") }
        guard try selection.hasOutcomeRows(db) else {
            let message = switch outcome {
            case .reached: "no touch outcomes in this store: --metric reached needs captures that declare their "
                + "targets (target records); see docs/outcomes.md"
            case .falseStart: "no starts in this store (touchesBegan, touchDown or a recognizer's began, per touch "
                + "and target): --metric false-start has nothing to count; see docs/outcomes.md"
            }
            throw QueryError(message)
        }
        let (pairs, choiceNote) = try groupPairs(request, in: db)
        var comparisons: [ProportionComparison] = []
        let ranks = try SessionOrder.ranks(db)
        for (a, b) in pairs {
            let groupA = try selection.sessionProportions(db, value: a).inCaptureOrder(ranks)
            let groupB = try selection.sessionProportions(db, value: b).inCaptureOrder(ranks)
            var comparison = ProportionComparison(metric: outcome, a: groupA, b: groupB, labels: (a, b),
                                                  options: request.options)
            if groupA.trials == 0 || groupB.trials == 0 { comparison.valuesFound = try? selection.values(db) }
            comparison.dropNotes = try [a, b].compactMap { try selection.droppedEvents(db, value: $0).note }
            comparisons.append(comparison)
        }
        return ProportionRun(request: request, comparisons: comparisons, choiceNote: choiceNote)
    }
}
