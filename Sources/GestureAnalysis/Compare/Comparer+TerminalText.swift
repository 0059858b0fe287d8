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

extension Comparer.Run {
    /// The run with every name escaped for a terminal: the split, its
    /// filters, the groups' labels and the notes that quote them.
    var escapedForTerminal: Comparer.Run {
        var copy = self
        copy.request = request.escapedForTerminal
        copy.choiceNote = choiceNote.map(TerminalText.escaped)
        copy.comparisons = comparisons.map { comparison in
            var comparison = comparison
            escape(&comparison.a.label, &comparison.b.label, notes: &comparison.dropNotes)
            return comparison
        }
        return copy
    }
}

extension Comparer.ProportionRun {
    /// The run with every name escaped for a terminal, as ``Comparer/Run/escapedForTerminal``.
    var escapedForTerminal: Comparer.ProportionRun {
        var copy = self
        copy.request = request.escapedForTerminal
        copy.choiceNote = choiceNote.map(TerminalText.escaped)
        copy.comparisons = comparisons.map { comparison in
            var comparison = comparison
            escape(&comparison.a.label, &comparison.b.label, notes: &comparison.dropNotes)
            comparison.valuesFound = comparison.valuesFound?.map(TerminalText.escaped)
            return comparison
        }
        return copy
    }
}

/// Escapes a comparison's two labels and its notes in place.
private func escape(_ labelA: inout String, _ labelB: inout String, notes: inout [String]) {
    labelA = TerminalText.escaped(labelA)
    labelB = TerminalText.escaped(labelB)
    notes = notes.map(TerminalText.escaped)
}
