import ComponentSupport
import HUD
import JSON
import ProgressBar

extension Scene {
    /// The scene ops, by kind. New components add their ops here; tests generate cases from this table.
    enum Op: Sendable {
        case hudShow, hudUpdate, hudHide, hudHideAll, hudStatus, pointer
        case bar(String)
    }

    static let opTable: [String: Op] = {
        var table: [String: Op] = [
            "hud.show": .hudShow, "hud.update": .hudUpdate, "hud.hide": .hudHide,
            "hud.hideAll": .hudHideAll, "hud.status": .hudStatus, "pointer": .pointer,
        ]
        for name in BarStack.operations { table[name] = .bar(name) }
        return table
    }()

    mutating func perform(_ op: Op, _ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        switch op {
        case .hudShow: return try hudShow(f, at: t)
        case .hudUpdate: return try hudUpdate(f, at: t)
        case .hudHide: return try hudHide(f, at: t)
        case .hudHideAll: return try hudHideAll(f, at: t)
        case .hudStatus: return try hudStatus(f, at: t)
        case .pointer: return try pointer(f, at: t)
        case let .bar(name): return try barOp(name, f, at: t)
        }
    }

    // MARK: HUD

    mutating func hudShow(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let target = try f.requireTarget()
        try admitNew(target, existsAlready: huds.contains(target))
        let properties = try HUDProperties(json: f.object)
        let animated = try f.bool("animated") ?? true
        try huds.show(target: target, properties: properties, animated: animated, at: t, timeline: &timeline, events: &pendingEvents)
        return JSONObject()
    }

    mutating func hudUpdate(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let target = try f.requireTarget()
        let properties = try HUDProperties(json: f.object)
        try huds.update(target: target, properties: properties, at: t, timeline: &timeline)
        return JSONObject()
    }

    mutating func hudHide(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let target = try f.target()
        let animated = try f.bool("animated") ?? true
        let delay = try f.number("afterDelay", in: 0...3600) ?? 0
        let chosen = try huds.hide(target: target, animated: animated, afterDelay: delay, at: t, timeline: &timeline, events: &pendingEvents)
        return JSONObject(pairs: [("target", .string(chosen))])
    }

    mutating func hudHideAll(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let animated = try f.bool("animated") ?? true
        let count = huds.hideAll(animated: animated, at: t, timeline: &timeline, events: &pendingEvents)
        return JSONObject(pairs: [("hidden", .number(Double(count)))])
    }

    mutating func hudStatus(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let target = try f.target()
        guard let kind = try f.choice("kind", as: HUDStatusKind.self) else {
            throw CommandError.badField("kind", "is required (one of \"success\", \"error\", \"info\")")
        }
        let text = try f.string("text", maxLength: HUDLimits.maxTextLength) ?? ""
        let duration = try f.number("duration", in: 0...3600)
        let animated = try f.bool("animated") ?? true
        if let target { try admitNew(target, existsAlready: huds.contains(target)) }
        else if huds.topmostActive == nil { try admitNew(HUDStack.defaultStatusTarget, existsAlready: huds.contains(HUDStack.defaultStatusTarget)) }
        let result = try huds.status(target: target, kind: kind, text: text, duration: duration, animated: animated,
                                     at: t, timeline: &timeline, events: &pendingEvents)
        return JSONObject(pairs: [("target", .string(result.target)), ("duration", .number(result.duration))])
    }

    // MARK: Bars and players

    mutating func barOp(_ name: String, _ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        if name == "bar.create" || name == "player.create" {
            let target = try f.requireTarget()
            try admitNew(target, existsAlready: false)
        }
        return try bars.apply(op: name, fields: f, at: t, timeline: &timeline, events: &pendingEvents)
    }

    // MARK: Pointer

    /// `pointer`: hit-tested front to back. HUDs first: a HUD button takes the pointer (a tap on
    /// it is an up inside it), a blocking HUD swallows it; otherwise the bars get it.
    mutating func pointer(_ f: FieldReader, at t: Double) throws(CommandError) -> JSONObject {
        let event = try PointerEvent(fields: f, at: t)
        if let owner = pointerOwners.owner(of: event.pointer) {
            let handled = deliver(event, to: owner)
            pointerOwners.finish(event)
            return JSONObject(pairs: [("handled", .bool(handled)), ("target", .string(owner.target))])
        }
        guard event.phase == .down else { return JSONObject(pairs: [("handled", .bool(false))]) }
        switch huds.hitTest(event.location) {
        case let .button(target):
            huds.setButtonHighlighted(target: target, true)
            _ = pointerOwners.claim(event.pointer, for: GestureOwner(target: target, gesture: "hud.button"))
            return JSONObject(pairs: [("handled", .bool(true)), ("target", .string(target))])
        case let .swallowed(target):
            _ = pointerOwners.claim(event.pointer, for: GestureOwner(target: target, gesture: "hud.block"))
            return JSONObject(pairs: [("handled", .bool(true)), ("target", .string(target))])
        case .miss:
            break
        }
        if bars.pointer(event, timeline: &timeline, events: &pendingEvents) {
            let target = bars.hitRegions(at: t, timeline: timeline).first { $0.contains(event.location) }?.target ?? "bar"
            _ = pointerOwners.claim(event.pointer, for: GestureOwner(target: target, gesture: "bar.drag"))
            return JSONObject(pairs: [("handled", .bool(true)), ("target", .string(target))])
        }
        return JSONObject(pairs: [("handled", .bool(false))])
    }

    /// Moves, ups and cancels go to the component that claimed the pointer.
    private mutating func deliver(_ event: PointerEvent, to owner: GestureOwner) -> Bool {
        switch owner.gesture {
        case "hud.button":
            let inside: Bool
            if case let .button(target) = huds.hitTest(event.location), target == owner.target { inside = true } else { inside = false }
            switch event.phase {
            case .up:
                huds.setButtonHighlighted(target: owner.target, false)
                return inside && huds.tapButton(target: owner.target, at: event.time, events: &pendingEvents)
            case .cancel:
                huds.setButtonHighlighted(target: owner.target, false)
                return true
            default:
                huds.setButtonHighlighted(target: owner.target, inside)
                return true
            }
        case "bar.drag":
            return bars.pointer(event, timeline: &timeline, events: &pendingEvents)
        default:
            return true
        }
    }
}
