import ComponentSupport
import ScrollView

extension FieldReader {
    /// The longest row title template.
    static let maxRowTitleLength = 200
    /// Accepted row heights.
    static let rowHeightRange: ClosedRange<Double> = 1...1000

    /// An optional `rows` object {`count` (0), `height` (44), `title` ("Row %d")}: a table's rows,
    /// as scroll views and navigation screens take them.
    func tableRows(_ field: String) throws(CommandError) -> TableRows? {
        try nested(field, expected: #"an object {"count","height","title"}"#) { r throws(CommandError) in
            TableRows(
                count: try r.integer("count", in: 0...TableRows.maximumCount) ?? 0,
                height: try r.number("height", in: FieldReader.rowHeightRange) ?? 44,
                title: try r.string("title", maxLength: FieldReader.maxRowTitleLength) ?? "Row %d")
        }
    }
}
