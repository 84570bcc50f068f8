/// How the HTML reader reads a page.
public struct HTMLOptions: Sendable, Equatable, CustomStringConvertible {
    /// What part of the page is read.
    public enum Content: String, Sendable, Equatable, Codable {
        /// The article, as a reader view shows it: no navigation, header, footer, sidebars,
        /// comments, share bars or advertisements.
        case article
        /// The whole body (scripts, styles and hidden parts left out).
        case whole
    }

    /// What is said for a `<pre>` block (as the Markdown reader does for a code block).
    public enum CodeBlocks: String, Sendable, Equatable, Codable {
        case announce, skip, read
    }

    public var content: Content
    /// Read the page's byline (its author) after the title.
    public var byline: Bool
    public var codeBlocks: CodeBlocks
    /// What is said for a code block in `announce` mode.
    public var codeAnnouncement: String
    /// Language when the page names none (`<html lang>`).
    public var defaultLanguage: String
    /// Say the page's title first. An EPUB's documents are parts of one book: their `<title>`
    /// is a file name more often than a heading, and their headings are read where they stand.
    public var readsTitle = true

    public init(content: Content = .article, byline: Bool = false, codeBlocks: CodeBlocks = .announce,
                codeAnnouncement: String = "Code sample.", defaultLanguage: String = "en-US") {
        self.content = content
        self.byline = byline
        self.codeBlocks = codeBlocks
        self.codeAnnouncement = codeAnnouncement
        self.defaultLanguage = defaultLanguage
    }

    public var description: String {
        "HTMLOptions(content: \(content.rawValue), byline: \(byline), codeBlocks: \(codeBlocks.rawValue), "
            + "codeAnnouncement: \(codeAnnouncement), defaultLanguage: \(defaultLanguage))"
    }
}
