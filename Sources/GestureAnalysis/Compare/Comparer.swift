import GRDB
import GestureStore
import GestureTrace

/// Runs `gesturelab compare`: picks the groups, fetches their latencies and
/// compares each B against A.
package enum Comparer {
    package struct Request: Sendable {
        package var selection: ComparisonSelection
        package var a: String?
        package var b: String?
        package var options: Comparison.Options

        package init(selection: ComparisonSelection, a: String? = nil, b: String? = nil,
                    options: Comparison.Options = .init()) {
            self.selection = selection
            self.a = a
            self.b = b
            self.options = options
        }
    }

    /// The comparisons of one request, and how group A was chosen.
    package struct Run: Sendable {
        package var request: Request
        package var comparisons: [Comparison]
        /// Says which value became A when the user did not name one.
        package var choiceNote: String?
    }

    /// Values that read as "the thing without the change": when the key has
    /// several values and none was named, such a value becomes A.
    static let baselineWords: Set<String> = [
        "none", "false", "off", "0", "no", "baseline", "control", "default", "disabled", "center", "observer",
    ]

    package static func run(_ request: Request, in db: some StoreReader) throws -> Run {
        let selection = request.selection
        // One scan reads every group needed (and the key's values when none
        // were named): at millions of rows each scan is most of a second.
        var listed: (values: [String], groups: [SessionGroup])?
        if request.b == nil, selection.outcome == nil {
            listed = try selection.valuesAndSessionLatencies(db)
        }
        let (pairs, choiceNote) = try groupPairs(request, in: db, values: listed?.values)
        let values = listed?.values ?? pairs.flatMap { [$0.a, $0.b] }
        // Sessions in the order of their captures' bytes, not of their ids:
        // the same captures give the same intervals however imported.
        let ranks = try SessionOrder.ranks(db)
        let groups = try (listed?.groups ?? selection.sessionLatencies(db, values: values)).map { $0.inCaptureOrder(ranks) }
        func group(_ value: String) -> SessionGroup { groups[values.firstIndex { $0.hasSameBytes(as: value) }!] }
        var comparisons: [Comparison] = []
        for (a, b) in pairs {
            let groupA = group(a), groupB = group(b)
            for (label, group) in [(a, groupA), (b, groupB)] where group.count == 0 {
                let known = try selection.values(db)
                throw QueryError("no \(selection.metric.rawValue) latencies where \(escaped(selection.by)) = "
                    + "\(escaped(label)); values found: \(known.map(escaped).joined(separator: ", "))")
            }
            // The intervals take most of the time: draw them while the paired
            // differences are read.
            let options = request.options
            let intervals = BackgroundValue { Comparison.percentIntervals(a: groupA, b: groupB, options: options) }
            let pairedDifferences = Result { try selection.pairedDifferencesBySession(db, a: a, b: b) }
            var comparison = Comparison(
                a: groupA, b: groupB, labels: (a, b), options: options,
                pairedDifferences: try pairedDifferences.get(), percentIntervals: intervals.wait())
            comparison.dropNotes = try selection.droppedEvents(db, groups: [(a, groupA), (b, groupB)]).compactMap(\.note)
            comparisons.append(comparison)
        }
        return Run(request: request, comparisons: comparisons, choiceNote: choiceNote)
    }

    /// The (A, B) pairs to compare: the ones named, or the key's values
    /// against its baseline; and the sentence saying how A was chosen.
    /// `values`, when given, are the key's values as ``ComparisonSelection/values(_:)`` lists them.
    static func groupPairs(_ request: Request, in db: some StoreReader,
                           values listed: [String]? = nil) throws -> (pairs: [(a: String, b: String)], choiceNote: String?) {
        let selection = request.selection
        let pairs: [(a: String, b: String)]
        var choiceNote: String?
        switch (request.a, request.b) {
        case (let a?, let b?):
            // By bytes, as the store tells names apart (two spellings of `é` are two values).
            guard !a.hasSameBytes(as: b) else {
                throw QueryError("--a and --b both name \(escaped(selection.by)) = \(escaped(a)): a group compared with itself "
                    + "shows nothing. Name two different values.")
            }
            pairs = [(a, b)]
        case (let named, nil):
            let values = try listed ?? selection.values(db)
            guard values.count >= 2 else {
                throw QueryError(values.isEmpty
                    ? "no \(selection.rowNoun) match: nothing to compare"
                    : "\(escaped(selection.by)) has only one value (\(escaped(values[0]))) among the \(selection.rowNoun): "
                        + "nothing to compare")
            }
            let baseline: String
            if let named {
                guard values.contains(where: { $0.hasSameBytes(as: named) }) else {
                    throw QueryError("--a \(escaped(named)): no \(selection.rowNoun) where \(escaped(selection.by)) = "
                        + "\(escaped(named)); values found: \(values.map(escaped).joined(separator: ", "))")
                }
                baseline = named
                choiceNote = "A = \(baseline) (--a)"
            } else {
                baseline = values.first(where: isBaseline) ?? values[0]
                choiceNote = "A = \(baseline) (\(values.contains(where: isBaseline) ? "the baseline" : "the first value"))"
            }
            pairs = values.filter { !$0.hasSameBytes(as: baseline) }.map { (baseline, $0) }
            choiceNote! += values.count > 2 ? "; each other value of \(selection.by) is a B" : ", B = \(pairs[0].b)"
        default:
            throw QueryError("--b needs --a: give both, or --a alone to compare every value of "
                + "\(escaped(selection.by)) against it")
        }
        return (pairs, choiceNote)
    }

    /// A name from the store or the command line as an error message quotes
    /// it: one line, nothing that steers a terminal.
    static func escaped(_ name: String) -> String { TerminalText.escaped(name) }

    static func isBaseline(_ value: String) -> Bool {
        let words = value.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return words.contains(where: baselineWords.contains)
    }
}
