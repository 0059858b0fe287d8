extension StreamingDeriver {
    /// Bounds that keep memory flat on captures of any size.
    struct Limits {
        /// Above this many entries a cache of earliest latencies starts over;
        /// the upserts keep the result right. A touch's deliveries come
        /// close together, so a small cache skips nearly every repeat.
        var cache = 4_096
        /// Sessions whose state is kept at once. Recorders write sessions one
        /// after another; when a new one would exceed this, the least
        /// recently active is retired, and a later record of it ends the
        /// one-pass derivation (the stored records are derived again).
        var liveSessions = 64
        /// More records than this naming a touch before its touch-down, and
        /// the reading pass gives up (read back from the store, such a
        /// record looks its down up instead).
        var deferred = 1 << 16
        /// (touch, target) pairs whose starts, ends and cancels are held at
        /// once; above this the oldest touches' pairs are settled (while
        /// reading) or set aside and settled after the import (from the
        /// stored records): see `FalseStartTracker`.
        var startPairs = 16_384
        /// Records of a session held to be put back in time order before
        /// they are derived (`ReorderWindow`); 0 reads them as they come.
        /// A recorder's records are a few out of order; 256 also repairs
        /// runs of a hundred written backwards.
        var reorder = 256
        /// Touch-downs of a session held for their outcome until the
        /// session's time moves past them (`OutcomeTracker`); more and they
        /// are settled at once.
        var heldDowns = 1_024
        /// Targets kept at their frames over the live sessions (for touch
        /// outcomes); above this the least recently active sessions but
        /// the one at hand are retired, as beyond `liveSessions`. A list
        /// declares a target a row: without a bound, sessions one after
        /// another would each keep thousands until the 64th.
        var liveTargets = 16_384
    }
}
