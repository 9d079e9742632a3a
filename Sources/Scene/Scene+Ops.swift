import ComponentSupport
import JSON

extension Scene {
    /// Applies one op to a scene at a media time, returning the ack's extra fields.
    typealias OpHandler = @Sendable (inout Scene, FieldReader, Double) throws(CommandError) -> JSONObject

    /// Every scene op. New components add their ops here; tests generate cases from this table.
    static let opTable: [String: OpHandler] = {
        var table: [String: OpHandler] = [:]
        for (name, handler) in componentOps { table[name] = handler }
        return table
    }()
}
