import ArgumentParser
import Foundation
import Shapes
import Typesetting

/// `progresscast measure < requests.json`: the server's text measurement for a list of strings,
/// for comparing with a browser's (Tests/browser/test_text_measure.py) and for checking a label.
///
/// Reads a JSON array of `{"text", "size", "weight", "mode", "maxWidth"}` (mode `width`,
/// `truncate` or `wrap`; weight 400 or 700) and writes an array of `{"width", "dir", "lines"}`:
/// `lines` holds `{"text", "width", "dir"}` per line (one for width and truncate), `dir` is
/// `"rtl"` or `"ltr"`, widths are unrounded points.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure, truncate or wrap strings as the server lays text out (JSON in, JSON out).")

    @Option(help: "Input path (- for standard input).")
    var input: String = "-"

    func run() throws {
        let data = try readInput()
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw CommandFailure("\(input == "-" ? "standard input" : input) is not valid JSON")
        }
        guard let requests = parsed as? [[String: Any]] else {
            throw CommandFailure("the input must be a JSON array of objects")
        }
        let layout = try TextLayout()
        var results: [[String: Any]] = []
        for (index, request) in requests.enumerated() {
            guard let text = request["text"] as? String, let size = request["size"] as? Double, size > 0 else {
                throw CommandFailure("request \(index): text (string) and size (number > 0) are required")
            }
            guard let weight = FontWeight(rawValue: request["weight"] as? Int ?? 400) else {
                throw CommandFailure("request \(index): weight must be 400 or 700")
            }
            let mode = request["mode"] as? String ?? "width"
            let maxWidth = request["maxWidth"] as? Double ?? .infinity
            // Truncating or wrapping needs a width to fit: none, or one <= 0, is a mistake.
            if mode == "truncate" || mode == "wrap", !(maxWidth > 0 && maxWidth.isFinite) {
                throw CommandFailure("request \(index): \(mode) needs maxWidth (a number > 0)")
            }
            let font = layout.font(size: size, weight: weight)
            let lines: [TextLine]
            switch mode {
            case "width":
                let rightToLeft = Font.isRightToLeft(text)
                lines = [
                    TextLine(
                        text: text, width: font.width(of: text, rightToLeft: rightToLeft), isRightToLeft: rightToLeft)
                ]
            case "truncate": lines = [font.truncate(text, maxWidth: maxWidth)]
            case "wrap": lines = font.wrap(text, maxWidth: maxWidth).lines
            case let other: throw CommandFailure("request \(index): unknown mode \(other)")
            }
            let described: [[String: Any]] = lines.map {
                ["text": $0.text, "width": $0.width, "dir": $0.isRightToLeft ? "rtl" : "ltr"]
            }
            results.append([
                "width": lines.map(\.width).max() ?? 0, "dir": (lines.first?.isRightToLeft ?? false) ? "rtl" : "ltr",
                "lines": described,
            ])
        }
        let output = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
        FileHandle.standardOutput.write(output)
        FileHandle.standardOutput.write(Data([0x0A]))
    }

    /// The input's bytes (standard input, or the file).
    private func readInput() throws -> Data {
        input == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try CommandFailure.read(input)
    }
}
