import CCmarkGFM
import ReciteScript

/// The only file that talks to cmark-gfm: parses Markdown with the GFM extensions and copies the
/// tree into `MarkdownNode`s, freeing every C object (in `defer`, so error paths free too), and
/// gives HTML5's character references (for the Markdown, HTML and caption readers alike).
public enum CmarkGFM {
    /// The GFM extensions Recite reads: tables, strikethrough, autolinks, task lists.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Container blocks (quotes, lists, items) deeper than this are not kept as nodes: their
    /// paragraphs and other leaf blocks join the deepest container kept. Markdown of any depth is
    /// read whole, and nothing that walks the tree recurses deeper than the two bounds together.
    public static let maximumBlockDepth = 32
    /// Inline containers (emphasis, links, images, strikethrough) deeper than this are not kept
    /// as nodes: their text joins the deepest inline kept, said without the deeper styles.
    public static let maximumInlineDepth = 32

    /// The tree, and where it was first flattened (cmark's line and byte column), if it was.
    public static func parse(_ text: String) -> (root: MarkdownNode, flattenedAt: (line: Int, byteColumn: Int)?) {
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

    private static let containerBlocks: Set<String> = ["block_quote", "list", "item", "tasklist", "footnote_definition"]
    private static let containerInlines: Set<String> = ["emph", "strong", "link", "image", "strikethrough"]

    /// Copies the tree with cmark's iterator and a stack of the nodes being built, never by
    /// recursion: a line of 50,000 `>` is 50,000 nested quotes.
    private static func convert(_ root: OpaquePointer) -> (MarkdownNode, (line: Int, byteColumn: Int)?) {
        guard let iterator = cmark_iter_new(root) else { fatalError("cmark_iter_new failed: out of memory") }
        defer { cmark_iter_free(iterator) }
        // Each open node, with its copy and the children built so far (nil: flattened, skipped).
        var stack: [(node: OpaquePointer, copy: MarkdownNode?)] = []
        var blockDepth = 0, inlineDepth = 0
        var flattenedAt: (line: Int, byteColumn: Int)?
        /// Position of the innermost block entered: inlines often have none of their own.
        var blockPosition = (line: 0, byteColumn: 0)
        var result: MarkdownNode?

        func close(_ entry: (node: OpaquePointer, copy: MarkdownNode?)) {
            guard let finished = entry.copy else { return }  // flattened: its children are placed
            if containerBlocks.contains(finished.type) { blockDepth -= 1 }
            if containerInlines.contains(finished.type) { inlineDepth -= 1 }
            append(finished, to: &stack, result: &result)
        }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT {
                // Pops to the node exited (what lies above it, if anything, had no exit of its own).
                while let top = stack.popLast() {
                    close(top)
                    if top.node == node { break }
                }
                continue
            }
            guard event == CMARK_EVENT_ENTER else { continue }
            let type = string(cmark_node_get_type_string(node)) ?? "unknown"
            if cmark_node_get_start_line(node) > 0, !containerInlines.contains(type) {
                blockPosition = (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
            }
            let isBlock = containerBlocks.contains(type), isInline = containerInlines.contains(type)
            if (isBlock && blockDepth >= maximumBlockDepth) || (isInline && inlineDepth >= maximumInlineDepth) {
                if flattenedAt == nil { flattenedAt = blockPosition }
                stack.append((node, nil))
                continue
            }
            let copy = copyNode(node, type: type)
            if isLeaf(node) {
                append(copy, to: &stack, result: &result)  // a leaf has no exit event
            } else {
                stack.append((node, copy))
                if isBlock { blockDepth += 1 }
                if isInline { inlineDepth += 1 }
            }
        }
        while let top = stack.popLast() { close(top) }
        return (result ?? MarkdownNode(type: "document", literal: nil, headingLevel: 0, fenceInfo: nil, url: nil,
                                       startLine: 0, startColumn: 0, endLine: 0, endColumn: 0, children: []), flattenedAt)
    }

    /// The nodes cmark's iterator enters without exiting: those that never hold children.
    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK,
             CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
            return true
        default:
            return false
        }
    }

    /// Adds a finished node to the innermost kept node open (or makes it the result: the root).
    private static func append(_ node: MarkdownNode, to stack: inout [(node: OpaquePointer, copy: MarkdownNode?)],
                               result: inout MarkdownNode?) {
        guard let index = stack.lastIndex(where: { $0.copy != nil }) else {
            result = node
            return
        }
        stack[index].copy!.children.append(node)
    }

    /// One node's own fields, without its children.
    private static func copyNode(_ node: OpaquePointer, type: String) -> MarkdownNode {
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
            children: [])
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

// MARK: - Character references

extension CmarkGFM {
    /// What the reference whose body starts `bytes` (after its `&`) stands for, by cmark-gfm's
    /// houdini: HTML5's named references (all 2,231, as CommonMark requires) and numeric ones (an
    /// invalid code point becomes U+FFFD); nil when it is none.
    static func characterReference(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, length: Int)? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var buffer = cmark_strbuf()
        cmark_strbuf_init(cmark_get_default_mem_allocator(), &buffer, 0)
        defer { cmark_strbuf_free(&buffer) }
        let length = houdini_unescape_ent(&buffer, base, bufsize_t(min(bytes.count, Int(Int32.max))))
        guard length > 0, let decoded = buffer.ptr else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: decoded, count: Int(buffer.size)), as: UTF8.self)
        return (text, Int(length))
    }
}

extension CharacterReferences {
    /// HTML5's references (CommonMark's and HTML's), from cmark-gfm's table.
    public static let html5 = CharacterReferences(lookup: CmarkGFM.characterReference)
}
