/// MJRefresh.bundle's Localizable.strings (MJRefresh 3.7.9, en / zh-Hans / zh-Hant). The
/// English file has no trailer strings; ProgressCast supplies "Swipe to view details" and
/// "Release to view details" (the meaning of the Chinese ones).
public struct RefreshStrings: Equatable, Sendable {
    /// MJRefreshHeader{Idle,Pulling,Refreshing}Text.
    public var headerIdle, headerPulling, headerRefreshing: String
    /// MJRefreshTrailer{Idle,Pulling}Text.
    public var trailerIdle, trailerPulling: String
    /// MJRefreshAutoFooter{Idle,Refreshing,NoMoreData}Text.
    public var autoFooterIdle, autoFooterRefreshing, autoFooterNoMoreData: String
    /// MJRefreshBackFooter{Idle,Pulling,Refreshing,NoMoreData}Text.
    public var backFooterIdle, backFooterPulling, backFooterRefreshing, backFooterNoMoreData: String
    /// "Last update: " (MJRefreshHeaderLastTimeText).
    public var lastTime: String
    /// "Today".
    public var today: String
    /// "No record".
    public var noRecord: String

    /// The strings of `language`.
    public static func of(_ language: RefreshLanguage) -> RefreshStrings {
        switch language {
        case .en: english
        case .zhHans: simplifiedChinese
        case .zhHant: traditionalChinese
        }
    }

    static let english = RefreshStrings(
        headerIdle: "Pull down to refresh", headerPulling: "Release to refresh", headerRefreshing: "Loading...",
        trailerIdle: "Swipe to view details", trailerPulling: "Release to view details",
        autoFooterIdle: "Tap or pull up to load more", autoFooterRefreshing: "Loading...",
        autoFooterNoMoreData: "No more data",
        backFooterIdle: "Pull up to load more", backFooterPulling: "Release to load more",
        backFooterRefreshing: "Loading...",
        backFooterNoMoreData: "No more data",
        lastTime: "Last update: ", today: "Today", noRecord: "No record")

    static let simplifiedChinese = RefreshStrings(
        headerIdle: "下拉可以刷新", headerPulling: "松开立即刷新", headerRefreshing: "正在刷新数据中...",
        trailerIdle: "滑动查看图文详情", trailerPulling: "释放查看图文详情",
        autoFooterIdle: "点击或上拉加载更多", autoFooterRefreshing: "正在加载更多的数据...", autoFooterNoMoreData: "已经全部加载完毕",
        backFooterIdle: "上拉可以加载更多", backFooterPulling: "松开立即加载更多", backFooterRefreshing: "正在加载更多的数据...",
        backFooterNoMoreData: "已经全部加载完毕",
        lastTime: "最后更新：", today: "今天", noRecord: "无记录")

    static let traditionalChinese = RefreshStrings(
        headerIdle: "下拉可以刷新", headerPulling: "鬆開立即刷新", headerRefreshing: "正在刷新數據中...",
        trailerIdle: "滑動查看圖文詳情", trailerPulling: "釋放查看圖文詳情",
        autoFooterIdle: "點擊或上拉加載更多", autoFooterRefreshing: "正在加載更多的數據...", autoFooterNoMoreData: "已經全部加載完畢",
        backFooterIdle: "上拉可以加載更多", backFooterPulling: "鬆開立即加載更多", backFooterRefreshing: "正在加載更多的數據...",
        backFooterNoMoreData: "已經全部加載完畢",
        lastTime: "最後更新：", today: "今天", noRecord: "無記錄")

    /// The default title of `kind` in `state` ("" where MJRefresh sets none).
    public func title(_ kind: RefreshKind, _ state: RefreshState) -> String {
        switch (kind, state) {
        case (.header, .idle): headerIdle
        case (.header, .pulling): headerPulling
        case (.header, .refreshing): headerRefreshing
        case (.trailer, .idle): trailerIdle
        // MJRefreshStateTrailer shows the pulling text while refreshing.
        case (.trailer, .pulling), (.trailer, .refreshing): trailerPulling
        case (.autoFooter, .idle): autoFooterIdle
        case (.autoFooter, .refreshing): autoFooterRefreshing
        case (.autoFooter, .noMoreData): autoFooterNoMoreData
        case (.backFooter, .idle): backFooterIdle
        case (.backFooter, .pulling): backFooterPulling
        case (.backFooter, .refreshing): backFooterRefreshing
        case (.backFooter, .noMoreData): backFooterNoMoreData
        default: ""
        }
    }
}
