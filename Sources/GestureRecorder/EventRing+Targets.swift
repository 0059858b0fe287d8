import GestureTrace

/// Declaring and moving targets: the table changes under the ring's lock,
/// and a change that is news goes into the buffer as a kept (never
/// dropped) `target` record of the current session.
extension EventRing {
    func declareTarget(_ name: String, className: String?, frame: TargetRect?, hitArea: TargetRect?,
                       atNanos time: Int64) throws(RecorderError) -> RecorderTarget {
        try TargetTable.validateDeclaration(name: name, frame: frame, hitArea: hitArea)
        // Registered before the table's lock is taken (`register` takes it
        // itself); a name registered for a duplicate is harmless, as any
        // registered name is.
        let nameIndex = register(name).index
        let classIndex = className.map { register($0).index } ?? RecorderEvent.noName
        condition.lock()
        defer { condition.unlock() }
        let slot = try targetTable.declare(name: name, nameIndex: nameIndex, classIndex: classIndex, frame: frame,
                                           hitArea: hitArea, atNanos: time)
        appendTargetRecord(slot: slot)
        return RecorderTarget(name: RecorderName(index: nameIndex), slot: slot)
    }

    func updateTarget(_ target: RecorderTarget, frame: TargetRect, hitArea: TargetRect?,
                      atNanos time: Int64) throws(RecorderError) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard targetTable.contains(target) else {
            throw RecorderError(.unknownTarget, "cannot update a target this recorder did not declare")
        }
        guard targetTable.entries[target.slot].isDeclared else {
            throw RecorderError(.unknownTarget, "cannot update target \"\(names[Int(target.name.index)])\": it was removed; declare it again")
        }
        try TargetTable.validate(frame: frame, hitArea: hitArea, verb: "update", name: names[Int(target.name.index)])
        guard targetTable.place(slot: target.slot, frame: frame, hitArea: hitArea, atNanos: time) else { return false }
        appendTargetRecord(slot: target.slot)
        return true
    }

    func removeTarget(_ target: RecorderTarget) {
        condition.lock()
        defer { condition.unlock() }
        guard targetTable.contains(target) else { return }
        _ = targetTable.remove(slot: target.slot)
    }

    func target(named name: String) -> RecorderTarget? {
        condition.lock()
        defer { condition.unlock() }
        guard let slot = targetTable.slot(named: name), targetTable.entries[slot].isDeclared else { return nil }
        return RecorderTarget(name: RecorderName(index: targetTable.entries[slot].name), slot: slot)
    }

    /// Whether the target has a frame (it has been placed).
    func isPlaced(_ target: RecorderTarget) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return targetTable.contains(target) && targetTable.entries[target.slot].frame != nil
    }
}
