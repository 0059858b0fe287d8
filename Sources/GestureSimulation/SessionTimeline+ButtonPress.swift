import SeededRandom

extension SessionTimeline {
    /// A UIButton's deliveries for one press, once its `touchesBegan` is
    /// decided: `touchDown` right after it, then `touchesEnded` and
    /// `touchUpInside` when the lift arrives (never before touch-down).
    ///
    /// - Returns: the times of `touchDown` and `touchUpInside`.
    mutating func buttonPress(_ button: String, touchesBegan: Int64, liftArrival: Int64, touch: Int64,
                              rng: inout SeededGenerator) -> (touchDown: Int64, touchUpInside: Int64) {
        let touchDown = touchesBegan + InputDispatch.handlerGap(&rng)
        let touchesEnded = max(liftArrival, touchDown + InputDispatch.handlerGap(&rng))
        let touchUpInside = touchesEnded + InputDispatch.handlerGap(&rng)
        delivery(target: button, event: "touchesBegan", via: "touches", at: touchesBegan, touch: touch)
        delivery(target: button, event: "touchDown", via: "control-event", at: touchDown, touch: touch)
        delivery(target: button, event: "touchesEnded", via: "touches", at: touchesEnded, touch: touch)
        delivery(target: button, event: "touchUpInside", via: "control-event", at: touchUpInside, touch: touch)
        return (touchDown, touchUpInside)
    }
}
