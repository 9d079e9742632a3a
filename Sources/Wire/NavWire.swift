import ComponentSupport
import Geometry
import JSON
import Navigation
import ScrollView

/// The navigation stack's wire format (docs/protocol.md section 4.6): `nav.*` ops decoded into
/// ``NavCommand``s, and acks, events and inspections encoded.
enum NavWire {
    /// The ops, in the order docs/protocol.md lists them.
    static let ops = ["nav.create", "nav.push", "nav.pop", "nav.popToRoot", "nav.update"]

    /// Accepted `frame` origin and size.
    static let originRange: ClosedRange<Double> = -100_000...100_000
    static let extentRange: ClosedRange<Double> = 1...100_000
    /// The longest screen title.
    static let maxTitleLength = FieldReader.maxRowTitleLength

    /// Decodes one of ``ops``; nil for any other op.
    static func decode(_ op: String, _ f: FieldReader) throws(CommandError) -> NavCommand? {
        switch op {
        case "nav.create":
            let target = try f.requireTarget()
            let frame = try f.rect("frame", origin: originRange, extent: extentRange)
            guard let list = f.object["screens"], !list.isNull else {
                throw .badField("screens", "is required (an array of screens)")
            }
            guard let items = list.arrayValue else {
                throw .badField("screens", "must be an array of screens, got \(FieldReader.describe(list))")
            }
            guard !items.isEmpty else { throw .badField("screens", "must hold at least one screen") }
            guard items.count <= NavStack.maximumScreens else {
                throw .badField("screens", "must hold at most \(NavStack.maximumScreens) screens")
            }
            var screens: [NavScreen] = []
            for (index, item) in items.enumerated() {
                screens.append(try screen(item, field: "screens[\(index)]"))
            }
            return .create(
                NavCreate(
                    target: target, frame: frame, screens: screens,
                    fullscreenPopGesture: try f.bool("fullscreenPopGesture") ?? true,
                    viewControllerBasedNavigationBarAppearanceEnabled: try f.bool(
                        "viewControllerBasedNavigationBarAppearanceEnabled") ?? true,
                    layoutDirection: try f.choice("layoutDirection", as: NavLayoutDirection.self) ?? .ltr))
        case "nav.push":
            let target = try f.requireTarget()
            guard let value = f.object["screen"], !value.isNull else {
                throw .badField("screen", "is required (a screen object)")
            }
            let screen = try screen(value, field: "screen")
            return .push(target: target, screen: screen, animated: try f.bool("animated") ?? true)
        case "nav.pop":
            let target = try f.requireTarget()
            return .pop(target: target, animated: try f.bool("animated") ?? true)
        case "nav.popToRoot":
            let target = try f.requireTarget()
            return .popToRoot(target: target, animated: try f.bool("animated") ?? true)
        case "nav.update":
            let target = try f.requireTarget()
            let id = try f.requireTarget("screen")
            var changes = NavScreenUpdate()
            changes.title = try f.string("title", maxLength: maxTitleLength)
            changes.color = try f.color("color")
            changes.prefersNavigationBarHidden = try f.bool("prefersNavigationBarHidden")
            changes.interactivePopDisabled = try f.bool("interactivePopDisabled")
            changes.interactivePopMaxAllowedInitialDistanceToLeftEdge = try f.number(
                "interactivePopMaxAllowedInitialDistanceToLeftEdge", in: 0...100_000)
            // `rows: null` removes the rows; absent leaves them.
            if f.object["rows"] != nil { changes.rows = .some(try f.tableRows("rows")) }
            return .update(target: target, screen: id, changes: changes)
        default:
            return nil
        }
    }

    /// A screen object: `id` (required), `title`, `color`, `prefersNavigationBarHidden`,
    /// `interactivePopDisabled`, `interactivePopMaxAllowedInitialDistanceToLeftEdge`, `rows`.
    /// Errors name the field under `field` ("screens[1].title").
    private static func screen(_ value: JSONValue, field: String) throws(CommandError) -> NavScreen {
        try FieldReader.nested(value, field: field, expected: #"a screen object {"id","title",...}"#) {
            r throws(CommandError) in
            var screen = NavScreen(id: try r.requireTarget("id"))
            screen.title = try r.string("title", maxLength: maxTitleLength) ?? ""
            if let color = try r.color("color") { screen.color = color }
            screen.prefersNavigationBarHidden = try r.bool("prefersNavigationBarHidden") ?? false
            screen.interactivePopDisabled = try r.bool("interactivePopDisabled") ?? false
            screen.interactivePopMaxAllowedInitialDistanceToLeftEdge =
                try r.number("interactivePopMaxAllowedInitialDistanceToLeftEdge", in: 0...100_000) ?? 0
            screen.rows = try r.tableRows("rows")
            return screen
        }
    }

    static func encode(_ ack: NavAck) -> JSONObject {
        // pop and popToRoot always say what they removed (docs/protocol.md section 4.6), even nothing.
        guard let popped = ack.popped else { return JSONObject() }
        return JSONObject(pairs: [("popped", .array(popped.map { .string($0) }))])
    }

    static func encode(_ event: NavEvent) -> (name: String, fields: JSONObject) {
        switch event {
        case let .appearance(screen, call, animated):
            return (
                "nav.appearance",
                JSONObject(pairs: [
                    ("screen", .string(screen)), ("call", .string(call.rawValue)),
                    ("animated", .bool(animated)),
                ])
            )
        case let .transition(kind, state, interactive):
            return (
                "nav.transition",
                JSONObject(pairs: [
                    ("kind", .string(kind.rawValue)), ("state", .string(state.rawValue)),
                    ("interactive", .bool(interactive)),
                ])
            )
        case let .gesture(state, percent, velocity):
            return (
                "nav.gesture",
                JSONObject(pairs: [
                    ("state", .string(state.rawValue)), ("percent", .number(percent)),
                    ("velocity", .number(velocity)),
                ])
            )
        case let .gestureRefused(reason):
            return ("nav.gestureRefused", JSONObject(pairs: [("reason", .string(reason.rawValue))]))
        case let .bar(hidden, animated):
            return ("nav.bar", JSONObject(pairs: [("hidden", .bool(hidden)), ("animated", .bool(animated))]))
        }
    }

    /// `inspect` of a navigation stack: `target`, `kind` `"nav"`, `t`, `stack` (ids, root first),
    /// `top`, `transitioning` (bool), `transition` (`"push"`/`"pop"` or null), `interactive`,
    /// `percent`, `navigationBarHidden`, `gesture`, and `presentation` {`barVisibility`,
    /// `frontOffset`, `backOffset`, `dimAlpha`}: what is on screen at `t`.
    static func encode(_ n: NavInspection, target: String, at time: Double) -> JSONObject {
        JSONObject(pairs: [
            ("target", .string(target)),
            ("kind", .string("nav")),
            ("t", .number(time)),
            ("stack", .array(n.stack.map { .string($0) })),
            ("top", .string(n.top)),
            ("transitioning", .bool(n.transitioning != nil)),
            ("transition", n.transitioning.map { .string($0.rawValue) } ?? .null),
            ("interactive", .bool(n.interactive)),
            ("percent", .number(n.percent)),
            ("navigationBarHidden", .bool(n.navigationBarHidden)),
            ("gesture", .string(n.gesture.rawValue)),
            (
                "presentation",
                .object(
                    JSONObject(pairs: [
                        ("barVisibility", .number(n.barVisibility)),
                        ("frontOffset", .number(n.frontOffset)),
                        ("backOffset", n.backOffset.map { .number($0) } ?? .null),
                        ("dimAlpha", .number(n.dimAlpha)),
                    ]))
            ),
        ])
    }
}
