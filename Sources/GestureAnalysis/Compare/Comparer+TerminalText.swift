import GestureTrace

// The text tables of `compare` print names read from captures (values of
// the split, filters, labels in notes). Each goes through `TerminalText`
// once, here, before the table is laid out, so a capture cannot break a
// line, recolour the terminal or reorder what it shows; JSON and CSV keep
// the exact names.

extension ComparisonSelection {
    /// The selection with every name escaped for a terminal.
    var escapedForTerminal: ComparisonSelection {
        var copy = self
        copy.by = TerminalText.escaped(by)
        (copy.target, copy.event, copy.via) = (target.map(TerminalText.escaped), event.map(TerminalText.escaped),
                                               via.map(TerminalText.escaped))
        (copy.region, copy.experiment, copy.variant) = (region.map(TerminalText.escaped),
                                                        experiment.map(TerminalText.escaped),
                                                        variant.map(TerminalText.escaped))
        return copy
    }
}

extension Comparer.Request {
    /// The request with every name escaped for a terminal.
    var escapedForTerminal: Comparer.Request {
        var copy = self
        copy.selection = selection.escapedForTerminal
        (copy.a, copy.b) = (a.map(TerminalText.escaped), b.map(TerminalText.escaped))
        return copy
    }
}

/// What the two kinds of run share: the request, how A was chosen, and
/// their comparisons.
protocol ComparerRun {
    associatedtype Compared
    var request: Comparer.Request { get set }
    var choiceNote: String? { get set }
    var comparisons: [Compared] { get set }
}

extension ComparerRun {
    /// The run with its request and choice escaped for a terminal, and
    /// each comparison by `escape`.
    func escaped(_ escape: (inout Compared) -> Void) -> Self {
        var copy = self
        copy.request = request.escapedForTerminal
        copy.choiceNote = choiceNote.map(TerminalText.escaped)
        copy.comparisons = comparisons.map { comparison in
            var comparison = comparison
            escape(&comparison)
            return comparison
        }
        return copy
    }
}

extension Comparer.Run: ComparerRun {
    /// The run with every name escaped for a terminal: the split, its
    /// filters, the groups' labels and the notes that quote them.
    var escapedForTerminal: Comparer.Run {
        escaped { escape(&$0.a.label, &$0.b.label, notes: &$0.dropNotes) }
    }
}

extension Comparer.ProportionRun: ComparerRun {
    /// The run with every name escaped for a terminal, as ``Comparer/Run/escapedForTerminal``,
    /// and the values found when a group was empty.
    var escapedForTerminal: Comparer.ProportionRun {
        escaped { comparison in
            escape(&comparison.a.label, &comparison.b.label, notes: &comparison.dropNotes)
            comparison.valuesFound = comparison.valuesFound?.map(TerminalText.escaped)
        }
    }
}

/// Escapes a comparison's two labels and its notes in place.
private func escape(_ labelA: inout String, _ labelB: inout String, notes: inout [String]) {
    labelA = TerminalText.escaped(labelA)
    labelB = TerminalText.escaped(labelB)
    notes = notes.map(TerminalText.escaped)
}
