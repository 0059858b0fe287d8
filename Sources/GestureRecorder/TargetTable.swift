import GestureTrace

/// The targets declared with a recorder and where each is now, and the
/// decisions about them: which declarations and placements are valid, and
/// which placements are news that a `target` record must say.
///
/// - A placement that repeats the current frame and hit area is not news:
///   an app may call "layout changed" after every layout pass, and only the
///   targets that moved get a record.
/// - A hit area equal to the frame is no hit area (the format gives one
///   only when it differs).
/// - A target declared without a frame (not on screen yet) has no record
///   until it is placed.
/// - A removed target (it left the screen for good) is not written at
///   later session starts; its name may be declared again, and keeps its slot.
///
/// The table outlives recordings, like registered names: an app declares
/// its targets once, and every session starts with a record of each placed one.
struct TargetTable {
    struct Entry: Equatable {
        var name: UInt32
        var className: UInt32
        var frame: TargetRect?
        var hitArea: TargetRect?
        /// When the current frame was measured: the `t` of its record.
        var placedAtNanos: Int64
        /// False once removed, until declared again.
        var isDeclared = true
    }

    private(set) var entries: [Entry] = []
    private var slotsByName: [String: Int] = [:]

    /// The slot of the target declared as `name`, if any.
    func slot(named name: String) -> Int? {
        slotsByName[name]
    }

    /// Checks what a declaration says, before any name is registered for it.
    static func validateDeclaration(name: String, frame: TargetRect?, hitArea: TargetRect?) throws(RecorderError) {
        guard !name.isEmpty else {
            throw RecorderError(.invalidTarget, "cannot declare a target with an empty name; expected the id its deliveries use")
        }
        if hitArea != nil, frame == nil {
            throw RecorderError(.invalidTarget, "cannot declare target \"\(name)\": a hit area was given without a frame")
        }
        try validate(frame: frame, hitArea: hitArea, verb: "declare", name: name)
    }

    /// Adds a validated declaration, unless the name is taken; returns its
    /// slot (a removed target's, when its name is declared again).
    mutating func declare(name: String, nameIndex: UInt32, classIndex: UInt32, frame: TargetRect?,
                          hitArea: TargetRect?, atNanos time: Int64) throws(RecorderError) -> Int {
        let entry = Entry(name: nameIndex, className: classIndex, frame: frame,
                          hitArea: Self.distinct(hitArea, from: frame), placedAtNanos: time)
        if let slot = slotsByName[name] {
            guard !entries[slot].isDeclared else {
                throw RecorderError(.duplicateTarget, "cannot declare target \"\(name)\": a target of that name is already declared; update it instead")
            }
            entries[slot] = entry
            return slot
        }
        entries.append(entry)
        slotsByName[name] = entries.count - 1
        return entries.count - 1
    }

    /// Forgets where a target is: no record at later session starts, until
    /// it is declared again. Returns false when it was removed already.
    mutating func remove(slot: Int) -> Bool {
        guard entries[slot].isDeclared else { return false }
        entries[slot].isDeclared = false
        entries[slot].frame = nil
        entries[slot].hitArea = nil
        return true
    }

    /// The slots of the targets declared now, in order of declaration.
    var declaredSlots: [Int] {
        entries.indices.filter { entries[$0].isDeclared }
    }

    /// Whether `target` is one of this table's (declared now or removed).
    func contains(_ target: RecorderTarget) -> Bool {
        entries.indices.contains(target.slot) && entries[target.slot].name == target.name.index
    }

    /// Moves a target. Returns whether its frame or hit area changed (a
    /// record is then due); an unchanged placement leaves it as it was,
    /// time included.
    mutating func place(slot: Int, frame: TargetRect, hitArea: TargetRect?, atNanos time: Int64) -> Bool {
        let hitArea = Self.distinct(hitArea, from: frame)
        guard entries[slot].frame != frame || entries[slot].hitArea != hitArea else { return false }
        entries[slot].frame = frame
        entries[slot].hitArea = hitArea
        entries[slot].placedAtNanos = time
        return true
    }

    /// The events of a `target` record of the target in `slot` as it is
    /// now: the record and, with a hit area, its continuation. Nil while
    /// it has no frame.
    func events(slot: Int) -> (record: RecorderEvent, hitArea: RecorderEvent?)? {
        let entry = entries[slot]
        guard let frame = entry.frame else { return nil }
        let record = RecorderEvent(kind: .target, name: entry.name, secondName: entry.className,
                                   timeNanos: entry.placedAtNanos, x: frame.x, y: frame.y, radius: frame.width,
                                   force: frame.height)
        let hitArea = entry.hitArea.map {
            RecorderEvent(kind: .targetHitArea, name: entry.name, timeNanos: entry.placedAtNanos, x: $0.x, y: $0.y,
                          radius: $0.width, force: $0.height)
        }
        return (record, hitArea)
    }

    /// A frame and hit area the format can hold: finite numbers, sizes
    /// above 0. Checked without allocating; the message is made only for
    /// a refusal.
    static func validate(frame: TargetRect?, hitArea: TargetRect?, verb: String,
                         name: @autoclosure () -> String) throws(RecorderError) {
        if frame.map(isUsable) ?? true, hitArea.map(isUsable) ?? true { return }
        for (what, rect) in [("frame", frame), ("hit area", hitArea)] {
            guard let rect, !isUsable(rect) else { continue }
            for (field, value) in [("x", rect.x), ("y", rect.y)] where !value.isFinite {
                throw RecorderError(.invalidTarget, "cannot \(verb) target \"\(name())\": its \(what)'s \(field) is \(value); expected a finite number of points")
            }
            for (field, value) in [("width", rect.width), ("height", rect.height)] where !(value.isFinite && value > 0) {
                throw RecorderError(.invalidTarget, "cannot \(verb) target \"\(name())\": its \(what)'s \(field) is \(value); expected a finite number of points above 0")
            }
        }
    }

    /// Whether a rectangle can be a frame or hit area: finite numbers, sizes above 0.
    static func isUsable(_ rect: TargetRect) -> Bool {
        rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite
            && rect.width > 0 && rect.height > 0
    }

    private static func distinct(_ hitArea: TargetRect?, from frame: TargetRect?) -> TargetRect? {
        hitArea == frame ? nil : hitArea
    }
}
