/// Every number the simulator uses, each with where it comes from.
///
/// Sources are the reports listed in docs/sources.md (by their short names), Apple's
/// documentation and specifications, or a public measurement. A value nobody
/// has published is marked `Assumption:` with the reasoning behind it, so an
/// analysis of simulated captures can tell a modelled effect from a guess.
/// Durations are nanoseconds (`Int64`) or milliseconds (`Double`, named `…Millis`).
enum SimulationParameters {
    // MARK: Devices

    /// iPhone 14 Pro: 1179 × 2556 px at 3× is 393 × 852 pt, ProMotion up to
    /// 120 Hz (Apple, iPhone 14 Pro technical specifications).
    static let iPhone = DeviceProfile(
        model: "iPhone15,2", os: "iOS 17.5", screenWidth: 393, screenHeight: 852, scale: 3,
        refreshRate: 120)

    /// iPad Pro 12.9-inch (5th generation): 2048 × 2732 px at 2× is
    /// 1024 × 1366 pt, ProMotion up to 120 Hz (Apple, technical specifications).
    static let iPad = DeviceProfile(
        model: "iPad13,8", os: "iPadOS 17.5", screenWidth: 1024, screenHeight: 1366, scale: 2,
        refreshRate: 120)

    /// Touch samples of a moving finger arrive at 120 Hz, 8.333 ms apart.
    /// Instant Pan 2023 counts time in frames of "a 120 Hz device"; Assumption: UIKit
    /// delivers a ProMotion display's touches once per refresh, so the sample
    /// rate equals the refresh rate.
    static let touchSampleRate = 120

    // MARK: Input dispatch (every experiment)

    /// Median time from a touch's hardware timestamp (`UITouch.timestamp`) to
    /// UIKit handing the event to the app. Google's WALT measured the same hop
    /// on Android, kernel timestamp to app, at 1.1–3.3 ms on seven devices
    /// (WALT docs/TapLatency.md); Assumption: iOS is alike, nobody published it.
    static let dispatchMedianMillis = 2.5
    /// Log-normal σ of that time. Assumption: σ 0.45 puts p90 near 4.4 ms and
    /// p99 near 7 ms, the heavy right tail of scheduling delays.
    static let dispatchLogSigma = 0.45
    /// Chance that the main thread is busy when an event arrives. Assumption:
    /// a few percent of events hit a hitch in an ordinary app.
    static let hitchProbability = 0.03
    /// A hitch adds one to four frames at 120 Hz. Assumption: main-thread
    /// stalls come in whole missed frames, 8.3–33 ms.
    static let hitchMillis = 1000.0 / 120 ... 4000.0 / 120
    /// Between two calls UIKit makes for the same event, e.g. `touchesBegan`
    /// then `sendActions(for: .touchDown)`. Assumption: synchronous calls on
    /// one thread, tens to hundreds of microseconds apart.
    static let handlerGapMillis = 0.02...0.2
    /// A change made in a handler reaches the screen at the first refresh at
    /// least one frame after the handler ran. Assumption: Core Animation
    /// commits at the next refresh and the render server presents it one later.
    static let framesToPresent = 1

    // MARK: System gesture gate at screen edges (Kulman 2019, useyourloaf 2017)

    /// Height of the bottom band in which the system gesture gate holds
    /// touches back. Assumption: Kulman 2019 says only "at the bottom of the
    /// screen"; 20 pt is the store's edge margin, so gated touches are exactly
    /// those the analysis calls `bottom`.
    static let edgeBandPoints = 20.0
    /// How long the gate holds a touch at the bottom edge without deferral.
    /// Kulman 2019: "a delay of about 1 second". Assumption: spread uniformly over
    /// 0.5–1.0 s, since the report gives one rough figure and no spread.
    static let edgeGateMillis = 500.0...1000.0
    /// Share of record-button touches made with the keyboard hidden, when the
    /// button sits in the bottom-right corner (Kulman 2019's two screenshots).
    /// Assumption: half and half, so both regions get equal samples.
    static let bottomTouchFraction = 0.5
    /// The record button's side. Apple's Human Interface Guidelines: hit
    /// targets at least 44 × 44 pt.
    static let buttonPoints = 44.0
    /// Height of the keyboard that lifts the button off the edge in Kulman 2019's
    /// second screenshot. Assumption: about 336 pt, the portrait keyboard with
    /// its suggestion bar on a 6.1-inch iPhone; only "well clear of the edge" matters.
    static let keyboardPoints = 336.0
    /// How long a voice-message recording is held. Kulman 2019 records while the
    /// button is held; Assumption: log-normal, median 2 s, σ 0.5.
    static let holdMedianMillis = 2000.0
    static let holdLogSigma = 0.5
    /// Chance that a held finger's 120 Hz sample moved enough to be reported.
    /// Assumption: a resting thumb drifts now and then, not every sample.
    static let holdJitterSampleProbability = 0.15
    /// Standard deviation of that drift per reported sample, in points. Assumption.
    static let holdJitterPoints = 0.4
    /// The button's recording state fades out this long after release, a
    /// frame on every refresh. Assumption: a short fade; while held the
    /// state is static, so the display presents no frames then.
    static let releaseAnimationMillis = 200.0

    // MARK: Target-action behind the gate (Instant Pan 2023)

    /// Target-action delivery of an instant pan's `.began` lags the state
    /// change on iPad and near the home indicator. Instant Pan 2023: "about 0.75
    /// seconds". Assumption: normal around 750 ms with σ 25 ms, cut at ±3σ.
    static let targetActionGateMeanMillis = 750.0
    static let targetActionGateSigmaMillis = 25.0
    /// A KVO observer of `state` hears the change at once (Instant Pan 2023).
    /// Assumption: KVO fires inside the state setter, 0.05–0.5 ms later.
    static let observerDelayMillis = 0.05...0.5
    /// Target-action where no gate applies. Assumption: sent after the
    /// recognizer's event processing in the same run-loop turn, 0.2–3 ms.
    static let promptTargetActionMillis = 0.2...3.0
    /// Actions queued behind the gate go out back to back when it opens.
    /// Assumption: 20–100 µs apart, and in state order.
    static let queuedActionGapMillis = 0.02...0.1
    /// Share of pan touches in the iPhone's home-indicator band (the bottom
    /// `edgeBandPoints`). Assumption: a third, enough for a clear comparison.
    static let panBottomTouchFraction = 0.3
    /// Share of pan touches that drag (flick the box); the rest grab and let go.
    /// Assumption: Instant Pan 2023's box is flicked and caught in flight about equally often.
    static let dragFraction = 0.6
    /// How long a flick's finger moves. Assumption: log-normal, median 250 ms, σ 0.4.
    static let dragMedianMillis = 250.0
    static let dragLogSigma = 0.4
    /// Finger speed of a flick, points per millisecond. Assumption: a few
    /// hundred points in a quarter second.
    static let dragSpeedPointsPerMilli = 0.4...1.6
    /// How long a grab without movement is held. Assumption: log-normal,
    /// median 100 ms, σ 0.35, a quick tap.
    static let grabMedianMillis = 100.0
    static let grabLogSigma = 0.35
    /// The box keeps moving this long after a flick. Instant Pan 2023:
    /// `UIViewPropertyAnimator(duration: 1.5, curve: .linear)`; a new touch stops it.
    static let momentumMillis = 1500.0

    // MARK: Scroll view content touches (UIButton highlight, WWDC 2014)

    /// `delaysContentTouches` holds `touchesBegan` back until this timer fires
    /// or the touch ends. WWDC 2014: the touch-delay recognizer's
    /// `Timer` of 0.15 s, failing on `touchesEnded`; UIButton highlight: "delay … Ms".
    static let contentTouchDelayMillis = 150.0
    /// How long a button in the scroll view is pressed. Assumption: log-normal,
    /// median 180 ms, σ 0.4: deliberate presses, about a third of them
    /// shorter than 150 ms, which are delivered at lift (UIButton highlight's "never
    /// see the highlighted state" when clicking quickly).
    static let pressMedianMillis = 180.0
    static let pressLogSigma = 0.4
    /// Share of touches that scroll instead of pressing. Assumption: a quarter.
    static let scrollFraction = 0.25
    /// A finger rests this long before a scroll starts moving. Assumption.
    static let scrollRestMillis = 0.0...40.0
    /// The scroll view's pan begins once the finger moved this far.
    /// Assumption: about 10 pt; Apple does not document the hysteresis.
    static let panHysteresisPoints = 10.0
    /// Finger speed of a scroll, points per millisecond. Assumption.
    static let scrollSpeedPointsPerMilli = 0.6...2.5
    /// How long a scroll's finger moves. Assumption: log-normal, median 180 ms, σ 0.35.
    static let scrollMedianMillis = 180.0
    static let scrollLogSigma = 0.35
    /// `UIScrollView.DecelerationRate.normal`, velocity kept per millisecond
    /// (Apple documentation; used per millisecond in WWDC 2018 "Designing
    /// Fluid Interfaces", the talk Instant Pan 2023 quotes).
    static let decelerationRatePerMilli = 0.998
    /// Deceleration ends below this speed, points per millisecond.
    /// Assumption: about half a point per 120 Hz frame.
    static let decelerationStopSpeed = 0.06
    /// A button's highlight fades out this long after release. Assumption.
    static let unhighlightMillis = 150.0

    // MARK: Small targets and enlarged hit areas (WWDC 2014, Parhi 2006)

    /// Points per millimetre of glass on the iPhone 14 Pro: 460 pixels per
    /// inch at 3 pixels per point (Apple, technical specifications), so
    /// 460 / 25.4 / 3 ≈ 6.04 pt/mm.
    static let pointsPerMillimetre = 460.0 / 25.4 / 3
    /// Standard deviation, per axis, of where a thumb lands around the
    /// centre of the icon it aims at. Parhi 2006: targets of 9.2 mm are
    /// "sufficiently large" for one-handed thumb taps on single targets.
    /// Assumption: "sufficiently large" means 95 % of touch-downs land inside
    /// a 9.2 mm square, with independent normal scatter on each axis, so
    /// (2Φ(4.6 mm / σ) − 1)² = 0.95 gives σ = 9.2 mm / (2 · 2.2365) ≈ 2.06 mm
    /// ≈ 12.4 pt. A 28 pt icon then catches about 55 % of taps, a 44 pt area about 85 %.
    static let aimSigmaPoints = 9.2 * pointsPerMillimetre / (2 * 2.2365)
    /// The icons' visible size. Assumption: a row of 28 pt toolbar glyphs,
    /// inside the 24–30 pt range common for icon buttons and well under the
    /// 44 pt the Human Interface Guidelines ask for.
    static let iconPoints = 28.0
    /// The enlarged hit area: 44 × 44 pt centred on the icon (Human
    /// Interface Guidelines' minimum hit target; WWDC 2014 enlarges small
    /// views to at least 22 pt around their centre in `point(inside:with:)`).
    static let enlargedHitPoints = 44.0
    /// Centre-to-centre spacing of the icons. Assumption: 38 pt, a compact
    /// row in which neighbouring 44 pt areas overlap by 6 pt, so the
    /// hit-test sometimes picks a neighbour over the icon nearest the finger.
    static let iconSpacingPoints = 38.0
    /// Icons in the row. Assumption.
    static let iconCount = 5
    /// The row's centre is this far below the top of the screen. Assumption:
    /// a toolbar under the navigation bar, clear of the edge bands.
    static let iconRowCentrePoints = 110.0
    /// How long an icon tap is held. Assumption: log-normal, median 100 ms,
    /// σ 0.35, as for a grab (a quick tap).
    static let tapMedianMillis = 100.0
    static let tapLogSigma = 0.35

    // MARK: A touch-delay recognizer in front of draggable dots (WWDC 2014)

    /// The touch-delay recognizer fails after this long, letting the held
    /// `touchesBegan` through. WWDC 2014: a `Timer` of 0.15 s and
    /// `delaysTouchesBegan = true`, like the one inside a scroll view.
    static let touchDelayTimerMillis = 150.0
    /// The dots' side. Assumption: 40 pt circles, touched inside their frame.
    static let dotPoints = 40.0
    /// The dots sit on a grid of this many columns and rows. Assumption.
    static let dotColumns = 3
    static let dotRows = 4
    /// Centre-to-centre spacing of the grid, and the grid's top-left centre. Assumption.
    static let dotSpacingPoints = 110.0
    static let dotGridOrigin = (x: 86.0, y: 220.0)
    /// Share of touches that are slow swipes across the canvas starting on
    /// a dot (to pull the drawer), the rest grabbing a dot to drag it.
    /// Assumption: half and half.
    static let swipeFraction = 0.5
    /// Finger speed of a slow swipe, points per millisecond. Assumption:
    /// log-normal, median 0.12 pt/ms, σ 0.5: the deliberate swipes WWDC 2014
    /// describes, slow enough that the pan's hysteresis sometimes takes
    /// longer than the touch delay's 150 ms.
    static let slowSwipeMedianSpeed = 0.12
    static let slowSwipeLogSigma = 0.5
    /// How long a swipe's finger moves. Assumption: log-normal, median
    /// 300 ms, σ 0.3, and at least until the pan has begun.
    static let swipeMedianMillis = 300.0
    static let swipeLogSigma = 0.3
    /// A long press begins after this hold (UILongPressGestureRecognizer's
    /// default `minimumPressDuration`, Apple documentation).
    static let longPressMillis = 500.0
    /// After the long press begins the person starts dragging within this
    /// many milliseconds. Assumption.
    static let dragReactionMillis = 80.0...250.0
    /// A dragged dot moves at this speed, points per millisecond, for a
    /// log-normal time (median 250 ms, σ 0.4): `dragMedianMillis` and
    /// `dragLogSigma` above. Assumption.
    static let dotDragSpeedPointsPerMilli = 0.2...0.6
    /// A dropped dot settles over this animation (WWDC 2014's `UIView.animate(withDuration: 0.2)`).
    static let dropAnimationMillis = 200.0

    // MARK: Screen layout (where fingers land)

    /// The record button's right edge is this far from the screen's right
    /// edge. Assumption: a trailing margin as in Kulman 2019's screenshot, close
    /// enough that some touches fall in the right band too.
    static let recordButtonInsetPoints = 6.0
    /// Gap between the raised record button and the keyboard. Assumption.
    static let keyboardGapPoints = 8.0
    /// Instant Pan 2023's box is touched anywhere this far inside the left and right
    /// screen edges. Assumption.
    static let boxSideInsetPoints = 40.0
    /// Away from the bottom band the box is touched between these distances
    /// from the top and the bottom of the screen. Assumption: below the
    /// status bar, above the home indicator.
    static let boxTopInsetPoints = 100.0
    static let boxBottomInsetPoints = 120.0
    /// A flick's heading wanders from horizontal by this σ, in radians. Assumption.
    static let flickHeadingSigma = 0.15
    /// Cell buttons span this range of distances from the screen's right
    /// edge. Assumption: a trailing accessory button.
    static let cellButtonInsetPoints = 30.0...90.0
    /// Scroll view rows are touched this far from the top and bottom.
    /// Assumption: below a navigation bar, above a tab bar; clear of the bottom band.
    static let cellRowsInsetPoints = 160.0
    /// A scrolling thumb lifts when it gets this close to the top or bottom. Assumption.
    static let scrollMarginPoints = 60.0
    /// A vertical scroll drifts sideways by this fraction of its travel. Assumption.
    static let scrollDriftRatio = 0.02

    // MARK: Between sessions (SessionConditions)

    /// Spread of the input dispatch median between device units of one
    /// model, as a log-normal σ. Assumption: units of one model differ by
    /// about ±20 % (flash wear, battery health, OS state); nobody publishes
    /// per-unit touch dispatch figures.
    static let sessionDeviceLogSigma = 0.2
    /// Share of sessions recorded on a warm device. Apple's
    /// `ProcessInfo.ThermalState` documentation: at `.serious` "system
    /// performance is impacted"; Assumption: one session in five of a lab
    /// day runs warm (a device left charging, a long previous session).
    static let warmSessionProbability = 0.2
    /// A warm device dispatches this much slower. Assumption: throttled CPU
    /// clocks stretch the main thread's work by about half.
    static let warmDispatchScale = 1.5
    /// … and hitches this many times as often. Assumption.
    static let warmHitchScale = 3.0
    /// Spread of the hitch probability between sessions (background load:
    /// sync, indexing, other apps), as a log-normal σ. Assumption: a factor
    /// of about two either way between a quiet and a busy session.
    static let sessionLoadLogSigma = 0.7
    /// Spread between people of how long they hold a press or a grab, as a
    /// log-normal σ. Assumption: people's tap durations differ by about a
    /// quarter either way; it matters where a press shorter than a timer
    /// is delivered at lift (content touches).
    static let sessionPersonLogSigma = 0.25
    /// Spread between people of how far their taps land from the aim point,
    /// as a log-normal σ on the scatter. Assumption: some people are about a
    /// fifth more or less accurate than others.
    static let sessionAimLogSigma = 0.2
    /// Spread between people of how fast they swipe, as a log-normal σ. Assumption.
    static let sessionSwipeSpeedLogSigma = 0.25

    // MARK: Sessions

    /// Device uptime (the `t` clock) when the day's first session starts.
    /// Assumption: a device booted some minutes before the experiment.
    static let uptimeAtFirstSessionSeconds: Int64 = 1000
    /// Wall-clock start of the day's first session, 2024-06-03T09:00:00Z.
    /// Assumption: any fixed date keeps captures reproducible; iOS 17.5 was current then.
    static let firstSessionEpochSeconds: Int64 = 1_717_405_200
    /// Time from a session's start to its first touch. Assumption.
    static let leadInMillis = 1500.0...4000.0
    /// Pause between one interaction settling and the next touch-down.
    /// Assumption: log-normal, median 0.8 s, σ 0.4.
    static let thinkMedianMillis = 800.0
    static let thinkLogSigma = 0.4
    /// Time between sessions while the experimenter switches variant.
    /// Assumption: half a minute to two minutes.
    static let sessionGapMillis = 30_000.0...120_000.0
    /// Touch positions are kept to 0.01 pt. Assumption: finer than any
    /// screen's pixel and short in text.
    static let positionResolution = 0.01
}
