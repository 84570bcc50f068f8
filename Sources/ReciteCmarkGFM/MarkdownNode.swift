/// An immutable Swift copy of one cmark-gfm node; no C pointer outlives the parse.
public struct MarkdownNode: Sendable {
    /// cmark's type name: "paragraph", "heading", "text", "table_cell", "tasklist" …
    public var type: String
    public var literal: String?
    public var headingLevel: Int
    public var fenceInfo: String?
    public var url: String?
    /// Block positions from cmark: 1-based lines, 1-based columns in UTF-8 bytes; 0 when unknown.
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int
    public var children: [MarkdownNode]

    public var hasPosition: Bool { startLine > 0 }
}
