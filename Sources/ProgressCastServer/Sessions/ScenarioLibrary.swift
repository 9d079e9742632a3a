import ComponentSupport
import Foundation
import JSON
import Session

/// The built-in scenarios: command scripts (`NAME.json`, an array of [seconds, op]) in a folder,
/// with a title taken from an optional first entry `[0, {"op":"scenario.title","title":"..."}]`.
struct ScenarioLibrary {
    struct Scenario {
        var name: String
        var title: String
        var script: CommandScript
    }

    private(set) var scenarios: [Scenario] = []

    /// Loads every valid script in `directory` (invalid ones are skipped with a log line).
    init(directory: String, log: (String) -> Void) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for file in files.sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
            do {
                var script = try CommandScript.parse(Array(data))
                var title = name
                if let first = script.steps.first, first.op["op"]?.stringValue == "scenario.title" {
                    title = first.op["title"]?.stringValue ?? name
                    script.steps.removeFirst()
                }
                scenarios.append(Scenario(name: name, title: title, script: script))
            } catch {
                log("scenario \(file) skipped: \(error.message)")
            }
        }
    }

    func scenario(named name: String) -> Scenario? { scenarios.first { $0.name == name } }

    /// `[{"name","title","duration"}]` for `/api/scenarios`.
    var listing: JSONValue {
        .array(
            scenarios.map {
                .object(
                    JSONObject(pairs: [
                        ("name", .string($0.name)), ("title", .string($0.title)),
                        ("duration", .number($0.script.duration)),
                    ]))
            })
    }
}
