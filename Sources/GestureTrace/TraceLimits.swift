/// Bounds the capture format puts on what one capture may hold.
public enum TraceLimits {
    /// The longest string a capture may hold, as a value or as a key of
    /// `config` or `kinds`, in bytes of UTF-8 after JSON escapes are decoded:
    /// session ids, experiments, variants, configuration keys and values,
    /// recognizer, target, event and channel names, classes, `hit`, device
    /// fields, the recorder's name.
    ///
    /// A bound, because the shared store keeps these names in B-tree indexes,
    /// whose entries PostgreSQL caps at 2,704 bytes (a third of an 8 KB
    /// page); its widest, the primary key of `response`, holds three names
    /// (target, event, channel) beside two 8-byte integers: three names of
    /// 888 bytes fill an entry, 889 overflow it. Longer names are refused
    /// when the capture is read, on either engine, rather than stored in a
    /// SQLite store that could then never be pushed.
    public static let maxTextBytes = 512

    /// Why, in the refusal's words.
    public static let rule = "names and labels are bounded so that the shared store's indexes can hold them"
}
