/// The frames a session's display presents: every refresh inside the spans
/// during which the app is changing what is on screen, produced lazily in
/// time order.
///
/// Spans are kept as refresh indices on the display's grid, so overlapping
/// requests (a drag, then the momentum animation after it) present each
/// refresh once, and an animation can be cut short by a later touch before
/// its frames are written.
struct FrameTrack {
    /// The time of refresh 0.
    let origin: Int64
    let rate: Int
    /// Disjoint, sorted, all at or after `nextIndex`.
    private var spans: [ClosedRange<Int64>] = []
    /// Refreshes before this one have been written or skipped for good.
    private var nextIndex: Int64 = 0

    init(origin: Int64, rate: Int) {
        self.origin = origin
        self.rate = rate
    }

    func time(ofIndex index: Int64) -> Int64 {
        SimulatedTime.tick(index, rate: rate, from: origin)
    }

    /// The first refresh at or after `time`.
    func index(atOrAfter time: Int64) -> Int64 {
        guard time > origin else { return 0 }
        var index = (time - origin) * Int64(rate) / 1_000_000_000
        while self.time(ofIndex: index) < time { index += 1 }
        while index > 0, self.time(ofIndex: index - 1) >= time { index -= 1 }
        return index
    }

    /// The last refresh at or before `time` (−1 when `time` precedes refresh 0).
    func index(atOrBefore time: Int64) -> Int64 {
        let after = index(atOrAfter: time)
        return self.time(ofIndex: after) == time ? after : after - 1
    }

    /// Presents every refresh from the first at or after `start` through the
    /// first at or after `end`: a change made at `end` is on screen at that refresh.
    mutating func present(from start: Int64, through end: Int64) {
        let lower = max(index(atOrAfter: start), nextIndex)
        let upper = index(atOrAfter: max(start, end))
        guard lower <= upper else { return }
        var merged = lower...upper
        var kept: [ClosedRange<Int64>] = []
        kept.reserveCapacity(spans.count + 1)
        for span in spans {
            if span.upperBound + 1 < merged.lowerBound || merged.upperBound + 1 < span.lowerBound {
                kept.append(span)
            } else {
                merged = min(span.lowerBound, merged.lowerBound)...max(span.upperBound, merged.upperBound)
            }
        }
        let position = kept.firstIndex { $0.lowerBound > merged.upperBound } ?? kept.endIndex
        kept.insert(merged, at: position)
        spans = kept
    }

    /// Drops every frame later than `time`: the animation stopped there.
    mutating func stop(after time: Int64) {
        let last = index(atOrBefore: time)
        spans = spans.compactMap { span in
            span.lowerBound > last ? nil : span.lowerBound...min(span.upperBound, last)
        }
    }

    /// The time of the next frame to write, if any.
    var nextTime: Int64? {
        spans.first.map { time(ofIndex: $0.lowerBound) }
    }

    /// The time of the last frame still to write, if any.
    var lastTime: Int64? {
        spans.last.map { time(ofIndex: $0.upperBound) }
    }

    /// Frames still to write.
    var pendingCount: Int {
        spans.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound + 1) }
    }

    /// Removes the next frame and returns its time.
    mutating func removeNext() -> Int64? {
        guard let first = spans.first else { return nil }
        let index = first.lowerBound
        if first.lowerBound == first.upperBound {
            spans.removeFirst()
        } else {
            spans[0] = (index + 1)...first.upperBound
        }
        nextIndex = index + 1
        return time(ofIndex: index)
    }
}
