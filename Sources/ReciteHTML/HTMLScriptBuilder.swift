import Foundation
import ReciteCmarkGFM
import ReciteScript

/// Walks the article's elements in document order and builds the script's blocks: headings,
/// paragraphs, list items, quotes, table cells, figure captions, image descriptions and code,
/// every word aligned on the page's raw bytes.
struct HTMLScriptBuilder {
    let page: HTMLPage
    let source: SourceText
    let markup: SourceMarkup
    let locator: TextLocator
    let dropped: [Bool]
    let options: HTMLOptions
    var blocks: [Block] = []

    private var builder: BlockTextBuilder
    private var kind: Block.Kind = .paragraph
    /// The code points the block being built covers.
    private var lower = Int.max, upper = Int.min
    /// Where the last text was found: text not located is looked for from here.
    private var cursor = 0
    private var dataTables: [Int: Bool] = [:]
    /// The page title's words: an image whose description repeats it describes nothing.
    var titleWords: [String] = []
    /// Descriptions already said: one repeated on many images is boilerplate.
    private var saidDescriptions: Set<String> = []
    /// Whether a block element has text of its own beside its block children (asked once per
    /// block: a block of a hundred thousand images would otherwise be searched for each).
    private var blockHasText: [Int: Bool] = [:]
    /// Indices in `blocks` of the blocks that are images' descriptions.
    private var descriptionBlocks: Set<Int> = []

    init(page: HTMLPage, source: SourceText, markup: SourceMarkup, locator: TextLocator, dropped: [Bool], options: HTMLOptions) {
        self.page = page
        self.source = source
        self.markup = markup
        self.locator = locator
        self.dropped = dropped
        self.options = options
        builder = BlockTextBuilder.html(source)
        builder.hidden = markup.hidden
    }

    static let headings: [String: Int] = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]
    static let blockNames = ArticleExtractor.blockNames

    // MARK: - Walking

    mutating func walk(_ i: Int, context: Block.Kind, style: RunStyle = RunStyle()) {
        let node = page.nodes[i]
        if dropped[i] { return }
        if node.isText {
            appendText(i, context: context, style: style)
            return
        }
        switch node.name {
        case "br":
            builder.appendSpace()
        case "img":
            readImage(i)
        case "pre" where isCode(i):
            flush()
            readCode(i)
        case let name where Self.headings[name] != nil:
            flush()
            walkChildren(i, context: .heading(level: Self.headings[name]!), style: style)
            flush()
        case "li", "dt", "dd":
            flush()
            walkChildren(i, context: context == .quote ? .quote : .listItem, style: style)
            flush()
        case "blockquote":
            flush()
            walkChildren(i, context: .quote, style: style)
            flush()
        case "td", "th":
            flush()
            walkChildren(i, context: isDataTable(cell: i) ? .tableCell : context, style: style)
            flush()
        case "figcaption", "caption":
            flush()
            walkChildren(i, context: .paragraph, style: style)
            flush()
        case "em", "i", "cite":
            var inner = style
            inner.emphasis = .moderate
            walkChildren(i, context: context, style: inner)
        case "strong", "b":
            var inner = style
            inner.emphasis = .strong
            walkChildren(i, context: context, style: inner)
        case let name where Self.blockNames.contains(name):
            flush()
            walkChildren(i, context: context, style: style)
            flush()
        default:
            walkChildren(i, context: context, style: style)
        }
    }

    mutating func walkChildren(_ i: Int, context: Block.Kind, style: RunStyle) {
        for child in page.nodes[i].children { walk(child, context: context, style: style) }
    }

    mutating func appendText(_ i: Int, context: Block.Kind, style: RunStyle) {
        var text = page.nodes[i].text
        if options.content == .article, isInCaption(i) { text = Self.withoutCredit(text) }
        guard text.unicodeScalars.contains(where: { !$0.isWhiteSpace }) else {
            if !builder.isEmpty { builder.appendSpace() }
            return
        }
        if builder.isEmpty { kind = context }
        var c = locator.starts[i] ?? cursor
        let start = c
        builder.appendAligned(text, cursor: &c, limit: source.scalars.count, style: style)
        if locator.starts[i] != nil {
            lower = min(lower, start)
            upper = max(upper, c)
            cursor = c
        }
    }

    /// Whether text node `i` is in a figure's caption.
    func isInCaption(_ i: Int) -> Bool {
        var k = page.nodes[i].parent
        for _ in 0..<4 where k >= 0 {
            if page.nodes[k].name == "figcaption" || page.nodes[k].name == "caption" { return true }
            k = page.nodes[k].parent
        }
        return false
    }

    /// A caption's (or an image description's) text without the photo credit at its end: "… items. (Ellen M. Banner / The
    /// Seattle Times)", "… at dusk. Photo: Ann Lee". A caption that is only a credit is left as is.
    static func withoutCredit(_ text: String) -> String {
        // A name, a slash, an agency, in capitals, in parentheses: "(Ellen M. Banner / The Seattle Times)".
        let parenthesized = #"\s*\((Photo|Image|Credit|Courtesy)?:?\s*[A-Z][^()/]{1,60}\s?/\s?[A-Z][^()]{1,60}\)\s*$"#
        // After a sentence: "Photo: Ann Lee", "Image by Sam Cole".
        let labelled = #"(?<=[.!?])\s+(photo(graph)?|image|credit|courtesy|illustration)s?( by|:)[^.]{2,80}$"#
        let patterns: [(String, String.CompareOptions)] = [(parenthesized, .regularExpression),
                                                           (labelled, [.regularExpression, .caseInsensitive])]
        for (pattern, options) in patterns {
            if let r = text.range(of: pattern, options: options), text[..<r.lowerBound].contains(where: { $0.isLetter }) {
                return String(text[..<r.lowerBound])
            }
        }
        return text
    }

    /// Ends the block being built.
    mutating func flush() {
        guard !builder.isEmpty else { return }
        let range = lower <= upper ? lower..<upper : cursor..<cursor
        append(kind, range: range)
    }

    private mutating func append(_ kind: Block.Kind, range: Range<Int>) {
        let runs = builder.finish(fallback: range)
        lower = .max
        upper = .min
        guard runs.contains(where: { $0.spoken != nil }) else { return }
        blocks.append(Block(kind: kind, source: source.span(scalars: range), runs: runs))
    }

    // MARK: - Code, images, tables

    /// The code points from the first to the last located text of a subtree.
    func range(of i: Int) -> Range<Int>? {
        var lo = Int.max, hi = Int.min
        for k in i..<page.subtreeEnd(i) {
            if let s = locator.starts[k] { lo = min(lo, s) }
            if let e = locator.ends[k] { hi = max(hi, e) }
        }
        return lo <= hi ? lo..<hi : nil
    }

    mutating func readCode(_ i: Int) {
        guard let range = range(of: i) else { return }
        switch options.codeBlocks {
        case .skip:
            return
        case .announce:
            builder.appendGenerated(options.codeAnnouncement, origin: range, style: RunStyle())
            cursor = range.upperBound
            append(.code, range: range)
        case .read:
            walkChildren(i, context: .code, style: RunStyle())
            kind = .code
            flush()
        }
    }

    /// Whether a `<pre>` holds code (announced) rather than preformatted prose (read), such as
    /// a plain-text RFC: code is marked as such, or is dense in the symbols of programs.
    func isCode(_ i: Int) -> Bool {
        let end = page.subtreeEnd(i)
        if (i + 1..<end).contains(where: { ["code", "samp", "kbd"].contains(page.nodes[$0].name) }) { return true }
        let names = ClassHints.names(page.nodes[i].attributes)
        if ["code", "highlight", "lang", "syntax", "source", "prettyprint", "brush", "console", "shell"].contains(where: { names.contains($0) }) {
            return true
        }
        var letters = 0, symbols = 0
        for k in i..<end where page.nodes[k].isText {
            for s in page.nodes[k].text.unicodeScalars {
                if s.properties.isAlphabetic { letters += 1 } else if "{}[]();=<>*/\\|$#_&+".unicodeScalars.contains(s) { symbols += 1 }
            }
        }
        return symbols * 12 > letters
    }

    /// An image is read by its description when it stands alone (not inside a line of text)
    /// and no figure caption says it already.
    mutating func readImage(_ i: Int) {
        guard builder.isEmpty, var alt = page.nodes[i].attributes["alt"]?.trimmingWhitespace,
              Self.isDescription(alt, of: page.nodes[i].attributes["src"] ?? "") else { return }
        if options.content == .article { alt = Self.withoutCredit(alt) }
        let altWords = Self.words(alt)
        guard saidDescriptions.insert(altWords.joined(separator: " ")).inserted else { return }
        if titleWords.count >= 3, altWords.count >= titleWords.count,
           (0...(altWords.count - titleWords.count)).contains(where: { Array(altWords[$0..<$0 + titleWords.count]) == titleWords }) { return }
        var ancestor = page.nodes[i].parent
        while ancestor >= 0, !Self.blockNames.contains(page.nodes[ancestor].name) { ancestor = page.nodes[ancestor].parent }
        if ancestor >= 0 {
            if page.nodes[ancestor].name == "figure", let caption = page.first("figcaption", in: ancestor),
               !page.text(of: caption).trimmingWhitespace.isEmpty { return }
            // Text beside it in the same line of text: the image is part of that text.
            if blockHasText[ancestor] == nil {
                blockHasText[ancestor] = page.nodes[ancestor].children.contains { child in
                    !Self.blockNames.contains(page.nodes[child].name) && !page.text(of: child).trimmingWhitespace.isEmpty
                }
            }
            if blockHasText[ancestor]! { return }
        }
        // The words point at the attribute's value in the tag.
        let ordinal = page.nodes[i].ordinal
        guard let tags = markup.startTags["img"], ordinal < tags.count else { return }
        let tag = tags[ordinal]
        var attributeBuilder = BlockTextBuilder.html(source)
        var c = tag.lowerBound
        let tagText = source.text(scalars: tag)
        if let found = tagText.range(of: "alt=", options: .caseInsensitive) {
            c += tagText.unicodeScalars.distance(from: tagText.unicodeScalars.startIndex, to: found.upperBound)
        }
        attributeBuilder.appendAligned(alt, cursor: &c, limit: tag.upperBound, style: RunStyle())
        let runs = attributeBuilder.finish(fallback: tag)
        if runs.contains(where: { $0.spoken != nil }) {
            descriptionBlocks.insert(blocks.count)
            blocks.append(Block(kind: .paragraph, source: source.span(scalars: tag), runs: runs))
        }
    }

    /// Leaves out the images' descriptions that the text beside them says already (a caption
    /// outside a `<figure>` that repeats the alt text).
    mutating func dropRepeatedDescriptions() {
        let repeated = descriptionBlocks.filter { k in
            let said = Self.words(blocks[k])
            return [k - 1, k + 1].contains { n in
                guard blocks.indices.contains(n), !descriptionBlocks.contains(n) else { return false }
                let beside = Self.words(blocks[n])
                guard beside.count >= said.count else { return false }
                return (0...(beside.count - said.count)).contains { Array(beside[$0..<$0 + said.count]) == said }
            }
        }
        for k in repeated.sorted(by: >) { blocks.remove(at: k) }
        descriptionBlocks = []
    }

    /// Alt text worth saying: not empty, not a file name, not a generic word.
    static func isDescription(_ alt: String, of source: String = "") -> Bool {
        let lower = alt.lowercased()
        guard alt.count >= 3, !["image", "photo", "picture", "img", "logo", "icon", "thumbnail", "avatar"].contains(lower) else { return false }
        for ext in [".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg"] where lower.hasSuffix(ext) { return false }
        // The file's own name, as a blog's editor fills it in ("haxforumtopic" for
        // haxforumtopic.png, "IMG_2041"): a name, not a description.
        let file = source.split(separator: "?").first.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
        let stem = file.split(separator: ".").first.map(String.init) ?? ""
        func bare(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        if !stem.isEmpty, bare(stem) == bare(alt) { return false }
        return true
    }

    /// A table of data (cells read one by one) rather than one used for layout.
    mutating func isDataTable(cell: Int) -> Bool {
        var t = page.nodes[cell].parent
        while t >= 0, page.nodes[t].name != "table" { t = page.nodes[t].parent }
        guard t >= 0 else { return false }
        if let known = dataTables[t] { return known }
        let node = page.nodes[t]
        var data: Bool
        if node.attributes["role"]?.lowercased() == "presentation" {
            data = false
        } else {
            let end = page.subtreeEnd(t)
            let names = (t + 1..<end).map { page.nodes[$0].name }
            let nested = names.contains("table")
            let blocky = names.contains { ["p", "div", "ul", "ol", "h1", "h2", "h3", "blockquote", "pre"].contains($0) }
            let hasHeader = names.contains("th") || names.contains("thead") || names.contains("caption")
            let rows = names.filter { $0 == "tr" }.count
            let cells = names.filter { $0 == "td" || $0 == "th" }.count
            data = !nested && (hasHeader || (!blocky && rows >= 2 && cells > rows))
        }
        dataTables[t] = data
        return data
    }

    // MARK: - Title and byline

    /// Puts the title first: the article's own heading when it says the title (moved, so it is
    /// said once), else the page's title read from where it is written.
    mutating func addTitle(_ metadata: PageMetadata) {
        guard let title = metadata.title, !title.isEmpty else { return }
        let wanted = Self.words(title)
        // The article's heading that repeats the title, among its first blocks.
        for k in blocks.indices.prefix(4) {
            guard case .heading = blocks[k].kind else { continue }
            if Self.sameTitle(Self.words(blocks[k]), wanted) {
                var heading = blocks.remove(at: k)
                heading.kind = .title
                blocks.insert(heading, at: 0)
                return
            }
        }
        // A heading of the page (perhaps in a header left out) that says it.
        for (i, node) in page.nodes.enumerated() where node.name == "h1" {
            if Self.sameTitle(Self.words(page.text(of: i)), wanted), let range = range(of: i) {
                var b = BlockTextBuilder.html(source)
                b.hidden = markup.hidden
                for k in i..<page.subtreeEnd(i) where page.nodes[k].isText {
                    guard var c = locator.starts[k] else { continue }
                    b.appendAligned(page.nodes[k].text, cursor: &c, limit: source.scalars.count, style: RunStyle())
                }
                insertTitle(&b, range: range)
                return
            }
        }
        var b = BlockTextBuilder.html(source)
        var spoken = title
        var range = 0..<0
        if let meta = metadata.titleMeta, let tags = markup.startTags["meta"], page.nodes[meta].ordinal < tags.count {
            range = tags[page.nodes[meta].ordinal]
            var c = range.lowerBound
            let text = source.text(scalars: range)
            if let found = text.range(of: "content=", options: .caseInsensitive) {
                c += text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.upperBound)
            }
            b.appendAligned(title, cursor: &c, limit: range.upperBound, style: RunStyle())
        } else if let element = metadata.titleElement, let r = self.range(of: element) {
            range = r
            spoken = Self.trimmedTitle(title)
            b.hidden = markup.hidden
            var c = r.lowerBound
            b.appendAligned(spoken, cursor: &c, limit: r.upperBound, style: RunStyle())
        } else {
            b.appendGenerated(title, origin: range, style: RunStyle())
        }
        insertTitle(&b, range: range)
    }

    private mutating func insertTitle(_ b: inout BlockTextBuilder, range: Range<Int>) {
        let runs = b.finish(fallback: range)
        guard runs.contains(where: { $0.spoken != nil }) else { return }
        blocks.insert(Block(kind: .title, source: source.span(scalars: range), runs: runs), at: 0)
        // The same heading further on (a page that repeats its headline) is not said twice.
        let title = Self.words(blocks[0])
        if let k = blocks.indices.dropFirst().prefix(4).first(where: { blocks[$0].kind != .title && Self.words(blocks[$0]) == title }) {
            blocks.remove(at: k)
        }
    }

    /// A `<title>` without the site's name ("Headline | Site" → "Headline", "Headline_Site") when
    /// the part left is long enough to be a headline.
    static func trimmedTitle(_ title: String) -> String {
        // "Headline_English_Xinhua": a site's names joined by underscores, no space in them.
        if let r = title.range(of: "_"), !title[r.upperBound...].contains(" ") {
            let head = String(title[..<r.lowerBound])
            if head.split(separator: " ").count >= 3 { return head }
        }
        for separator in [" | ", " - ", " – ", " — ", " :: ", " » ", " · "] {
            guard let r = title.range(of: separator, options: .backwards) else { continue }
            let head = String(title[..<r.lowerBound])
            if head.split(separator: " ").count >= 3 { return head }
        }
        // "Ohio.com - Headline": the site's domain before it.
        for separator in [" | ", " - ", " – ", " — ", " :: ", " » ", " · ", ": "] {
            guard let r = title.range(of: separator) else { continue }
            let site = title[..<r.lowerBound], rest = String(title[r.upperBound...])
            if site.range(of: #"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$"#, options: .regularExpression) != nil,
               rest.split(separator: " ").count >= 2 { return rest }
        }
        return title
    }

    /// The byline, after the title: the page's author as its metadata names it.
    mutating func addByline(_ metadata: PageMetadata) {
        guard let author = metadata.author, !author.isEmpty else { return }
        var range = 0..<0
        if let meta = metadata.authorMeta, let tags = markup.startTags["meta"], page.nodes[meta].ordinal < tags.count {
            range = tags[page.nodes[meta].ordinal]
        }
        var b = BlockTextBuilder.html(source)
        b.appendGenerated("By " + author, origin: range, style: RunStyle())
        let runs = b.finish(fallback: range)
        let at = blocks.first?.kind == .title ? 1 : 0
        blocks.insert(Block(kind: .paragraph, source: source.span(scalars: range), runs: runs), at: at)
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { wordCore(String($0)).lowercased() }.filter { !$0.isEmpty }
    }

    static func words(_ block: Block) -> [String] {
        block.runs.compactMap(\.spoken).map { wordCore($0).lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether a heading says the title: the same words, or the one inside the other when the
    /// longer adds only a site's name (at most a few words).
    static func sameTitle(_ heading: [String], _ title: [String]) -> Bool {
        guard !heading.isEmpty, !title.isEmpty else { return false }
        if heading == title { return true }
        let (short, long) = heading.count < title.count ? (heading, title) : (title, heading)
        guard short.count >= 3, long.count - short.count <= 6 else { return false }
        return long.starts(with: short) || long.reversed().starts(with: short.reversed())
    }
}

extension String {
    var trimmingWhitespace: String {
        String(unicodeScalars.drop(while: \.isWhiteSpace).reversed().drop(while: \.isWhiteSpace).reversed().map(Character.init))
    }
}

extension BlockTextBuilder {
    /// A builder for a page's text: its references are HTML5's.
    static func html(_ source: SourceText) -> BlockTextBuilder {
        var builder = BlockTextBuilder(source: source)
        builder.references = .html5
        return builder
    }
}
