/// A chapter of an EPUB as Recite reads it: one entry of the table of contents, from where it
/// points to where the next entry points, across as many documents of the reading order as lie
/// between. Documents the contents do not name join the chapter before them.
public struct EPUBChapter: Sendable, Equatable {
    /// A stretch of one XHTML document: from the element with id `from` (nil: the start) up to,
    /// not including, the element with id `to` (nil: the end).
    public struct Piece: Sendable, Equatable {
        public var entry: String
        public var from: String?
        public var to: String?

        public init(entry: String, from: String? = nil, to: String? = nil) {
            self.entry = entry
            self.from = from
            self.to = to
        }
    }

    /// The table of contents' title; nil when the book has none (the first heading then says it).
    public var title: String?
    /// 0 for a top-level entry, 1 for one nested under it, and so on.
    public var depth: Int
    public var pieces: [Piece]

    /// The book's chapters in reading order: one per table-of-contents entry that points into the
    /// reading order, or one per document of the reading order when the book has no contents.
    public static func plan(_ package: EPUBPackage) -> [EPUBChapter] {
        let documents = package.spine.filter(\.linear).map(\.entry)
        let position = Dictionary(documents.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = TOCEntry.flatten(package.tableOfContents).compactMap { item -> (TOCEntry, Int, Int)? in
            position[item.entry.entry].map { (item.entry, item.depth, $0) }
        }
        guard !entries.isEmpty else {
            return documents.map { EPUBChapter(title: nil, depth: 0, pieces: [Piece(entry: $0)]) }
        }
        var chapters: [EPUBChapter] = []
        for (k, (entry, depth, start)) in entries.enumerated() {
            let next: (document: Int, fragment: String?) = k + 1 < entries.count
                ? (entries[k + 1].2, entries[k + 1].0.fragment) : (documents.count, nil)
            var pieces: [Piece] = []
            if next.document == start {
                // The next entry is in the same document: up to it (nothing, if both point at its start).
                if entry.fragment != nil || next.fragment != nil {
                    pieces.append(Piece(entry: documents[start], from: entry.fragment, to: next.fragment))
                }
            } else if next.document < start {
                // Contents out of reading order: the chapter keeps its own document.
                pieces.append(Piece(entry: documents[start], from: entry.fragment))
            } else {
                pieces.append(Piece(entry: documents[start], from: entry.fragment))
                for document in (start + 1)..<next.document { pieces.append(Piece(entry: documents[document])) }
                if next.document < documents.count, let fragment = next.fragment {
                    pieces.append(Piece(entry: documents[next.document], to: fragment))
                }
            }
            chapters.append(EPUBChapter(title: entry.title.isEmpty ? nil : entry.title, depth: depth, pieces: pieces))
        }
        // What comes before the first entry (a title page, a preface the contents skip) opens the first chapter.
        let first = entries[0]
        var leading = (0..<first.2).map { Piece(entry: documents[$0]) }
        if let fragment = first.0.fragment { leading.append(Piece(entry: documents[first.2], to: fragment)) }
        chapters[0].pieces.insert(contentsOf: leading, at: 0)
        return chapters
    }
}
