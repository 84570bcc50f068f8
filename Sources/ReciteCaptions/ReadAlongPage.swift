import Foundation
import ReciteScript
import ReciteTiming

/// The read-along page of a document: one self-contained HTML file (inline style and script, no
/// network) that shows the document's text, plays its audio from the file beside it, highlights
/// the word being spoken and keeps it in view, and seeks to a word when it is clicked.
///
/// Every shown word is a `<span class="w" data-start data-end>` (seconds) in time order; the
/// script finds the current word by binary search over the starts.
public struct ReadAlongPage: Sendable {
    public var sidecar: TimingSidecar
    public var source: SourceText?
    /// The document's language (BCP 47), for `<html lang>`: hyphenation and screen readers.
    public var language: String?

    public init(sidecar: TimingSidecar, source: SourceText?, language: String? = nil) {
        self.sidecar = sidecar
        self.source = source
        self.language = language
    }

    /// The page's title: the document's title or first heading as shown, else its file name.
    func title(of words: [ShownWord]) -> String {
        if let block = sidecar.blocks.firstIndex(where: { $0.kind == "title" || $0.kind == "heading" }) {
            let shown = words.filter { $0.block == block }
            if !shown.isEmpty { return LineBreaker(layout: CaptionLayout(), words: shown).line(0..<shown.count) }
        }
        return URL(fileURLWithPath: sidecar.source).deletingPathExtension().lastPathComponent
    }

    /// The page; `shownWords` spares working them out again when the captions already did.
    public func html(shownWords: [ShownWord]? = nil) -> String {
        let words = shownWords ?? ShownText.shownWords(of: sidecar, source: source)
        var body = ""
        var container: String?
        func enter(_ tag: String?) {
            guard tag != container else { return }
            if let container { body += "</\(Self.name(of: container))>\n" }
            if let tag { body += "<\(tag)>\n" }
            container = tag
        }
        for (blockIndex, group) in blocks(of: words) {
            let kind = blockIndex.map { sidecar.blocks[$0].kind } ?? "paragraph"
            let (wrapper, element) = Self.elements(kind: kind, level: blockIndex.flatMap { sidecar.blocks[$0].level })
            enter(wrapper)
            let text = kind == "code" ? codeSpans(group) : spans(group)
            body += "<\(element)>\(text)</\(Self.name(of: element))>\n"
        }
        enter(nil)
        let lang = language.map { " lang=\"\(HTMLEscaping.escape($0))\"" } ?? ""
        return """
        <!DOCTYPE html>
        <html\(lang)>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Recite">
        <title>\(HTMLEscaping.escape(title(of: words)))</title>
        <style>
        \(ReadAlongAssets.style)
        </style>
        </head>
        <body>
        <header><audio controls preload="auto" src="\(HTMLEscaping.escape(Self.relativeReference(sidecar.audio)))"></audio></header>
        <main>
        \(body)</main>
        <script>
        \(ReadAlongAssets.script)
        </script>
        </body>
        </html>

        """
    }

    // MARK: - Blocks

    /// Consecutive shown words of the same block.
    private func blocks(of words: [ShownWord]) -> [(Int?, [ShownWord])] {
        var out: [(Int?, [ShownWord])] = []
        for word in words {
            if let last = out.last, last.0 == word.block {
                out[out.count - 1].1.append(word)
            } else {
                out.append((word.block, [word]))
            }
        }
        return out
    }

    /// The container (shared by consecutive blocks of a kind) and the element of a block.
    static func elements(kind: String, level: Int?) -> (wrapper: String?, element: String) {
        switch kind {
        case "title": (nil, "h1 class=\"title\"")
        case "heading": (nil, "h\(min(6, max(1, level ?? 2)))")
        case "listItem": ("ul", "li")
        case "quote": ("blockquote", "p")
        case "tableCell": ("div class=\"cells\"", "span class=\"cell\"")
        case "code": (nil, "pre")
        default: (nil, "p")
        }
    }

    /// The element name of an opening tag's contents (`div class="cells"` → `div`).
    static func name(of tag: String) -> Substring {
        tag.prefix { $0 != " " }
    }

    private func span(_ word: ShownWord, text: String) -> String {
        "<span class=\"w\" data-start=\"\(Self.seconds(word.start))\" data-end=\"\(Self.seconds(word.end))\">\(HTMLEscaping.escape(text))</span>"
    }

    private func spans(_ words: [ShownWord]) -> String {
        var out = ""
        for (k, word) in words.enumerated() {
            if k > 0 && !word.gluedToPrevious { out += " " }
            out += span(word, text: word.text)
        }
        return out
    }

    /// A code block shows its code (what the reader sees), highlighted while it is announced.
    private func codeSpans(_ words: [ShownWord]) -> String {
        words.map { word in
            let written = source.map { $0.text(of: SourceSpan(offset: word.sourceRange.lowerBound, length: word.sourceRange.count, line: 0, column: 0)) }
            return span(word, text: written.map(Self.withoutFences) ?? word.text)
        }.joined(separator: "\n")
    }

    /// Code without the ``` or ~~~ lines around it.
    static func withoutFences(_ code: String) -> String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let isFence = { (line: Substring) in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("```") || t.hasPrefix("~~~")
        }
        if let first = lines.first, isFence(first) { lines.removeFirst() }
        if let last = lines.last, isFence(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    // MARK: - Values

    /// Seconds with up to five decimals, as the sidecar has them, in plain notation.
    static func seconds(_ value: Double) -> String { SecondsText.string(value) }

    /// The audio file name as a relative URL: path segments percent-encoded, so a name with a
    /// space or a `#` still points at the file beside the page.
    static func relativeReference(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;:")
        return name.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
