import ComponentSupport
import Geometry
import HUD
import JSON
import Shapes
import Testing
import Timing

/// Hit testing (interaction block / hud / none) and the button (MB #270: a cancel button).
@Suite struct HUDInteractionTests {
    @Test func blockSwallowsEverythingButTheButton() throws {
        var d = Driver()
        try d.show("h", HUDProperties(button: "Cancel"), at: 0)
        let button = try #require(d.stack.frames(of: "h")?.button)
        #expect(d.stack.hitTest(button.center) == .button(target: "h"))
        #expect(d.stack.hitTest(Point(x: 1, y: 1)) == .swallowed(target: "h"))
        #expect(d.stack.tapButton(target: "h", at: 0.5, events: &d.events))
        let event = try #require(d.events.last)
        #expect(event == TimedEvent(time: 0.5, target: "h", .button(title: "Cancel")))
    }

    @Test func hudSwallowsOnlyTheBezel() throws {
        var d = Driver()
        try d.show("h", HUDProperties(interaction: .hud), at: 0)
        let bezel = try #require(d.stack.frames(of: "h")?.bezel)
        #expect(d.stack.hitTest(bezel.center) == .swallowed(target: "h"))
        #expect(d.stack.hitTest(Point(x: 1, y: 1)) == .miss)
    }

    @Test func noneLetsEverythingThroughButTheButton() throws {
        var d = Driver()
        try d.show("h", HUDProperties(button: "Stop", interaction: .passThrough), at: 0)
        let frames = try #require(d.stack.frames(of: "h"))
        #expect(d.stack.hitTest(frames.bezel.center) == .miss)
        #expect(d.stack.hitTest(try #require(frames.button).center) == .button(target: "h"))
    }

    /// During the grace time the HUD is not on screen (alpha 0): nothing is swallowed. While it
    /// hides, `block` still covers the canvas but the bezel (model alpha 0) takes nothing.
    @Test func graceAndHidingPhases() throws {
        var d = Driver()
        try d.show("h", HUDProperties(button: "Cancel", graceTime: 1), at: 0)
        #expect(d.stack.hitTest(Point(x: 1, y: 1)) == .miss)
        d.advance(to: 1.5)
        let button = try #require(d.stack.frames(of: "h")?.button)
        #expect(d.stack.hitTest(button.center) == .button(target: "h"))
        try d.hide("h", at: 2)
        #expect(d.stack.hitTest(button.center) == .swallowed(target: "h"))
        #expect(!d.stack.tapButton(target: "h", at: 2.1, events: &d.events))
        d.advance(to: 3)
        #expect(d.stack.hitTest(button.center) == .miss)
    }

    @Test func topmostHUDWins() throws {
        var d = Driver()
        try d.show("a", HUDProperties(button: "A"), at: 0)
        try d.show("b", HUDProperties(mode: .text, label: "On top", interaction: .hud), at: 0)
        let bBezel = try #require(d.stack.frames(of: "b")?.bezel)
        #expect(d.stack.hitTest(bBezel.center) == .swallowed(target: "b"))
        #expect(d.stack.hitTest(Point(x: 1, y: 1)) == .swallowed(target: "a"))
    }

    /// A pressed button shows MBProgressHUDRoundedButton's highlight (title colour alpha 0.1).
    @Test func pressedButtonIsHighlighted() throws {
        var d = Driver()
        try d.show("h", HUDProperties(button: "Cancel"), animated: false, at: 0)
        func buttonRect() -> RectShape? {
            flatten(d.shapes(at: 0.1)).compactMap { shape -> RectShape? in
                if case .rect(let r) = shape, r.stroke != nil, r.lineWidth == 1 { return r }
                return nil
            }.first
        }
        #expect(buttonRect()?.fill == nil)
        d.stack.setButtonHighlighted(target: "h", true)
        #expect(buttonRect()?.fillBytes == ColorBytes(Color(white: 0, alpha: 0.1)))
        let frame = try #require(d.stack.frames(of: "h")?.button)
        #expect(buttonRect()?.frame == frame.inset(by: 0.5))
        #expect(buttonRect()?.cornerRadius == (frame.height / 2).rounded(.up) - 0.5)
    }

    @Test func inspectReportsTheProtocolFields() throws {
        var d = Driver()
        try d.show("h", HUDProperties(mode: .determinate, label: "Hi", progress: 0.4), at: 0)
        let inspected = d.inspect("h", at: 0.15)
        let object = try #require(inspected)
        for key in ["target", "kind", "t", "state", "model", "presentation", "bezel", "progress", "mode"] {
            #expect(object[key] != nil, "\(key)")
        }
        #expect(object.string("kind") == "hud")
        #expect(object.number("progress") == 0.4)
        #expect(object.number("model", "alpha") == 1)
        #expect(abs((object.number("presentation", "alpha") ?? 0) - ClosedFormSpring.x(0.15)) < 1e-6)
        #expect(object.number("presentation", "scale") == 1)
        let frames = try #require(d.stack.frames(of: "h"))
        #expect(object.number("bezel", "width") == frames.bezel.width)
        #expect(d.stack.inspectAll(at: 0.15, timeline: d.timeline).count == 1)
        #expect(d.inspect("nope", at: 0.2) == nil)
    }

    /// Timeline events of other owners are not the stack's.
    @Test func foreignEventsAreNotHandled() {
        var d = Driver()
        var timeline = d.timeline
        let id = timeline.schedule(at: 1, tag: .init(owner: "bar1", code: 1))
        let handled = d.stack.handle(
            .timer(id: id, tag: .init(owner: "bar1", code: 1), time: 1), timeline: &timeline, events: &d.events)
        #expect(!handled)
    }
}
