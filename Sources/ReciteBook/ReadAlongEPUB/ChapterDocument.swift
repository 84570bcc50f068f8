import Foundation
import ReciteBuild
import ReciteCaptions
import ReciteScript
import ReciteTiming

/// A chapter's XHTML content document, generated from its timing sidecar, and the fragments its
/// Media Overlay plays.
///
/// The text is what the reader sees in the read-along page (`ReadAlongPage`): the source's words
/// with their punctuation, grouped in the blocks the sidecar records (headings, paragraphs, list
/// items, quotes, table cells, code). Generating it from the sidecar, rather than converting the
/// source again, is what guarantees that every `<par>` points at text that exists and that the
/// spans follow the audio in order.
struct ChapterDocument {
    var sidecar: TimingSidecar
    var source: SourceText?
    var title: String
    var language: String
    var granularity: OverlayGranularity
    /// The stylesheet's name, relative to the chapter.
    var stylesheet: String
    /// Pictures to show, each before the first block that starts after it in the source.
    var figures: [Figure] = []

    /// A picture: where the source shows it (a byte offset), its file relative to the chapter,
    /// and its alt text.
    struct Figure {
        var offset: Int
        var src: String
        var alt: String
    }

    /// A heading with the id the navigation document links to.
    struct Heading {
        var id: String
        var level: Int
        var text: String
    }

    struct Result {
        var xhtml: String
        var fragments: [OverlayFragment]
        /// The headings (not the document's title, nor a first heading that is the chapter's).
        var headings: [Heading]
    }

    func make() -> Result {
        let words = ShownText.shownWords(of: sidecar, source: source)
        let durationMs = ClockValue.milliseconds(sidecar.duration)
        var body = ""
        var wrapper: String?
        var fragments: [OverlayFragment] = []
        var lastEnd = 0
        func enter(_ tag: String?) {
            guard tag != wrapper else { return }
            if let wrapper { body += "</\(wrapper)>\n" }
            if let tag { body += "<\(tag)>\n" }
            wrapper = tag
        }
        /// A span with an id for `group`, and its clip; the clips never overlap or leave the audio.
        func span(_ group: [ShownWord], text: String) -> String {
            let id = "f\(fragments.count + 1)"
            let begin = min(max(lastEnd, ClockValue.milliseconds(group.first!.start)), durationMs)
            let end = min(max(begin, ClockValue.milliseconds(group.last!.end)), durationMs)
            if end > begin {
                fragments.append(OverlayFragment(id: id, clipBegin: begin, clipEnd: end))
                lastEnd = end
                return "<span id=\"\(id)\">\(XMLText.escape(text))</span>"
            }
            // A word too short to be a clip of its own is shown, not overlaid.
            return XMLText.escape(text)
        }
        var headings: [Heading] = []
        var figuresLeft = figures.sorted { $0.offset < $1.offset }[...]
        /// The pictures the source shows before `offset`, outside any list or quote.
        func showFigures(before offset: Int) {
            while let figure = figuresLeft.first, figure.offset < offset {
                enter(nil)
                body += "<figure><img src=\"\(XMLText.escape(figure.src))\" alt=\"\(XMLText.escape(figure.alt))\"/></figure>\n"
                figuresLeft.removeFirst()
            }
        }
        for (index, group) in Self.blocks(of: words).enumerated() {
            let kind = group[0].block.map { sidecar.blocks[$0].kind } ?? "paragraph"
            let level = group[0].block.flatMap { sidecar.blocks[$0].level }
            let (container, plainElement) = Self.elements(kind: kind, level: level)
            var element = plainElement
            showFigures(before: group[0].sourceRange.lowerBound)
            enter(container)
            let name = element.prefix { $0 != " " }
            // A heading gets an id for the navigation document, unless it opens the chapter (the
            // chapter's own entry stands for it).
            if kind == "heading", index > 0 {
                let id = "h\(headings.count + 1)"
                element += " id=\"\(id)\""
                headings.append(Heading(id: id, level: min(6, max(1, level ?? 2)), text: Self.joined(group)))
            }
            if kind == "code" {
                let written = source.map { source in
                    Self.withoutFences(source.text(of: SourceSpan(offset: group.first!.sourceRange.lowerBound,
                                                                  length: group.last!.sourceRange.upperBound - group.first!.sourceRange.lowerBound,
                                                                  line: 0, column: 0)))
                }
                // The code as written, highlighted while it is announced.
                body += "<\(element)><code>\(span(group, text: written ?? group.map(\.text).joined(separator: " ")))</code></\(name)>\n"
                continue
            }
            var text = ""
            for piece in Self.pieces(of: group, granularity: granularity) {
                if !text.isEmpty && !piece[0].gluedToPrevious { text += " " }
                text += span(piece, text: Self.joined(piece))
            }
            body += "<\(element)>\(text)</\(name)>\n"
        }
        showFigures(before: Int.max)
        enter(nil)
        let xhtml = XMLText.xhtmlOpening(language: language, title: title, stylesheet: stylesheet) + """
        <section epub:type="chapter">
        \(body)</section>
        </body>
        </html>

        """
        return Result(xhtml: xhtml, fragments: fragments, headings: headings)
    }

    // MARK: - Grouping

    /// Consecutive shown words of the same block.
    static func blocks(of words: [ShownWord]) -> [[ShownWord]] {
        var out: [[ShownWord]] = []
        for word in words {
            if let last = out.last?.last, last.block == word.block { out[out.count - 1].append(word) } else { out.append([word]) }
        }
        return out
    }

    /// The words of a block, one piece per sentence or per word.
    static func pieces(of block: [ShownWord], granularity: OverlayGranularity) -> [[ShownWord]] {
        guard granularity == .sentences else { return block.map { [$0] } }
        var out: [[ShownWord]] = []
        for word in block {
            if let last = out.last?.last, last.sentence == word.sentence { out[out.count - 1].append(word) } else { out.append([word]) }
        }
        return out
    }

    /// Shown words as one line of text, spaced as in the source.
    static func joined(_ words: [ShownWord]) -> String {
        var text = ""
        for (k, word) in words.enumerated() {
            if k > 0 && !word.gluedToPrevious { text += " " }
            text += word.text
        }
        return text
    }

    /// The container shared by consecutive blocks of a kind, and the element of one block.
    static func elements(kind: String, level: Int?) -> (container: String?, element: String) {
        switch kind {
        case "title": (nil, "h1 class=\"title\"")
        case "heading": (nil, "h\(min(6, max(1, level ?? 2)))")
        case "listItem": ("ul", "li")
        case "quote": ("blockquote", "p")
        case "tableCell": (nil, "p class=\"cell\"")
        case "code": (nil, "pre")
        default: (nil, "p")
        }
    }

    /// Code without the ``` or ~~~ lines around it.
    static func withoutFences(_ code: String) -> String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring) -> Bool {
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("```") || t.hasPrefix("~~~")
        }
        if let first = lines.first, isFence(first) { lines.removeFirst() }
        if let last = lines.last, isFence(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
