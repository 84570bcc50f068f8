import CCmarkGFM

/// The only file that talks to cmark-gfm: parses Markdown with the GFM extensions and copies the
/// tree into `MarkdownNode`s, freeing every C object (in `defer`, so error paths free too).
enum CmarkGFM {
    /// The GFM extensions Recite reads: tables, strikethrough, autolinks, task lists.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    static func parse(_ text: String) -> MarkdownNode {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(recite_cmark_options()) else {
            fatalError("cmark_parser_new failed: out of memory")
        }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            fatalError("cmark_parser_finish failed: out of memory")
        }
        defer { cmark_node_free(root) }
        return convert(root)
    }

    private static func convert(_ node: OpaquePointer) -> MarkdownNode {
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(convert(current))
            child = cmark_node_next(current)
        }
        let type = string(cmark_node_get_type_string(node)) ?? "unknown"
        var literal = string(cmark_node_get_literal(node))
        if type == "tasklist" {
            literal = cmark_gfm_extensions_get_tasklist_item_checked(node) ? "checked" : "unchecked"
        }
        return MarkdownNode(
            type: type,
            literal: literal,
            headingLevel: type == "heading" ? Int(cmark_node_get_heading_level(node)) : 0,
            fenceInfo: type == "code_block" ? string(cmark_node_get_fence_info(node)) : nil,
            url: (type == "link" || type == "image") ? string(cmark_node_get_url(node)) : nil,
            startLine: Int(cmark_node_get_start_line(node)),
            startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)),
            endColumn: Int(cmark_node_get_end_column(node)),
            children: children)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
