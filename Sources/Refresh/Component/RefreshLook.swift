import Foundation
import Geometry
import Shapes

/// MJRefresh's look: labels bold 14 pt RGB(90, 90, 90) centred; the arrow (15 x 40 pt) or
/// GIF image left of the widest label by MJRefreshLabelLeftInset (25; GIF 20); a header with
/// its last-updated label splits its height between the two labels.
enum RefreshLook {
    static let labelSize = 14.0
    static let labelColor = Color(red: 90.0 / 255, green: 90.0 / 255, blue: 90.0 / 255)
    static let labelLeftInset = 25.0
    static let gifLabelLeftInset = 20.0
    /// The trailer's one-character-per-line label: line height.
    static let verticalLineHeight = 17.0
    /// The arrow image's size.
    static let arrowSize = Size(width: 15, height: 40)
    /// The GIF placeholder: a pie of this radius, swept by (frame + 1) / count.
    static let gifRadius = 12.0
    /// The spinner (UIActivityIndicatorView medium): 8 spokes from radius 4 to 9, turning once a second.
    static let spokes = 8
    static let spokeInner = 4.0
    static let spokeOuter = 9.0
    static let spokeWidth = 2.0

    /// The arrow pointing down, centred on the origin (built once).
    static let arrowPath: String = {
        var path = PathBuilder()
        let half = arrowSize.height / 2
        path.move(to: Point(x: 0, y: -half + 2))
        path.line(to: Point(x: 0, y: half - 2))
        path.move(to: Point(x: -arrowSize.width / 2 + 1, y: half - 9))
        path.line(to: Point(x: 0, y: half - 2))
        path.line(to: Point(x: arrowSize.width / 2 - 1, y: half - 9))
        return path.data
    }()

    /// The unit direction of each spoke (built once).
    static let spokeDirections: [Point] = (0..<spokes).map { k in
        let angle = 2 * Double.pi * Double(k) / Double(spokes) - Double.pi / 2
        return Point(x: cos(angle), y: sin(angle))
    }
}
