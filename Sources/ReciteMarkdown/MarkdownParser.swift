import Foundation
import ReciteCmarkGFM
import ReciteScript

/// Parse stage for Markdown: a source file into a `Script`.
///
/// Headings, paragraphs, list items, block quotes and table cells become blocks in reading order;
/// link text is read and not the URL, an image by its alt text, code blocks are announced, front
/// matter is skipped and its title read first.
public enum MarkdownParser {
    public static func parse(_ source: SourceText, options: MarkdownOptions = MarkdownOptions()) -> Script {
        read(source, options: options).script
    }

    /// The script, and a warning if the document nests deeper than Recite keeps (it is read
    /// whole all the same, the deeper levels flattened).
    public static func read(_ source: SourceText, options: MarkdownOptions = MarkdownOptions()) -> (script: Script, warnings: [Warning]) {
        let lines = SourceTextLines(source)
        let frontMatter = FrontMatter.find(in: lines)

        // cmark sees the file with the front matter and template tags blanked out, byte for
        // byte, so the positions it reports are positions in the real file.
        var hiddenRanges = frontMatter.map { [$0.range] } ?? []
        if options.skipTemplateTags {
            hiddenRanges += TemplateTags.ranges(in: source.scalars)
        }
        let hidden = HiddenText(count: source.scalars.count, ranges: hiddenRanges)
        let (root, flattenedAt) = CmarkGFM.parse(hiddenRanges.isEmpty ? source.text(scalars: 0..<source.scalars.count)
                                                                     : hidden.visibleText(of: source))
        var warnings: [Warning] = []
        if let refused = frontMatter?.refused {
            warnings.append(Warning(path: source.path, location: SourceLocation(line: refused.line, column: refused.column),
                                    message: "The front matter \(refused.message): it is ignored (its title and language too), and the document is read."))
        }
        if let at = flattenedAt {
            let index = source.scalarIndex(line: at.line, byteColumn: at.byteColumn)
            let span = source.span(scalars: index..<index)
            warnings.append(Warning(path: source.path, location: SourceLocation(line: span.line, column: span.column),
                                    message: "Quotes, lists, emphasis or links are nested deeper than Recite keeps "
                                        + "(\(CmarkGFM.maximumBlockDepth) levels of blocks, \(CmarkGFM.maximumInlineDepth) of inlines); "
                                        + "the deeper levels are read as plain text of the level above."))
        }

        var walker = Walker(source: source, options: options, hidden: hiddenRanges.isEmpty ? nil : hidden.mask)
        if let frontMatter, let title = frontMatter.title, !title.isEmpty {
            walker.addTitle(title, frontMatter: frontMatter.range)
        }
        walker.visitBlocks(root.children, context: .paragraph)
        walker.dropTitleRepeatedByFirstHeading()
        return (Script(path: source.path, language: frontMatter?.language ?? options.defaultLanguage,
                       blocks: walker.blocks), warnings)
    }
}

/// Walks the cmark tree once, block by block, and builds each block's runs.
private struct Walker {
    let source: SourceText
    let options: MarkdownOptions
    var blocks: [Block] = []
    /// Where the next text is looked for in the source.
    var cursor = 0
    /// Code points cmark did not see (front matter, template tags): never matched to text.
    let hidden: [Bool]?

    init(source: SourceText, options: MarkdownOptions, hidden: [Bool]?) {
        self.source = source
        self.options = options
        self.hidden = hidden
    }

    func makeBuilder() -> BlockTextBuilder {
        var builder = BlockTextBuilder(source: source)
        builder.hidden = hidden
        builder.references = .html5
        return builder
    }

    // MARK: - Blocks

    /// A front-matter title that the document's first heading repeats ("title: Studio" then
    /// "# Studio") would be read twice: the heading, which is in the text, is kept.
    mutating func dropTitleRepeatedByFirstHeading() {
        guard blocks.count >= 2, blocks[0].kind == .title, case .heading = blocks[1].kind else { return }
        func words(_ block: Block) -> [String] {
            block.runs.compactMap(\.spoken).map { wordCore($0).lowercased() }.filter { !$0.isEmpty }
        }
        if words(blocks[0]) == words(blocks[1]) { blocks.removeFirst() }
    }

    mutating func addTitle(_ title: String, frontMatter: Range<Int>) {
        // Point the title's words at the value in the front matter when it is written there verbatim.
        let matter = source.text(scalars: frontMatter)
        var origin = frontMatter
        if let found = matter.range(of: title) {
            let lo = matter.unicodeScalars.distance(from: matter.unicodeScalars.startIndex, to: found.lowerBound)
            origin = frontMatter.lowerBound + lo ..< frontMatter.lowerBound + lo + title.unicodeScalars.count
        }
        var builder = BlockTextBuilder(source: source)  // the front matter is hidden from the others
        var c = origin.lowerBound
        builder.appendAligned(title, cursor: &c, limit: origin.upperBound, style: RunStyle())
        appendBlock(.title, range: origin, builder: &builder)
    }

    /// Visits block-level nodes; `context` is the kind their paragraphs take (list item, quote …).
    mutating func visitBlocks(_ nodes: [MarkdownNode], context: Block.Kind) {
        for node in nodes { visitBlock(node, context: context) }
    }

    mutating func visitBlock(_ node: MarkdownNode, context: Block.Kind) {
        switch node.type {
        case "paragraph":
            readInlineBlock(node, kind: context)
        case "heading":
            readInlineBlock(node, kind: .heading(level: node.headingLevel))
        case "list":
            visitBlocks(node.children, context: .listItem)
        case "item", "tasklist":
            visitBlocks(node.children, context: .listItem)
        case "block_quote":
            visitBlocks(node.children, context: .quote)
        case "footnote_definition":
            visitBlocks(node.children, context: .paragraph)
        case "code_block":
            readCode(node)
        case "table":
            for row in node.children {
                for cell in row.children where cell.type == "table_cell" {
                    readInlineBlock(cell, kind: .tableCell, fallbackCursor: true)
                }
            }
        default:
            // html_block, thematic_break and unknown blocks are not read.
            break
        }
    }

    mutating func readCode(_ node: MarkdownNode) {
        let range = scalarRange(of: node)
        var builder = makeBuilder()
        switch options.codeBlocks {
        case .skip:
            return
        case .announce:
            builder.appendGenerated(options.codeAnnouncement, origin: range, style: RunStyle())
        case .read:
            var c = range.lowerBound
            builder.appendAligned(node.literal ?? "", cursor: &c, limit: range.upperBound, style: RunStyle())
        }
        appendBlock(.code, range: range, builder: &builder)
    }

    /// A block whose children are inlines: one `Block` of runs.
    mutating func readInlineBlock(_ node: MarkdownNode, kind: Block.Kind, fallbackCursor: Bool = false) {
        var range = scalarRange(of: node)
        if !node.hasPosition && fallbackCursor {
            range = cursor..<source.scalars.count
        }
        cursor = range.lowerBound
        var builder = makeBuilder()
        visitInlines(node.children, builder: &builder, style: RunStyle(), limit: range.upperBound)
        if range.isEmpty { range = cursor..<cursor }
        appendBlock(kind, range: range, builder: &builder)
    }

    mutating func appendBlock(_ kind: Block.Kind, range: Range<Int>, builder: inout BlockTextBuilder) {
        let runs = builder.finish(fallback: range)
        guard runs.contains(where: { $0.spoken != nil }) else { return }
        blocks.append(Block(kind: kind, source: source.span(scalars: range), runs: runs))
    }

    // MARK: - Inlines

    mutating func visitInlines(_ nodes: [MarkdownNode], builder: inout BlockTextBuilder, style: RunStyle, limit: Int) {
        for node in nodes {
            switch node.type {
            case "text", "code":
                builder.appendAligned(node.literal ?? "", cursor: &cursor, limit: limit, style: style)
            case "softbreak", "linebreak":
                builder.appendSpace()
            case "emph":
                var inner = style
                inner.emphasis = .moderate
                visitInlines(node.children, builder: &builder, style: inner, limit: limit)
            case "strong":
                var inner = style
                inner.emphasis = .strong
                visitInlines(node.children, builder: &builder, style: inner, limit: limit)
            case "link", "image":
                visitInlines(node.children, builder: &builder, style: style, limit: limit)
                skipLinkDestination(limit: limit)
            case "strikethrough":
                visitInlines(node.children, builder: &builder, style: style, limit: limit)
            default:
                // html_inline, footnote_reference: nothing to read.
                break
            }
        }
    }

    /// After a link's text, moves the cursor past `](url "title")` or `][ref]` so the URL's
    /// characters are never mistaken for the text that follows. Only markup may stand between
    /// the text and its `]`: an autolink (`https://…` written bare) has none, and looking further
    /// for a `]` once jumped the cursor over half a paragraph written on one line.
    mutating func skipLinkDestination(limit: Int) {
        let s = source.scalars
        var i = cursor
        while i < limit, Self.markupBeforeBracket.contains(s[i]) { i += 1 }
        guard i < limit, s[i] == "]" else { return }
        i += 1
        guard i < limit else { cursor = i; return }
        let (open, close): (Unicode.Scalar, Unicode.Scalar)
        switch s[i] {
        case "(": (open, close) = ("(", ")")
        case "[": (open, close) = ("[", "]")
        default: cursor = i; return
        }
        var depth = 0
        while i < limit {
            if s[i] == open { depth += 1 } else if s[i] == close { depth -= 1; if depth == 0 { i += 1; break } }
            i += 1
        }
        cursor = i
    }

    /// What may follow a link's last character before its `]`: emphasis, code and strikethrough
    /// delimiters, an escape, an image's `[` (an empty text), and white space.
    static let markupBeforeBracket: Set<Unicode.Scalar> = ["*", "_", "~", "`", "\\", "[", "!", " ", "\t", "\n"]

    // MARK: - Positions

    /// The code points a node covers, from cmark's line and byte-column positions.
    func scalarRange(of node: MarkdownNode) -> Range<Int> {
        guard node.hasPosition else { return cursor..<cursor }
        let lo = source.scalarIndex(line: node.startLine, byteColumn: node.startColumn)
        var hi = source.scalarIndex(line: node.endLine, byteColumn: node.endColumn)
        if hi < source.scalars.count { hi += 1 }
        return lo..<max(lo, hi)
    }
}
