import ComponentSupport
import Timing

extension NavController {
    /// The bar's visibility at `time`: 1 shown, 0 hidden (slid up out of the frame).
    func barVisibility(at time: Double, in timeline: Timeline) -> Double {
        if let link = barLink, isTransitioning {
            return link.visibility(atProgress: Self.progress(of: layer, at: time, in: timeline))
        }
        return Self.barVisibility(of: layer, at: time, in: timeline)
    }

    /// The visibility property of the controller's layer `layer` at `time` (what the bar shows
    /// outside a transition that moves it).
    static func barVisibility(of layer: LayerID, at time: Double, in timeline: Timeline) -> Double {
        timeline.presentationScalar(NavController.barKey, of: layer, at: time) ?? 1
    }

    /// setNavigationBarHidden:animated:. Unchanged: nothing happens. Animated during a
    /// transition: the bar moves with the transition's progress (UIKit animates it alongside the
    /// transition, interactively during a pop gesture). Animated otherwise: over
    /// UINavigationControllerHideShowBarDuration. Not animated: at once.
    mutating func setBarHidden(
        _ hidden: Bool, animated: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        guard hidden != barHidden else { return }
        let current = barVisibility(at: time, in: timeline)
        barHidden = hidden
        emit(.bar(hidden: hidden, animated: animated), at: time, into: &events)
        let target = hidden ? 0.0 : 1.0
        timeline.removeAnimation(forKey: NavController.barAnimationKey, from: layer, at: time)
        if animated, transition != nil {
            // Linked at the transition's start (viewWillAppear runs when progress is 0).
            timeline.setModel(.scalar(target), for: NavController.barKey, of: layer)
            barLink = BarLink(from: current, to: target)
        } else if animated {
            barLink = nil
            let animation = Animation.basic(
                NavController.barKey, from: .scalar(current), to: .scalar(target),
                duration: NavMetrics.barHideShowDuration, timingFunction: .easeInEaseOut)
            timeline.setModel(.scalar(target), for: NavController.barKey, of: layer)
            timeline.add(animation, forKey: NavController.barAnimationKey, to: layer, at: time)
        } else {
            barLink = nil
            timeline.setModel(.scalar(target), for: NavController.barKey, of: layer)
        }
    }

    /// At a transition's end the linked bar keeps where the transition left it: the link's end
    /// when it finished, its start when it was cancelled (the bar reverses with the screens).
    mutating func foldBarLink(finished: Bool, timeline: inout Timeline) {
        guard let link = barLink else { return }
        barLink = nil
        timeline.setModel(.scalar(finished ? link.to : link.from), for: NavController.barKey, of: layer)
    }

    /// viewWillAppear: reported, then FDFullscreenPopGesture's injected block applies the
    /// screen's `prefersNavigationBarHidden`, animated like the appearance.
    mutating func appear(
        _ entry: ScreenEntry, animated: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        emit(.appearance(screen: entry.screen.id, call: .viewWillAppear, animated: animated), at: time, into: &events)
        if barAppearanceEnabled {
            setBarHidden(
                entry.screen.prefersNavigationBarHidden, animated: animated, at: time, timeline: &timeline,
                events: &events)
        }
    }

    /// viewWillDisappear: reported, then FDFullscreenPopGesture's dispatch_after(0) block, which
    /// runs on the next main-queue turn: a timer at the same media time, after the current command.
    mutating func disappear(
        _ entry: ScreenEntry, animated: Bool, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        emit(
            .appearance(screen: entry.screen.id, call: .viewWillDisappear, animated: animated), at: time, into: &events)
        timeline.schedule(at: time, tag: TimerTag(owner: target, code: NavController.restoreBarTimer))
    }

    /// FDFullscreenPopGesture's viewWillDisappear block: when the stack's top screen (at that
    /// turn) does not prefer the bar hidden, setNavigationBarHidden:NO animated:NO. FD installs it
    /// whatever the appearance switch says.
    mutating func restoreBar(at time: Double, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>]) {
        guard let top, !top.screen.prefersNavigationBarHidden else { return }
        setBarHidden(false, animated: false, at: time, timeline: &timeline, events: &events)
    }
}
