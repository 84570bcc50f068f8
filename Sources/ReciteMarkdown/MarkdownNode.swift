/// An immutable Swift copy of one cmark-gfm node; no C pointer outlives the parse.
struct MarkdownNode: Sendable {
    /// cmark's type name: "paragraph", "heading", "text", "table_cell", "tasklist" …
    var type: String
    var literal: String?
    var headingLevel: Int
    var fenceInfo: String?
    var url: String?
    /// Block positions from cmark: 1-based lines, 1-based columns in UTF-8 bytes; 0 when unknown.
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int
    var children: [MarkdownNode]

    var hasPosition: Bool { startLine > 0 }
}
