import ComponentSupport
import FrameCodecs
import Geometry
import HUD
import JSON
import Shapes
import Testing
import Timing

/// Show/hide state machine at exact media times (MBProgressHUD's graceTime, minShowTime,
/// hideAnimated:afterDelay:, and the user-requested fixes).
@Suite struct HUDTimelineTests {
    let tolerance = 1e-9

    @Test func graceThenHideBeforeItEndsIsNeverDrawnAndSuppressed() throws {
        var d = Driver()
        try d.show("h", HUDProperties(graceTime: 0.5), at: 0)
        for t in [0.0, 0.1, 0.2, 0.29] {
            #expect(d.shapes(at: t).isEmpty)
            #expect(d.inspect("h", at: t)?.string("state") == "grace")
        }
        try d.hide("h", at: 0.3)
        for t in [0.3, 0.5, 0.8, 2.0] { #expect(d.shapes(at: t).isEmpty) }
        #expect(d.log("h") == ["hud.suppressed@0.300", "hud.hidden@0.300"])
        #expect(!d.stack.contains("h"))
    }

    @Test func graceThenHideAfterItEndsAppearsAtTheGraceEnd() throws {
        var d = Driver()
        try d.show("h", HUDProperties(graceTime: 0.5), at: 0)
        #expect(d.shapes(at: 0.49).isEmpty)
        #expect(d.inspect("h", at: 0.5)?.string("state") == "showing")
        #expect(d.inspect("h", at: 0.5)?.number("presentation", "alpha") == 0)
        let alphaValue = bezelGroup(d.shapes(at: 0.65), "h")?.alpha
        let alpha = try #require(alphaValue)
        #expect(abs(alpha - ClosedFormSpring.x(0.15)) < 1e-6)
        try d.hide("h", at: 0.8)
        #expect(d.inspect("h", at: 0.8)?.string("state") == "hiding")
        #expect(d.log("h") == ["hud.appeared@0.800"])
        d.advance(to: 2)
        #expect(d.log("h") == ["hud.appeared@0.800", "hud.hidden@1.100"])
    }

    @Test func minShowTimeDefersAnEarlyHide() throws {
        var d = Driver()
        try d.show("h", HUDProperties(minShowTime: 1.0), at: 0)
        try d.hide("h", at: 0.2)
        #expect(d.inspect("h", at: 0.2)?.number("timers", "minShow") == 1.0)
        for t in [0.3, 0.5, 0.99] {
            #expect(d.inspect("h", at: t)?.string("state") == "shown")
            #expect(bezelGroup(d.shapes(at: t), "h")?.alpha == nil)  // alpha 1: no group alpha
        }
        #expect(d.inspect("h", at: 1.0)?.string("state") == "hiding")
        for s in [0.05, 0.15, 0.25] {
            let alphaValue = d.inspect("h", at: 1.0 + s)?.number("presentation", "alpha")
            let alpha = try #require(alphaValue)
            #expect(abs(alpha - (1 - ClosedFormSpring.x(s))) < 1e-6)
        }
        d.advance(to: 3)
        #expect(d.log("h") == ["hud.appeared@0.300", "hud.hidden@1.300"])
    }

    @Test func hideAfterDelay() throws {
        var d = Driver()
        try d.show("h", at: 0)
        try d.hide("h", afterDelay: 1.0, at: 0.1)
        #expect(d.inspect("h", at: 1.09)?.string("state") == "shown")
        #expect(d.inspect("h", at: 1.1)?.string("state") == "hiding")
        d.advance(to: 3)
        #expect(d.log("h") == ["hud.appeared@0.300", "hud.hidden@1.400"])
    }

    /// MBProgressHUD #605: the grace timer's show cancelled the pending delayed hide.
    @Test func graceTimeAndHideAfterDelayWorkTogether() throws {
        var d = Driver()
        try d.show("h", HUDProperties(graceTime: 0.5), at: 0)
        try d.hide("h", afterDelay: 1.0, at: 0)
        #expect(d.inspect("h", at: 0.5)?.string("state") == "showing")
        #expect(d.inspect("h", at: 1.0)?.string("state") == "hiding")
        d.advance(to: 3)
        #expect(d.log("h") == ["hud.appeared@0.800", "hud.hidden@1.300"])
    }

    /// A delayed hide firing during the grace time suppresses the HUD.
    @Test func hideAfterDelayWithinGraceSuppresses() throws {
        var d = Driver()
        try d.show("h", HUDProperties(graceTime: 0.5), at: 0)
        try d.hide("h", afterDelay: 0.2, at: 0)
        d.advance(to: 2)
        #expect(d.log("h") == ["hud.suppressed@0.200", "hud.hidden@0.200"])
    }

    /// An explicit show cancels a pending delayed hide (MBProgressHUD's showUsingAnimation:).
    @Test func explicitShowCancelsADelayedHide() throws {
        var d = Driver()
        try d.show("h", at: 0)
        try d.hide("h", afterDelay: 1.0, at: 0.5)
        try d.show("h", at: 0.7)
        d.advance(to: 5)
        #expect(d.log("h") == ["hud.appeared@0.300"])
        #expect(d.inspect("h", at: 5)?.string("state") == "shown")
    }

    /// A show during the hide animation reverses smoothly and is never removed by the old
    /// hide's completion (SVProgressHUD #647; MBProgressHUD's `done` after an interrupted hide).
    @Test func showDuringHideReversesAndSurvives() throws {
        var d = Driver()
        try d.show("h", at: 0)
        try d.hide("h", at: 1.0)
        let beforeValue = d.inspect("h", at: 1.1)?.number("presentation", "alpha")
        let before = try #require(beforeValue)
        #expect(abs(before - (1 - ClosedFormSpring.x(0.1))) < 1e-9)
        try d.show("h", at: 1.1)
        let afterValue = d.inspect("h", at: 1.1)?.number("presentation", "alpha")
        let after = try #require(afterValue)
        #expect(abs(after - before) < tolerance)
        for s in [0.05, 0.1, 0.2] {
            let alphaValue = d.inspect("h", at: 1.1 + s)?.number("presentation", "alpha")
            let alpha = try #require(alphaValue)
            #expect(abs(alpha - (before + (1 - before) * ClosedFormSpring.x(s))) < 1e-6)
        }
        #expect(d.inspect("h", at: 1.3)?.string("state") == "showing")
        #expect(bezelGroup(d.shapes(at: 1.35), "h") != nil)
        #expect(d.inspect("h", at: 2)?.string("state") == "shown")
        #expect(d.log("h") == ["hud.appeared@0.300", "hud.appeared@1.400"])
        #expect(d.stack.contains("h"))
    }

    /// A hide during the show animation reverses from the presentation state too.
    @Test func hideDuringShowReverses() throws {
        var d = Driver()
        try d.show("h", HUDProperties(animation: .zoomIn), at: 0)
        let alpha = ClosedFormSpring.x(0.1)
        let scale = 0.5 + 0.5 * alpha
        try d.hide("h", at: 0.1)
        let inspectedValue = d.inspect("h", at: 0.1)
        let inspected = try #require(inspectedValue)
        #expect(abs((inspected.number("presentation", "alpha") ?? -1) - alpha) < 1e-9)
        #expect(abs((inspected.number("presentation", "scale") ?? -1) - scale) < 1e-9)
        let laterValue = d.inspect("h", at: 0.25)
        let later = try #require(laterValue)
        let x = ClosedFormSpring.x(0.15)
        #expect(abs((later.number("presentation", "alpha") ?? -1) - alpha * (1 - x)) < 1e-6)
        #expect(abs((later.number("presentation", "scale") ?? -1) - (scale + (1.5 - scale) * x)) < 1e-6)
        d.advance(to: 1)
        #expect(d.log("h") == ["hud.hidden@0.400"])
    }

    @Test func nonAnimatedShowAndHideAreImmediate() throws {
        var d = Driver()
        try d.show("h", animated: false, at: 0.25)
        #expect(d.inspect("h", at: 0.25)?.string("state") == "shown")
        try d.hide("h", animated: false, at: 0.5)
        #expect(d.log("h") == ["hud.appeared@0.250", "hud.hidden@0.500"])
        #expect(d.shapes(at: 0.5).isEmpty)
    }

    @Test func removeOnHideFalseKeepsTheHUDForReuse() throws {
        var d = Driver()
        try d.show("h", HUDProperties(label: "One", removeOnHide: false), at: 0)
        try d.hide("h", at: 1)
        #expect(d.inspect("h", at: 2)?.string("state") == "hidden")
        #expect(d.shapes(at: 2).isEmpty)
        try d.show("h", HUDProperties(label: "Two"), at: 3)
        #expect(d.stack.frames(of: "h")?.labelText == "Two")
        d.advance(to: 4)
        #expect(d.log("h") == ["hud.appeared@0.300", "hud.hidden@1.300", "hud.appeared@3.300"])
    }

    /// `queue: true` (MBProgressHUD #204): shown only once the HUDs shown before have hidden.
    @Test func queuedHUDWaitsForThePreviousOnes() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", HUDProperties(queue: true), at: 0.5)
        #expect(d.inspect("b", at: 0.5)?.string("state") == "queued")
        #expect(bezelGroup(d.shapes(at: 0.9), "b") == nil)
        try d.hide("a", at: 1)
        #expect(d.inspect("b", at: 1.29)?.string("state") == "queued")
        #expect(d.inspect("b", at: 1.3)?.string("state") == "showing")
        d.advance(to: 3)
        #expect(d.log("a") == ["hud.appeared@0.300", "hud.hidden@1.300"])
        #expect(d.log("b") == ["hud.appeared@1.600"])
    }

    @Test func queueIsFirstInFirstOut() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", HUDProperties(queue: true), at: 0.1)
        try d.show("c", HUDProperties(queue: true), at: 0.2)
        try d.hide("a", at: 1)
        #expect(d.inspect("b", at: 1.3)?.string("state") == "showing")
        #expect(d.inspect("c", at: 1.3)?.string("state") == "queued")
        try d.hide("b", at: 2)
        d.advance(to: 5)
        #expect(d.log("c") == ["hud.appeared@2.600"])
    }

    @Test func hidingAQueuedHUDSuppressesIt() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", HUDProperties(queue: true), at: 0.1)
        try d.hide("b", at: 0.2)
        #expect(d.log("b") == ["hud.suppressed@0.200", "hud.hidden@0.200"])
    }

    /// Without a target, `hud.hide` takes the HUD on screen before a queued one above it, which
    /// the user has not seen; with only queued HUDs left, the topmost of them.
    @Test func hideWithoutTargetPrefersTheHUDOnScreenToAQueuedOne() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", HUDProperties(queue: true), at: 0.1)
        try d.show("c", HUDProperties(queue: true), at: 0.2)
        #expect(try d.stack.hide(at: 1, timeline: &d.timeline, events: &d.events) == "a")
        d.advance(to: 1.4)
        #expect(d.inspect("b", at: 1.4)?.string("state") == "showing")
        #expect(try d.stack.hide(at: 1.4, timeline: &d.timeline, events: &d.events) == "b")
        // Only c is left, still queued behind b's hide: it is the one.
        #expect(try d.stack.hide(at: 1.5, timeline: &d.timeline, events: &d.events) == "c")
    }

    /// `hud.hide` without a target: the topmost HUD not already asked to hide (HUDForView:).
    @Test func hideWithoutTargetTakesTheTopmostNotHiding() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", at: 0.1)
        #expect(d.stack.targets == ["a", "b"])
        #expect(try d.stack.hide(at: 1, timeline: &d.timeline, events: &d.events) == "b")
        #expect(try d.stack.hide(at: 1, timeline: &d.timeline, events: &d.events) == "a")
        #expect(throws: CommandError.self) { try d.stack.hide(at: 1, timeline: &d.timeline, events: &d.events) }
        #expect(throws: CommandError(.unknownTarget, "no HUD with target \"zz\"")) {
            try d.stack.hide(target: "zz", at: 1, timeline: &d.timeline, events: &d.events)
        }
    }

    @Test func hideAllHidesEveryActiveHUD() throws {
        var d = Driver()
        try d.show("a", at: 0)
        try d.show("b", HUDProperties(graceTime: 1), at: 0)
        try d.show("c", at: 0)
        d.advance(to: 0.5)
        #expect(d.stack.hideAll(at: 0.5, timeline: &d.timeline, events: &d.events) == 3)
        d.advance(to: 2)
        #expect(d.log("a") == ["hud.appeared@0.300", "hud.hidden@0.800"])
        #expect(d.log("b") == ["hud.suppressed@0.500", "hud.hidden@0.500"])
        #expect(d.stack.targets.isEmpty)
    }

    /// SVProgressHUD: auto-dismiss after min(max(len * 0.06 + 0.5, 5), max) seconds, counted from
    /// the end of the show animation.
    @Test func statusDismissesAfterSVProgressHUDsDuration() throws {
        #expect(HUDStatusDuration.seconds(for: "Done") == 5.0)
        #expect(abs(HUDStatusDuration.seconds(for: String(repeating: "x", count: 100)) - 6.5) < 1e-12)
        #expect(abs(HUDStatusDuration.seconds(for: "加载中", minimum: 0) - (3 * 0.06 + 0.5)) < 1e-12)
        var d = Driver()
        let result = try d.stack.status(kind: .success, text: "Done", at: 0, timeline: &d.timeline, events: &d.events)
        #expect(result.target == "status" && result.duration == 5.0)
        #expect(d.stack.frames(of: "status")?.labelText == "Done")
        #expect(d.inspect("status", at: 0.1)?.string("mode") == "custom")
        #expect(d.inspect("status", at: 0.1)?.string("customView") == "checkmark")
        #expect(d.inspect("status", at: 5.29)?.string("state") == "shown")
        #expect(d.inspect("status", at: 5.3)?.string("state") == "hiding")
        d.advance(to: 7)
        #expect(d.log("status") == ["hud.appeared@0.300", "hud.hidden@5.600"])
    }

    /// A status on a HUD that is already up (SVProgressHUD's common loading -> success flow)
    /// reuses it; the dismiss timer starts at once.
    @Test func statusReusesTheTopmostShownHUD() throws {
        var d = Driver()
        try d.show("load", HUDProperties(label: "Loading"), at: 0)
        d.advance(to: 1)
        let result = try d.stack.status(
            kind: .error, text: "Failed", duration: 1.5, at: 1, timeline: &d.timeline, events: &d.events)
        #expect(result.target == "load")
        #expect(d.inspect("load", at: 1)?.string("customView") == "cross")
        d.advance(to: 4)
        #expect(d.log("load") == ["hud.appeared@0.300", "hud.hidden@2.800"])
    }

    @Test func modeChangesRebuildTheIndicator() throws {
        var d = Driver()
        try d.show("h", HUDProperties(mode: .annular, progress: 0.5), animated: false, at: 0)
        let annular = flatten(d.shapes(at: 0.1)).compactMap { shape -> ArcShape? in
            if case .arc(let a) = shape { return a }; return nil
        }
        let trackAlpha = ColorBytes(Color(white: 0, alpha: 0.1)).alpha
        #expect(annular.contains { $0.strokeBytes.alpha == trackAlpha })
        try d.stack.update(target: "h", properties: HUDProperties(mode: .determinate), at: 0.2, timeline: &d.timeline)
        let pie = flatten(d.shapes(at: 0.3)).compactMap { shape -> ArcShape? in
            if case .arc(let a) = shape { return a }; return nil
        }
        #expect(!pie.contains { $0.strokeBytes.alpha == trackAlpha })
        #expect(pie.contains { $0.lineWidth == 4 && $0.radius == 16.5 })
        #expect(pie.contains { $0.lineWidth == 2 && $0.radius == 17.5 })
        #expect(throws: CommandError.self) {
            try d.stack.update(target: "nope", properties: HUDProperties(), at: 0.3, timeline: &d.timeline)
        }
    }

    /// The spinner is a real repeating animation: 1/4 s later the pattern has turned 3 spokes.
    @Test func spinnerTurnsThreeSpokesInAQuarterSecond() throws {
        var d = Driver()
        try d.show("h", animated: false, at: 0)
        // Alpha bytes, as the wire carries them.
        func alphas(_ t: Double) -> [UInt8] {
            let group = bezelGroup(d.shapes(at: t), "h")
            return (group?.items ?? []).compactMap { shape -> UInt8? in
                if case .line(let l) = shape { return l.strokeBytes.alpha }; return nil
            }
        }
        let first = alphas(0.1), second = alphas(0.35)
        #expect(first.count == 12 && second.count == 12)
        #expect(Set(first).count > 2)
        for i in 0..<12 { #expect(second[i] == first[(i + 12 - 3) % 12]) }
        // At 0.1 s the highlight is on spoke 1 (one step per 1/12 s), at full content alpha.
        #expect(first.firstIndex(of: first.max() ?? 0) == 1)
        #expect(first.max() == ColorBytes(Color(white: 0, alpha: 0.7)).alpha)
    }

    /// The spinner runs only while the HUD is on screen: a scene with a HUD in its grace time,
    /// queued, or hidden but kept has nothing running (it can go idle).
    @Test func spinnerRunsOnlyWhileOnScreen() throws {
        var d = Driver()
        try d.show("g", HUDProperties(graceTime: 5), at: 0)
        #expect(!d.timeline.hasRunningAnimations(at: 1))
        try d.show("k", HUDProperties(removeOnHide: false), animated: false, at: 1)
        #expect(d.timeline.hasRunningAnimations(at: 1.5))
        try d.hide("k", animated: false, at: 2)
        try d.hide("g", at: 2)
        #expect(!d.timeline.hasRunningAnimations(at: 2.5))
        #expect(d.inspect("k", at: 2.5)?.string("state") == "hidden")
        try d.show("k", HUDProperties(mode: .text), animated: false, at: 3)
        #expect(!d.timeline.hasRunningAnimations(at: 3.5))
        try d.stack.update(target: "k", properties: HUDProperties(mode: .indeterminate), at: 4, timeline: &d.timeline)
        #expect(d.timeline.hasRunningAnimations(at: 4.5))
    }

    /// Sampling never changes state: sampling at 60 Hz or at 7 Hz gives identical frames at
    /// common instants.
    @Test func samplingIndependence() throws {
        func run(rate: Double) throws -> [Double: [UInt8]] {
            var d = Driver()
            try d.show("h", HUDProperties(label: "Wait", animation: .zoom, graceTime: 0.2, minShowTime: 0.5), at: 0)
            var frames: [Double: [UInt8]] = [:]
            var encoder = FrameEncoder()
            var k = 0.0
            while k / rate <= 2 {
                let t = k / rate
                if t >= 0.3 && d.now < 0.3 { try d.hide("h", at: 0.3) }
                frames[(t * 1000).rounded() / 1000] = encoder.encodeShapes(d.shapes(at: t))
                k += 1
            }
            return frames
        }
        let fast = try run(rate: 60), slow = try run(rate: 7)
        var compared = 0
        for (t, frame) in slow where t >= 0.3 {
            if let other = fast[t] { #expect(other == frame); compared += 1 }
        }
        #expect(compared >= 2)
    }
}
