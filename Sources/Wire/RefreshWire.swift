import ComponentSupport
import Geometry
import JSON
import Refresh
import ScrollView

/// The scroll view's and MJRefresh components' wire format (docs/protocol.md section 4.5):
/// `scroll.*` and `refresh.*` ops decoded into ``ScrollStack/Command``s, and their events and
/// inspections encoded.
enum RefreshWire {
    /// The ops, in the order docs/protocol.md lists them.
    static let ops = [
        "scroll.create", "scroll.set", "refresh.create", "refresh.begin", "refresh.end", "refresh.endNoMoreData",
        "refresh.resetNoMoreData", "refresh.update",
    ]

    /// Accepted frame origins and sizes, content sizes, insets and offsets, in points; the
    /// longest title.
    static let originRange: ClosedRange<Double> = -100_000...100_000
    static let extentRange: ClosedRange<Double> = 0...100_000
    static let contentRange: ClosedRange<Double> = 0...10_000_000
    static let insetRange: ClosedRange<Double> = -10_000...10_000
    static let offsetRange: ClosedRange<Double> = -10_000_000...10_000_000
    static let maxTitleLength = FieldReader.maxRowTitleLength

    /// Decodes one of ``ops``; nil for any other op.
    static func decode(_ op: String, _ f: FieldReader) throws(CommandError) -> ScrollStack.Command? {
        switch op {
        case "scroll.create":
            let target = try f.requireTarget()
            guard let frame = try f.rect("frame", origin: originRange, extent: extentRange) else {
                throw .badField("frame", "is required (an object {\"x\",\"y\",\"width\",\"height\"})")
            }
            var config = ScrollConfiguration(frame: frame)
            config.contentSize = try f.size("contentSize", in: contentRange)
            config.contentInset = try insets(f, "inset") ?? .zero
            config.rows = try f.tableRows("rows") ?? .none
            config.bounces = try f.bool("bounces") ?? true
            config.alwaysBounceVertical = try f.bool("alwaysBounceVertical") ?? false
            config.alwaysBounceHorizontal = try f.bool("alwaysBounceHorizontal") ?? false
            config.decelerationRate = try decelerationRate(f) ?? .normal
            config.background = try f.color("background") ?? .white
            return .scrollCreate(target: target, config)
        case "scroll.set":
            var set = ScrollStack.ScrollSet(target: try f.requireTarget())
            set.offset = try f.point("offset", in: offsetRange)
            set.animated = try f.bool("animated") ?? false
            set.contentSize = try f.size("contentSize", in: contentRange)
            set.inset = try insets(f, "inset")
            set.rows = try f.tableRows("rows")
            set.frame = try f.rect("frame", origin: originRange, extent: extentRange)
            return .scrollSet(set)
        case "refresh.create":
            let target = try f.requireTarget()
            let scroll = try f.requireTarget("scroll")
            guard let kind = try f.choice("kind", as: RefreshKind.self) else {
                throw .badField("kind", "is required (one of \"header\", \"backFooter\", \"autoFooter\", \"trailer\")")
            }
            let update = try options(f, target: target)
            return .refreshCreate(
                ScrollStack.RefreshCreate(
                    target: target, scroll: scroll, kind: kind,
                    options: update.applied(to: RefreshOptions())))
        case "refresh.update":
            let target = try f.requireTarget()
            return .refreshUpdate(try options(f, target: target))
        case "refresh.begin": return .refreshBegin(target: try f.requireTarget())
        case "refresh.end": return .refreshEnd(target: try f.requireTarget())
        case "refresh.endNoMoreData": return .refreshEndNoMoreData(target: try f.requireTarget())
        case "refresh.resetNoMoreData": return .refreshResetNoMoreData(target: try f.requireTarget())
        default:
            return nil
        }
    }

    /// The optional fields of `refresh.create` and `refresh.update`.
    private static func options(_ f: FieldReader, target: String) throws(CommandError) -> ScrollStack.RefreshUpdate {
        var u = ScrollStack.RefreshUpdate(target: target)
        u.style = try f.choice("style", as: RefreshStyle.self)
        u.titles = try titles(f)
        u.language = try f.choice("language", as: RefreshLanguage.self)
        u.lastUpdatedTimeHidden = try f.bool("lastUpdatedTimeHidden")
        u.stateHidden = try f.bool("stateHidden")
        u.automaticallyChangeAlpha = try f.bool("automaticallyChangeAlpha")
        u.ignoredScrollViewContentInsetTop = try f.number("ignoredScrollViewContentInsetTop", in: insetRange)
        u.ignoredScrollViewContentInsetBottom = try f.number("ignoredScrollViewContentInsetBottom", in: insetRange)
        u.automaticallyRefresh = try f.bool("automaticallyRefresh")
        u.triggerAutomaticallyRefreshPercent = try f.number("triggerAutomaticallyRefreshPercent", in: -10...10)
        u.autoTriggerTimes = try f.integer("autoTriggerTimes", in: -1...1_000_000)
        u.loadDuration = try f.number("loadDuration", in: 0...3600)
        let counts = 1...GifFrames.maximumCount
        u.gifFrames = try f.nested("gifFrames", expected: #"an object {"idle","pulling","refreshing"}"#) {
            r throws(CommandError) in
            GifFrames(
                idle: try r.integer("idle", in: counts) ?? GifFrames.standard.idle,
                pulling: try r.integer("pulling", in: counts) ?? GifFrames.standard.pulling,
                refreshing: try r.integer("refreshing", in: counts) ?? GifFrames.standard.refreshing)
        }
        return u
    }

    /// `titles` {`idle`, `pulling`, `refreshing`, `noMoreData`}: custom titles per state.
    private static func titles(_ f: FieldReader) throws(CommandError) -> RefreshTitles? {
        try f.nested("titles", expected: #"an object {"idle","pulling","refreshing","noMoreData"}"#) {
            r throws(CommandError) in
            RefreshTitles(
                idle: try r.string("idle", maxLength: maxTitleLength),
                pulling: try r.string("pulling", maxLength: maxTitleLength),
                refreshing: try r.string("refreshing", maxLength: maxTitleLength),
                noMoreData: try r.string("noMoreData", maxLength: maxTitleLength))
        }
    }

    /// An inset object {`top`, `left`, `bottom`, `right`} (each optional, default 0).
    private static func insets(_ f: FieldReader, _ field: String) throws(CommandError) -> ScrollInsets? {
        try f.nested(field, expected: #"an object {"top","left","bottom","right"}"#) { r throws(CommandError) in
            ScrollInsets(
                top: try r.number("top", in: insetRange) ?? 0, left: try r.number("left", in: insetRange) ?? 0,
                bottom: try r.number("bottom", in: insetRange) ?? 0, right: try r.number("right", in: insetRange) ?? 0)
        }
    }

    /// `decelerationRate`: `"normal"` (0.998 per ms), `"fast"` (0.99 per ms) or a number in (0, 1).
    private static func decelerationRate(_ f: FieldReader) throws(CommandError) -> DecelerationRate? {
        guard let value = f.object["decelerationRate"], !value.isNull else { return nil }
        if let name = value.stringValue {
            guard let named = DecelerationRate.Name(rawValue: name) else {
                throw .badField(
                    "decelerationRate",
                    "must be \"normal\", \"fast\" or a number between 0 and 1, got \(FieldReader.describe(value))")
            }
            return DecelerationRate(named)
        }
        guard let number = value.doubleValue, number.isFinite, number > 0, number < 1,
            let rate = DecelerationRate(value: number)
        else {
            throw .badField(
                "decelerationRate",
                "must be \"normal\", \"fast\" or a number between 0 and 1, got \(FieldReader.describe(value))")
        }
        return rate
    }

    static func encode(_ event: ScrollStack.Event) -> (name: String, fields: JSONObject) {
        switch event {
        case let .refreshState(state, previous):
            return (
                "refresh.state",
                JSONObject(pairs: [("state", .string(state.rawValue)), ("previous", .string(previous.rawValue))])
            )
        case .refreshing: return ("refresh.refreshing", JSONObject())
        case .beginCompleted: return ("refresh.beginCompleted", JSONObject())
        case .endCompleted: return ("refresh.endCompleted", JSONObject())
        case let .scrollState(phase): return ("scroll.state", JSONObject(pairs: [("state", .string(phase.rawValue))]))
        }
    }

    private static func insets(_ i: ScrollInsets) -> JSONValue {
        .object(
            JSONObject(pairs: [
                ("top", .number(i.top)), ("left", .number(i.left)), ("bottom", .number(i.bottom)),
                ("right", .number(i.right)),
            ]))
    }

    /// `inspect` of a scroll view: `target`, `kind` `"scroll"`, `t`, `frame`, `offset` (on screen),
    /// `inset` (as MJRefresh reports it), `contentSize`, `dragging`, `decelerating`, `state`,
    /// `velocity`, `paused`, and where the model differs from what is on screen, `model`
    /// {`offset`} and `presentation` {`inset`}. A refresh component: `target`, `kind`
    /// `"refresh"`, `t`, `scroll`, `refreshKind` (header, backFooter, autoFooter, trailer), `style`,
    /// `state`, `pullingPercent`, `alpha`, `frame` (in the scroll view's content), `title`,
    /// `lastUpdated`, `remainingTriggers`, `gifFrame`, `arrowRotation`, `spinnerAlpha`.
    static func encode(_ inspection: ScrollStack.Inspection, at time: Double) -> JSONObject {
        switch inspection {
        case let .scroll(s):
            var object = JSONObject(pairs: [
                ("target", .string(s.target)), ("kind", .string("scroll")), ("t", .number(time)),
                ("frame", s.frame.json), ("offset", s.offset.json), ("inset", insets(s.inset)),
                (
                    "contentSize",
                    .object(
                        JSONObject(pairs: [
                            ("width", .number(s.contentSize.width)), ("height", .number(s.contentSize.height)),
                        ]))
                ),
                ("dragging", .bool(s.dragging)), ("decelerating", .bool(s.decelerating)),
                ("state", .string(s.phase.rawValue)),
                ("velocity", s.velocity.json), ("paused", .bool(s.paused)),
            ])
            if let model = s.modelOffset {
                object.append("model", .object(JSONObject(pairs: [("offset", model.json)])))
            }
            if let inset = s.presentationInset {
                object.append("presentation", .object(JSONObject(pairs: [("inset", insets(inset))])))
            }
            return object
        case let .refresh(r):
            return JSONObject(pairs: [
                ("target", .string(r.target)), ("kind", .string("refresh")), ("t", .number(time)),
                ("scroll", .string(r.scroll)),
                ("refreshKind", .string(r.kind.rawValue)), ("style", .string(r.style.rawValue)),
                ("state", .string(r.state.rawValue)),
                ("pullingPercent", .number(r.pullingPercent)), ("alpha", .number(r.alpha)), ("frame", r.frame.json),
                ("title", .string(r.stateTitle)), ("lastUpdated", .string(r.lastUpdatedText)),
                ("remainingTriggers", .number(Double(r.remainingTriggers))),
                ("gifFrame", r.gifFrame.map { .number(Double($0)) } ?? .null),
                ("arrowRotation", .number(r.arrowRotation)), ("spinnerAlpha", .number(r.spinnerAlpha)),
            ])
        }
    }
}
