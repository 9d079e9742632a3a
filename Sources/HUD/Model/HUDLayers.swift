import Geometry
import Timing

/// The layers of one HUD on the scene's timeline, all owned by the HUD's target id (so timeline
/// events name it): the full-canvas container, the background view, the bezel and the indicator.
struct HUDLayers: Equatable, Sendable {
    var root: LayerID
    var background: LayerID
    var bezel: LayerID
    var indicator: LayerID

    /// The spinner's rotation in radians (a linear 0 -> 2π animation repeating forever).
    static let rotation: PropertyKey = "rotation"

    /// Adds the layers, invisible (MBProgressHUD's views start at alpha 0).
    static func add(owner: String, to timeline: inout Timeline) -> HUDLayers {
        let root = timeline.addLayer(owner: owner, name: "hud")
        let layers = HUDLayers(
            root: root,
            background: timeline.addLayer(parent: root, owner: owner, name: "hud.background"),
            bezel: timeline.addLayer(parent: root, owner: owner, name: "hud.bezel"),
            indicator: timeline.addLayer(parent: root, owner: owner, name: "hud.indicator"))
        timeline.setModel(.scalar(0), for: .opacity, of: layers.background)
        timeline.setModel(.scalar(0), for: .opacity, of: layers.bezel)
        timeline.setModel(.transform(.identity), for: .transform, of: layers.bezel)
        timeline.setModel(.scalar(0), for: HUDLayers.rotation, of: layers.indicator)
        return layers
    }
}

extension HUDLayers {
    /// Whether `id` is one of these layers.
    func contains(_ id: LayerID) -> Bool {
        id == root || id == background || id == bezel || id == indicator
    }
}
