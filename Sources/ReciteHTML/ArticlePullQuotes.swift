import Foundation

/// Pull quotes: a sentence of the article set again in large type beside it ("Start Quote — By
/// improving the relationship between our land and people … — End Quote"). A listener hears it
/// twice, the second time out of place; a reader's eye skips it.
extension ArticleExtractor {
    /// The fewest words a pull quote repeats: fewer could be a phrase the article says twice.
    static let pullQuoteWords = 6
    /// The most text a pull quote's box holds beside the quote (its labels and its speaker).
    static let pullQuoteFrame = 100

    /// Drops, inside `root`, each quote (a `<blockquote>`, or a box named `quote`) whose words the
    /// article says elsewhere in the same order, with the box around it that holds only its
    /// labels and its speaker.
    mutating func dropPullQuotes(in root: Int) {
        measure()
        let quotes = (root..<page.subtreeEnd(root)).filter { i in
            !dropped[i] && i != root && isQuoteBox(i) && textLength[i] < 400
        }.prefix(Self.mostPullQuotes)
        guard !quotes.isEmpty else { return }
        // The article's words in order, and where each text node's words start among them.
        var words: [String] = []
        var startOf: [Int: Int] = [:]
        for k in root..<page.subtreeEnd(root) where page.nodes[k].isText && !dropped[k] {
            startOf[k] = words.count
            words += Self.plainWords(page.nodes[k].text)
        }
        for quote in quotes where !dropped[quote] {
            let texts = (quote..<page.subtreeEnd(quote)).filter { startOf[$0] != nil }
            guard let first = texts.first, let last = texts.last else { continue }
            let own = startOf[first]!..<(startOf[last]! + Self.plainWords(page.nodes[last].text).count)
            let said = Array(words[own])
            guard said.count >= Self.pullQuoteWords, Self.occurs(said, in: words, outside: own) else { continue }
            var frame = quote
            while true {
                let parent = page.nodes[frame].parent
                guard parent > root, !isArticleContainer(parent), paragraphs[parent] <= paragraphs[quote],
                      textLength[parent] <= textLength[quote] + Self.pullQuoteFrame else { break }
                frame = parent
            }
            dropSubtree(frame)
        }
    }

    /// The most quote boxes looked at in one article: each is a search through the whole of it.
    static let mostPullQuotes = 40

    /// A `<blockquote>`, or an element whose class or id names a quote (`pullquote`, `quote`).
    func isQuoteBox(_ i: Int) -> Bool {
        let node = page.nodes[i]
        if node.name == "blockquote" { return true }
        guard ["div", "aside", "p", "figure", "section"].contains(node.name) else { return false }
        return ClassHints.names(node.attributes).split(separator: " ").contains { $0.contains("quote") && !$0.contains("quoted") }
    }

    /// Lower-cased runs of letters and digits: the words, whatever the quotation marks around them.
    static func plainWords(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Whether `needle` occurs in `haystack` as a contiguous run that does not start inside `own`.
    static func occurs(_ needle: [String], in haystack: [String], outside own: Range<Int>) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] && !own.contains(start) {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
