// swift-tools-version:6.0
import PackageDescription

// Layering (SPEC.md section 2): engines (Geometry, Timing, Drawing, components, Scene)
// know nothing of the network; the transport (CLibWebSockets, WebSocketServer) knows
// nothing of HUDs; ProgressCastServer glues them; `progresscast` is the CLI.
let package = Package(
    name: "ProgressCast",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "progresscast", targets: ["progresscast"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: Engines (deterministic, no I/O)
        .target(name: "Geometry"),
        .target(name: "Timing", dependencies: ["Geometry"]),

        // MARK: Transport (knows nothing of HUDs)

        // MARK: Executables
        .executableTarget(name: "progresscast", dependencies: [
            "Timing",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: Tests
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing"]),
    ],
    swiftLanguageModes: [.v6]
)
