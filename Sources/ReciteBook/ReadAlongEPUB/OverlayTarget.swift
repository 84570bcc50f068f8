/// A stretch of an EPUB's XHTML document to overlay: its bytes in the document, and its clip in a
/// chapter's audio (milliseconds).
struct OverlayTarget: Sendable, Equatable {
    var entry: String
    var range: Range<Int>
    var audio: String
    var clipBegin: Int
    var clipEnd: Int
}

/// Where a chapter's text lies in its EPUB's documents.
///
/// An EPUB chapter's sidecar counts bytes in the chapter's documents (its table-of-contents
/// pieces) laid end to end, each after a line break (`EPUBChapterReader`); this undoes that, so
/// each fragment finds its document and its bytes there.
struct ChapterLayout {
    /// Each piece's document and where its bytes start in the chapter's text.
    var pieces: [(entry: String, start: Int, count: Int)]

    init(entries: [String], sizes: [String: Int]) {
        var pieces: [(String, Int, Int)] = []
        var at = 0
        for entry in entries {
            if !pieces.isEmpty { at += 1 }
            let count = sizes[entry] ?? 0
            pieces.append((entry, at, count))
            at += count
        }
        self.pieces = pieces
    }

    /// The document and local byte range of the chapter's bytes `range`, or nil if they are not in
    /// one document.
    func locate(_ range: Range<Int>) -> (entry: String, range: Range<Int>)? {
        guard let piece = pieces.first(where: { $0.start <= range.lowerBound && range.lowerBound < $0.start + $0.count }) else { return nil }
        let upper = min(range.upperBound, piece.start + piece.count)
        return (piece.entry, (range.lowerBound - piece.start)..<(upper - piece.start))
    }
}
