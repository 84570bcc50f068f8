/// What the Markdown reader does with the parts of a document that are not prose.
public struct MarkdownOptions: Sendable, Equatable {
    public enum CodeBlocks: String, Sendable, Equatable, Codable {
        /// Say `codeAnnouncement` instead of the code.
        case announce
        /// Say nothing.
        case skip
        /// Read the code as text.
        case read
    }

    public var codeBlocks: CodeBlocks
    /// What is said for a code block in `announce` mode.
    public var codeAnnouncement: String
    /// Language when the front matter names none.
    public var defaultLanguage: String
    /// Leave static-site template tags (`{{ … }}`, `{% … %}`) unread.
    public var skipTemplateTags: Bool

    public init(codeBlocks: CodeBlocks = .announce, codeAnnouncement: String = "Code sample.",
                defaultLanguage: String = "en-US", skipTemplateTags: Bool = true) {
        self.codeBlocks = codeBlocks
        self.codeAnnouncement = codeAnnouncement
        self.defaultLanguage = defaultLanguage
        self.skipTemplateTags = skipTemplateTags
    }
}
