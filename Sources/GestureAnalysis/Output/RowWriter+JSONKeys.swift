extension RowWriter {
    /// The columns' names as keys of a JSON object, each once.
    ///
    /// SQL lets columns share a name (`SELECT percentile(x, 50),
    /// percentile(x, 90)` names both `percentile` on PostgreSQL), and an
    /// object with a key twice loses all but one value in most JSON
    /// readers. A name met again becomes `name_2`, then `name_3`, the first
    /// not taken by another column; names are compared by their bytes, as
    /// JSON compares keys. CSV and tables keep the names as SQL gives them.
    ///
    /// ```swift
    /// RowWriter.jsonKeys(for: ["a", "a", "a_2", "b"])  // ["a", "a_3", "a_2", "b"]
    /// ```
    package static func jsonKeys(for columns: [String]) -> [String] {
        var taken = Set(columns.map { Array($0.utf8) })
        var used = Set<[UInt8]>()
        return columns.map { name in
            if used.insert(Array(name.utf8)).inserted { return name }
            var suffix = 2
            while taken.contains(Array("\(name)_\(suffix)".utf8)) { suffix += 1 }
            let key = "\(name)_\(suffix)"
            taken.insert(Array(key.utf8))
            used.insert(Array(key.utf8))
            return key
        }
    }
}
