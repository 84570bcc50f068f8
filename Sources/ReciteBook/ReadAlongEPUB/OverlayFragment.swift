/// One highlighted piece of a chapter: the id of its `<span>` in the chapter's XHTML and its clip
/// in the chapter's audio, in whole milliseconds (see `ClockValue`).
struct OverlayFragment: Sendable, Equatable {
    var id: String
    var clipBegin: Int
    var clipEnd: Int
}
