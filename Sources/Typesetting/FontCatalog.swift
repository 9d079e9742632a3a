public import Shapes

/// The font files ProgressCast measures with and the page draws with: DejaVu Sans (regular and
/// bold) from Debian's fonts-dejavu-core, and Droid Sans Fallback (fonts-droid-fallback) for CJK.
///
/// The server mounts ``fontsDirectory`` at ``urlPrefix``, so the page loads exactly these files
/// (``FontFile/urlPath``) under the CSS family ``familyName``.
public struct FontCatalog: Sendable {
    /// What a file is used for.
    public enum Role: String, Sendable, CaseIterable {
        /// Weight 400.
        case regular
        /// Weight 700.
        case bold
        /// Characters the DejaVu faces lack (CJK), at either weight.
        case fallback
    }

    /// One font file: where the server reads it and where the page fetches it.
    public struct FontFile: Equatable, Sendable {
        /// What the file is used for.
        public var role: Role
        /// Absolute path on the server.
        public var path: String
        /// URL path the page loads it from.
        public var urlPath: String

        /// Creates a value with these fields (see the type's documentation for their meaning).
        public init(role: Role, path: String, urlPath: String) {
            self.role = role
            self.path = path
            self.urlPath = urlPath
        }
    }

    /// The CSS font family the page defines from these files.
    public static let familyName = "ProgressCast Sans"
    /// The directory the server serves fonts from.
    public static let fontsDirectory = "/usr/share/fonts/truetype"
    /// The URL path ``fontsDirectory`` is mounted at.
    public static let urlPrefix = "/fonts"

    /// The standard files, in role order (regular, bold, fallback).
    public static let standardFiles: [FontFile] = [
        FontFile(
            role: .regular, path: fontsDirectory + "/dejavu/DejaVuSans.ttf",
            urlPath: urlPrefix + "/dejavu/DejaVuSans.ttf"),
        FontFile(
            role: .bold, path: fontsDirectory + "/dejavu/DejaVuSans-Bold.ttf",
            urlPath: urlPrefix + "/dejavu/DejaVuSans-Bold.ttf"),
        FontFile(
            role: .fallback, path: fontsDirectory + "/droid/DroidSansFallbackFull.ttf",
            urlPath: urlPrefix + "/droid/DroidSansFallbackFull.ttf"),
    ]

    /// The files this catalog was loaded from, in role order.
    public let files: [FontFile]
    /// DejaVu Sans (weight 400).
    public let regular: FontFace
    /// DejaVu Sans Bold (weight 700).
    public let bold: FontFace
    /// Droid Sans Fallback, for characters DejaVu lacks (CJK).
    public let fallback: FontFace

    /// Loads the three faces (about 20 ms; load once and share, the catalog is immutable).
    /// - Parameter files: one file per role; missing roles use ``standardFiles``.
    /// - Throws: ``FontError`` for the first file that cannot be loaded.
    public init(files: [FontFile] = FontCatalog.standardFiles) throws(FontError) {
        func file(_ role: Role) -> FontFile {
            files.first { $0.role == role } ?? FontCatalog.standardFiles.first { $0.role == role }
                ?? FontFile(role: role, path: "", urlPath: "")
        }
        let chosen = Role.allCases.map(file)
        self.files = chosen
        regular = try FontFace(contentsOf: chosen[0].path)
        bold = try FontFace(contentsOf: chosen[1].path)
        fallback = try FontFace(contentsOf: chosen[2].path)
    }

    /// The primary face for a weight.
    public func face(for weight: FontWeight) -> FontFace {
        weight == .bold ? bold : regular
    }

    /// A font of this catalog at `size` points and `weight`, falling back to the CJK face.
    public func font(size: Double, weight: FontWeight) -> Font {
        Font(primary: face(for: weight), fallback: fallback, size: size)
    }
}
