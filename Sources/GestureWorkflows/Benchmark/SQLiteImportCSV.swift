import GestureSimulation
import GestureAnalysis
import GestureTrace

/// The same records as a capture, flattened to one headerless CSV file per
/// table, for the yardstick: `sqlite3 .import`, which parses no JSON and
/// validates nothing.
struct SQLiteImportCSV {
    static let tables: [(name: String, columns: String)] = [
        ("session", "session TEXT, experiment TEXT, variant TEXT"),
        ("touch_sample", "session TEXT, touch INTEGER, t_ns INTEGER, phase TEXT, x REAL, y REAL"),
        ("transition", "session TEXT, recognizer TEXT, to_state TEXT, t_ns INTEGER, from_state TEXT, class TEXT"),
        ("delivery", "session TEXT, t_ns INTEGER, target TEXT, event TEXT, via TEXT, touch INTEGER"),
        ("frame", "session TEXT, t_ns INTEGER"),
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
                                                        touch.phase.rawValue, "\(touch.x)", "\(touch.y)"))
            case .transition(let transition):
                try outputs["transition"]!.write(line(transition.session, transition.recognizer, transition.to.rawValue,
                                                      "\(transition.timeNanos)", transition.from?.rawValue ?? "",
                                                      transition.recognizerClass ?? ""))
            case .delivery(let delivery):
                try outputs["delivery"]!.write(line(delivery.session, "\(delivery.timeNanos)", delivery.target,
                                                    delivery.event, delivery.via, delivery.touch.map { "\($0)" } ?? ""))
            case .frame(let frame):
                try outputs["frame"]!.write(line(frame.session, "\(frame.timeNanos)"))
            case .dropped, .target:
                rows -= 1  // the simulator never drops; the baseline has no table for it
            }
        }
        for output in outputs.values { try output.flush() }
        return rows
    }

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
