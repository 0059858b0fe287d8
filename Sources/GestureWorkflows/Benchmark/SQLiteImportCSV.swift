import GestureSimulation
import GestureAnalysis
import GestureTrace

/// The same records as a capture, flattened to one headerless CSV file per
/// table, for the yardstick: `sqlite3 .import`, which parses no JSON and
/// validates nothing. Every field a record of the mixes carries has a
/// column (a session's config, device and start time aside, one row a
/// session), so the yardstick loads what the import stores.
struct SQLiteImportCSV {
    static let tables: [(name: String, columns: String)] = [
        ("session", "session TEXT, experiment TEXT, variant TEXT"),
        ("touch_sample", "session TEXT, touch INTEGER, t_ns INTEGER, phase TEXT, x REAL, y REAL, radius REAL, "
            + "force REAL, kind TEXT, hit TEXT"),
        ("transition", "session TEXT, recognizer TEXT, to_state TEXT, t_ns INTEGER, from_state TEXT, class TEXT"),
        ("delivery", "session TEXT, t_ns INTEGER, target TEXT, event TEXT, via TEXT, touch INTEGER"),
        ("frame", "session TEXT, t_ns INTEGER"),
        ("target", "session TEXT, target TEXT, t_ns INTEGER, x REAL, y REAL, w REAL, h REAL, hit_x REAL, hit_y REAL, "
            + "hit_w REAL, hit_h REAL, class TEXT"),
        ("dropped", "session TEXT, count INTEGER, t_ns INTEGER"),
    ]

    /// Writes `<directory>/<table>.csv` for every table; returns the rows written.
    static func write(_ records: some Sequence<TraceRecord>, to directory: String) throws -> Int {
        var outputs: [String: TextOutput] = [:]
        for table in tables {
            outputs[table.name] = try TextOutput(path: "\(directory)/\(table.name).csv")
        }
        var rows = 0
        for record in records {
            rows += 1
            switch record {
            case .session(let session):
                try outputs["session"]!.write(line(session.id, session.experiment, session.variant))
            case .touch(let touch):
                try outputs["touch_sample"]!.write(line(touch.session, "\(touch.touch)", "\(touch.timeNanos)",
                                                        touch.phase.rawValue, "\(touch.x)", "\(touch.y)",
                                                        optional(touch.radius), optional(touch.force),
                                                        touch.kind?.rawValue ?? "", touch.hit ?? ""))
            case .transition(let transition):
                try outputs["transition"]!.write(line(transition.session, transition.recognizer, transition.to.rawValue,
                                                      "\(transition.timeNanos)", transition.from?.rawValue ?? "",
                                                      transition.recognizerClass ?? ""))
            case .delivery(let delivery):
                try outputs["delivery"]!.write(line(delivery.session, "\(delivery.timeNanos)", delivery.target,
                                                    delivery.event, delivery.via, delivery.touch.map { "\($0)" } ?? ""))
            case .frame(let frame):
                try outputs["frame"]!.write(line(frame.session, "\(frame.timeNanos)"))
            case .target(let target):
                let area = target.hitArea
                try outputs["target"]!.write(line(target.session, target.target, "\(target.timeNanos)",
                                                  "\(target.frame.x)", "\(target.frame.y)", "\(target.frame.width)",
                                                  "\(target.frame.height)", optional(area?.x), optional(area?.y),
                                                  optional(area?.width), optional(area?.height),
                                                  target.targetClass ?? ""))
            case .dropped(let dropped):
                try outputs["dropped"]!.write(line(dropped.session, "\(dropped.count)", "\(dropped.timeNanos)"))
            }
        }
        for output in outputs.values { try output.flush() }
        return rows
    }

    private static func optional(_ number: Double?) -> String { number.map { "\($0)" } ?? "" }

    private static func line(_ fields: String...) -> String {
        fields.map(CSVField.encode).joined(separator: ",") + "\n"
    }

    /// The sqlite3 shell script that loads the files into plain tables.
    static func script(directory: String) -> String {
        var script = ".bail on\n"
        for table in tables {
            script += "CREATE TABLE \(table.name) (\(table.columns));\n"
        }
        for table in tables {
            script += ".import --csv \(directory)/\(table.name).csv \(table.name)\n"
        }
        return script
    }
}
