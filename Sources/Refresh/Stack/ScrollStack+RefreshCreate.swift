extension ScrollStack {
    /// refresh.create: a component `kind` on the scroll view `scroll`.
    public struct RefreshCreate: Equatable, Sendable {
        /// The target id.
        public var target: String
        /// The scroll view's target.
        public var scroll: String
        /// Header, back footer, auto footer or trailer.
        public var kind: RefreshKind
        /// Its settings.
        public var options: RefreshOptions

        /// A component.
        public init(target: String, scroll: String, kind: RefreshKind, options: RefreshOptions = RefreshOptions()) {
            self.target = target
            self.scroll = scroll
            self.kind = kind
            self.options = options
        }
    }
}
