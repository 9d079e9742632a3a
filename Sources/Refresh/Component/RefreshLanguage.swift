/// MJRefresh.bundle's languages.
public enum RefreshLanguage: String, Equatable, Hashable, Sendable, CaseIterable {
    case en
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"
}
