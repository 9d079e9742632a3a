/// A URL prefix served from a directory by libwebsockets' file server.
///
/// libwebsockets resolves `..` in request paths before matching, so files outside
/// `directory` cannot be reached; the longest matching prefix wins. It serves only
/// files whose extension has a known content type (its built-in table covers html,
/// css, js, json, svg, png, jpg, ico, ttf, otf, woff, woff2, ...; add others with
/// ``extraContentTypes``) and refuses the rest.
public struct StaticMount: Sendable, Hashable {
    /// The URL prefix, such as `/` or `/fonts`.
    public var urlPrefix: String
    /// The directory whose files are served under the prefix.
    public var directory: String
    /// The file served for a request of the prefix itself (for example `index.html`).
    public var defaultFile: String?
    /// Extra content types by file extension including the dot (`[".mjs": "text/javascript"]`),
    /// added to libwebsockets' built-in table.
    public var extraContentTypes: [String: String]
    /// `cache-control: max-age` in seconds, or nil for no caching headers.
    public var cacheMaxAge: Int?

    /// Creates a static mount.
    public init(
        urlPrefix: String,
        directory: String,
        defaultFile: String? = nil,
        extraContentTypes: [String: String] = [:],
        cacheMaxAge: Int? = nil
    ) {
        self.urlPrefix = urlPrefix
        self.directory = directory
        self.defaultFile = defaultFile
        self.extraContentTypes = extraContentTypes
        self.cacheMaxAge = cacheMaxAge
    }
}
