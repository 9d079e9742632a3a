public import ComponentSupport
import Geometry
import ScrollView
import Shapes
public import Timing
import Typesetting

extension NavStack {
    /// Applies `command` at `time`. Throws (changing nothing) `bad_request` naming a bad field,
    /// `unknown_target` (the stack, or `screen` in update), `duplicate_target` (a stack or a screen
    /// id in use), `limit`, or `conflict`: a push, pop or popToRoot during a transition (UIKit
    /// logs "nested push animation can result in corrupted navigation bar" and misbehaves; we
    /// refuse), or a pop of the root (UIKit's popViewControllerAnimated: returns nil and does
    /// nothing; we say so).
    public mutating func apply(
        _ command: NavCommand, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) throws(CommandError) -> NavAck {
        switch command {
        case let .create(create):
            try validate(create)
            let frame = create.frame ?? canvas
            controllers.append(
                NavController(create, frame: frame, text: text, at: time, timeline: &timeline, events: &events))
        case let .push(target, screen, animated):
            let index = try controllerIndex(target)
            try NavStack.validate(screen, field: "screen")
            let c = controllers[index]
            if c.entries.contains(where: { $0.screen.id == screen.id }) || c.transition?.front.screen.id == screen.id {
                throw CommandError(.duplicateTarget, "screen.id \"\(screen.id)\" is already in stack \"\(target)\"")
            }
            guard c.entries.count < NavStack.maximumScreens else {
                throw CommandError(.limit, "at most \(NavStack.maximumScreens) screens")
            }
            try requireIdle(c, "push")
            controllers[index].push(
                screen, animated: animated, text: text, at: time, timeline: &timeline, events: &events)
        case let .pop(target, animated):
            let index = try controllerIndex(target)
            let c = controllers[index]
            try requireIdle(c, "pop")
            guard c.entries.count > 1 else {
                throw CommandError(
                    .conflict, "stack \"\(target)\" holds only its root (UIKit's pop returns nil and does nothing)")
            }
            let popped = controllers[index].pop(
                to: c.entries.count - 2, animated: animated, at: time, timeline: &timeline, events: &events)
            return NavAck(popped: popped)
        case let .popToRoot(target, animated):
            let index = try controllerIndex(target)
            try requireIdle(controllers[index], "popToRoot")
            let popped = controllers[index].pop(
                to: 0, animated: animated, at: time, timeline: &timeline, events: &events)
            return NavAck(popped: popped)
        case let .update(target, screenID, changes):
            let index = try controllerIndex(target)
            try controllers[index].update(screenID, changes: changes, text: text)
        }
        return NavAck()
    }

    func controllerIndex(_ target: String) throws(CommandError) -> Int {
        guard let index = controllers.firstIndex(where: { $0.target == target }) else {
            throw CommandError(.unknownTarget, "target names no navigation stack: \"\(target.prefix(64))\"")
        }
        return index
    }

    private func requireIdle(_ c: NavController, _ op: String) throws(CommandError) {
        if let t = c.transition {
            throw CommandError(.conflict, "\(op) during a \(t.kind.rawValue) transition of \"\(c.target)\"")
        }
    }

    private func validate(_ create: NavCreate) throws(CommandError) {
        guard TargetID.isValid(create.target) else { throw .badField("target", "must be 1-64 of A-Za-z0-9_-") }
        if owns(create.target) { throw CommandError(.duplicateTarget, "target \"\(create.target)\" already exists") }
        guard controllers.count < NavStack.maximumComponents else {
            throw CommandError(.limit, "at most \(NavStack.maximumComponents) navigation stacks")
        }
        let frame = create.frame ?? canvas
        for (name, value) in [("frame.x", frame.minX), ("frame.y", frame.minY)]
        where !(value.isFinite && NavStack.coordinateRange.contains(value)) {
            throw .badField(name, "must be a finite number in -100000...100000")
        }
        for (name, value) in [("frame.width", frame.width), ("frame.height", frame.height)]
        where !(value.isFinite && value > 0 && value <= 100_000) {
            throw .badField(name, "must be a number in (0, 100000]")
        }
        guard !create.screens.isEmpty else { throw .badField("screens", "must hold at least one screen") }
        guard create.screens.count <= NavStack.maximumScreens else {
            throw CommandError(.limit, "at most \(NavStack.maximumScreens) screens")
        }
        for (index, screen) in create.screens.enumerated() {
            try NavStack.validate(screen, field: "screens[\(index)]")
            if create.screens[..<index].contains(where: { $0.id == screen.id }) {
                throw CommandError(.duplicateTarget, "screens[\(index)].id \"\(screen.id)\" is used twice")
            }
        }
    }

    /// Checks a screen's fields; errors name `field`.id, `field`.rows.count and so on.
    static func validate(_ screen: NavScreen, field: String) throws(CommandError) {
        guard TargetID.isValid(screen.id) else { throw .badField(field + ".id", "must be 1-64 of A-Za-z0-9_-") }
        try validate(distance: screen.interactivePopMaxAllowedInitialDistanceToLeftEdge, field: field)
        if let rows = screen.rows { try validate(rows, field: field + ".rows") }
    }

    static func validate(distance: Double, field: String) throws(CommandError) {
        let d = distance
        guard d.isFinite, d >= 0, d <= 100_000 else {
            throw .badField(
                field + ".interactivePopMaxAllowedInitialDistanceToLeftEdge", "must be a number in 0...100000")
        }
    }

    static func validate(_ rows: TableRows, field: String) throws(CommandError) {
        guard (0...maximumRows).contains(rows.count) else {
            throw .badField(field + ".count", "must be an integer in 0...\(maximumRows)")
        }
        guard rows.height.isFinite, rows.height >= 1, rows.height <= 10_000 else {
            throw .badField(field + ".height", "must be a number in 1...10000")
        }
        try rows.validateTitle(field: field + ".title")
    }
}

extension NavController {
    /// `update`: changes a screen in the stack or the one being popped. Bar preferences take
    /// effect at the screen's next viewWillAppear, as FD reads them only there.
    mutating func update(_ id: String, changes: NavScreenUpdate, text: TextLayout) throws(CommandError) {
        if let d = changes.interactivePopMaxAllowedInitialDistanceToLeftEdge {
            try NavStack.validate(distance: d, field: "screen")
        }
        if let rows = changes.rows, let rows { try NavStack.validate(rows, field: "rows") }
        if let index = entries.firstIndex(where: { $0.screen.id == id }) {
            entries[index].screen = changes.applied(to: entries[index].screen)
        } else if transition?.front.screen.id == id, let front = transition?.front {
            transition?.front.screen = changes.applied(to: front.screen)
        } else {
            throw CommandError(.unknownTarget, "screen names no screen of \"\(target)\": \"\(id.prefix(64))\"")
        }
        layOut(text: text)
        if var t = transition {
            t.front = relaidOut(t.front, text: text)
            t.back = relaidOut(t.back, text: text)
            transition = t
        }
    }

    /// `entry` with the layout of the same screen in the stack, or laid out where it was (the
    /// screen being popped keeps the back title of the screen below it).
    private func relaidOut(_ entry: ScreenEntry, text: TextLayout) -> ScreenEntry {
        if let same = entries.first(where: { $0.screen.id == entry.screen.id }) { return same }
        var copy = entry
        let hides = barAppearanceEnabled && copy.screen.prefersNavigationBarHidden
        copy.layOut(
            previous: entries.last?.screen.title, width: frame.width, height: frame.height, top: frame.minY,
            barHidden: hides, text: text)
        return copy
    }
}
