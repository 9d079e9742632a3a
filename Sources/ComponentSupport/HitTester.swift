public import Geometry

/// Front-to-back hit testing over a list of ``HitRegion``s: the first region whose enlarged
/// frame contains the point wins, as UIKit's hitTest:withEvent: visits the frontmost view first.
///
/// Components report their regions front to back (their own newest-on-top order); the Scene
/// concatenates the lists of its components in its z order.
public struct HitTester: Equatable, Sendable {
    /// The regions, frontmost first.
    public private(set) var regions: [HitRegion]

    /// A tester over `regions`, given frontmost first.
    public init(frontToBack regions: [HitRegion] = []) {
        self.regions = regions
    }

    /// Adds a region behind every region already added.
    public mutating func addBehind(_ region: HitRegion) {
        regions.append(region)
    }

    /// Adds regions (given frontmost first) behind every region already added.
    public mutating func addBehind(contentsOf more: [HitRegion]) {
        regions.append(contentsOf: more)
    }

    /// The frontmost region containing `point`, or nil.
    public func hit(at point: Point) -> HitRegion? {
        regions.first { $0.contains(point) }
    }

    /// Every region containing `point`, frontmost first.
    public func hits(at point: Point) -> [HitRegion] {
        regions.filter { $0.contains(point) }
    }
}
