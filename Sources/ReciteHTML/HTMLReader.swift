import ReciteScript
import ReciteXML

/// Parse stage for HTML: a saved web page into a `Script`, through libxml2's HTML parser with no
/// network and no external resources.
///
/// The page is decoded in whatever encoding it declares (or seems to be in), reduced to its
/// article as a reader view would (or read whole), and read like Markdown: title first, then
/// headings, paragraphs, list items, quotes, table cells, figure captions and image
/// descriptions; code is announced. Every word points at the page's raw bytes.
public enum HTMLReader {
    public struct Result: Sendable {
        public var script: Script
        /// The decoded page, for mapping spans back to text.
        public var source: SourceText
        public var warnings: [Warning]
        /// The page's title (Open Graph, `<title>` …) and what it says it is about (its meta
        /// description), as text, if it says.
        public var title: String? = nil
        public var description: String? = nil
    }

    /// The largest page read (bytes): a saved article is well under a megabyte; a page larger
    /// than this is refused rather than parsed.
    public static let maximumBytes = 32 << 20
    /// Elements nested deeper than this are read as flat text of the element at this depth.
    public static let maximumDepth = 256

    public static func read(bytes: [UInt8], path: String, options: HTMLOptions = HTMLOptions()) throws(DocumentError) -> Result {
        var warnings: [Warning] = []
        guard bytes.count <= maximumBytes else {
            throw DocumentError(path: path, message: "The page is \(bytes.count / (1 << 20)) MiB; Recite reads HTML pages up to "
                                    + "\(maximumBytes >> 20) MiB. Save the article alone, or split it.")
        }
        let sniffed = HTMLEncoding.sniff(bytes)
        var label = sniffed.label
        let bom = sniffed.bom
        if label == "windows-1252", bom == 0, bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) != nil {
            // Saved from a page served as UTF-8 that kept its old Latin-1 declaration: read as
            // windows-1252, "é" would be said "Ã©".
            label = "utf-8"
            warnings.append(Warning(path: path, location: SourceLocation(line: 1, column: 1),
                                    message: "The page declares a Latin encoding but its bytes are UTF-8; it is read as UTF-8. Correct its <meta charset>."))
        }
        let decoded = HTMLEncoding.decode(bytes, label: label, bom: bom)
        if decoded.label != label {
            warnings.append(Warning(path: path, location: SourceLocation(line: 1, column: 1),
                                    message: "The page's encoding \"\(label)\" is not one this system converts; it is read as \(decoded.label)."))
        }
        let source = SourceText(path: path, bytes: bytes, scalars: decoded.scalars, byteOffsets: decoded.offsets)
        let markup = SourceMarkup(source.scalars)
        // libxml2 gets the decoded text as UTF-8 (NUL, which would end its input, replaced), with
        // the tags of elements nested too deep for it left out.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        var deep = markup.deepTags.makeIterator()
        var nextDeep = deep.next()
        for (i, scalar) in decoded.scalars.enumerated() {
            while let d = nextDeep, d.upperBound <= i { nextDeep = deep.next() }
            if let d = nextDeep, d.contains(i) {
                utf8.append(0x20)
                continue
            }
            utf8.append(contentsOf: (scalar == "\0" ? "\u{FFFD}" : scalar).utf8)
        }
        if let first = markup.deepTags.first {
            let at = source.location(ofScalar: first.lowerBound)
            warnings.append(Warning(path: path, location: at,
                                    message: "Elements are nested more than \(SourceMarkup.maximumDepth) deep from here; the deeper levels are read as plain text."))
        }
        let parsed: LibXML2.HTMLParse
        do {
            parsed = try LibXML2.parseHTML(utf8, path: path, maximumDepth: maximumDepth, keepingStyles: true)
        } catch {
            throw DocumentError(path: path, message: "The page cannot be parsed: \(error.message).")
        }
        if let line = parsed.flattenedAtLine {
            warnings.append(Warning(path: path, location: SourceLocation(line: max(1, line), column: 1),
                                    message: "Elements are nested more than \(maximumDepth) deep here; the deeper levels are read as plain text."))
        }
        let page = HTMLPage(parsed.root)
        let locator = TextLocator(page: page, source: source.scalars, hidden: markup.hidden)
        var extractor = ArticleExtractor(page: page)
        let roots: [Int]
        switch options.content {
        case .article:
            roots = extractor.extract()
        case .whole:
            extractor.dropHidden()
            roots = [page.body]
        }
        let metadata = PageMetadata(page: page)
        var builder = HTMLScriptBuilder(page: page, source: source, markup: markup, locator: locator,
                                        dropped: extractor.dropped, options: options)
        builder.titleWords = HTMLScriptBuilder.words(metadata.title ?? "")
        for root in roots {
            builder.walk(root, context: .paragraph)
            builder.flush()
        }
        builder.dropRepeatedDescriptions()
        if options.readsTitle { builder.addTitle(metadata) }
        if options.byline { builder.addByline(metadata) }
        let language = metadata.language ?? options.defaultLanguage
        return Result(script: Script(path: path, language: language, blocks: builder.blocks), source: source, warnings: warnings,
                      title: metadata.title, description: metadata.description)
    }
}
