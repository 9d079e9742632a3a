import Geometry
import Testing

@testable import HUD

/// A layout computed from the one before reuses the wrapped details only while they would wrap
/// the same: the result always equals a layout computed afresh.
@Suite("a new layout reuses the details' wrapping only when it is the same")
struct HUDLayoutReuseTests {
    private func config(label: String, details: String, margin: Double = HUDMetrics.margin) -> HUDConfiguration {
        var config = HUDConfiguration()
        config.label = label
        config.details = details
        config.margin = margin
        return config
    }

    private let details = "Downloading 3 of 7 files over a slow link, then checking every one of them"

    @Test("after a label change, a margin change, a details change and a narrower canvas, equal to afresh")
    func equalToAfresh() {
        let canvas = Fixture.canvas
        let first = HUDLayout.compute(config(label: "Loading", details: details), canvas: canvas, text: Fixture.text)
        #expect(first.detailsSource?.text == details)
        #expect(first.details != nil)
        let steps: [(HUDConfiguration, Size)] = [
            (config(label: "Loading, a longer label", details: details), canvas),
            (config(label: "Loading", details: details, margin: 30), canvas),
            (config(label: "Loading", details: details + " again"), canvas),
            (config(label: "Loading", details: details), Size(width: 200, height: 300)),
            (config(label: "Loading", details: details), Size(width: 200, height: 110)),
            (config(label: "Loading", details: ""), canvas),
        ]
        var previous = first
        for (config, size) in steps {
            let reused = HUDLayout.compute(config, canvas: size, text: Fixture.text, previous: previous)
            let afresh = HUDLayout.compute(config, canvas: size, text: Fixture.text)
            #expect(reused == afresh, "\(config.label) \(config.details) \(size)")
            previous = reused
        }
    }

    @Test("a label change keeps the details' block; a details change wraps again")
    func reusesOnlyTheSameDetails() throws {
        let before = HUDLayout.compute(config(label: "A", details: details), canvas: Fixture.canvas, text: Fixture.text)
        let relabelled = HUDLayout.compute(
            config(label: "B", details: details), canvas: Fixture.canvas, text: Fixture.text, previous: before)
        #expect(relabelled.detailsSource == before.detailsSource)
        #expect(relabelled.details?.lines == before.details?.lines)
        let rewritten = HUDLayout.compute(
            config(label: "B", details: "Other details"), canvas: Fixture.canvas, text: Fixture.text, previous: before)
        let block = try #require(rewritten.details)
        #expect(block.lines == ["Other details"])
    }
}
