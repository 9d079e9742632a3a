import Geometry
import JSON

extension Point {
    /// `{"x","y"}`, as inspections give points.
    var json: JSONValue {
        .object(JSONObject(pairs: [("x", .number(x)), ("y", .number(y))]))
    }
}

extension Rect {
    /// `{"x","y","width","height"}`, as inspections give frames.
    var json: JSONValue {
        .object(
            JSONObject(pairs: [
                ("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height)),
            ]))
    }
}
