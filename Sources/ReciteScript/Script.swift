/// A parsed document: the intermediate representation every stage reads and returns.
///
/// Parsers build it; normalization and pronunciation rewrite the runs' `spoken` text but keep their
/// `source`; segmentation cuts it into units of synthesis.
public struct Script: Sendable, Equatable {
    /// The source file's path as the user named it.
    public var path: String
    /// The document's language (BCP 47, e.g. `en-US`): front matter, `xml:lang`, or the pipeline's.
    public var language: String
    /// The blocks in reading order.
    public var blocks: [Block]
    /// Lexicon files the document itself names (SSML `<lexicon uri>`), already checked to lie
    /// inside the input folder; the pronunciation stage loads them after the pipeline's.
    public var lexicons: [String]

    public init(path: String, language: String, blocks: [Block], lexicons: [String] = []) {
        self.path = path
        self.language = language
        self.blocks = blocks
        self.lexicons = lexicons
    }
}

/// A unit of reading with a pause after it: a heading, a paragraph, a list item, a table cell …
public struct Block: Sendable, Equatable {
    public enum Kind: Sendable, Hashable, Codable {
        /// The document's title (front matter), read first.
        case title
        case heading(level: Int)
        case paragraph
        case listItem
        case quote
        case tableCell
        /// A fenced or indented code block, announced rather than read.
        case code

        /// The name used in the timing sidecar.
        public var name: String {
            switch self {
            case .title: "title"
            case .heading: "heading"
            case .paragraph: "paragraph"
            case .listItem: "listItem"
            case .quote: "quote"
            case .tableCell: "tableCell"
            case .code: "code"
            }
        }
    }

    public var kind: Kind
    /// The whole block in the source.
    public var source: SourceSpan
    public var runs: [Run]

    public init(kind: Kind, source: SourceSpan, runs: [Run]) {
        self.kind = kind
        self.source = source
        self.runs = runs
    }
}
