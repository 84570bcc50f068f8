import Foundation
import ReciteBuild
import ReciteCaptions
import ReciteEPUB
import ReciteTiming
import ReciteXML

/// A read-along EPUB made from an EPUB 3 book itself: its XHTML documents kept byte for byte but
/// for a `<span id>` around each overlaid sentence (or word), at the source bytes the timing
/// sidecars already have; its navigation, metadata, cover and every other file unchanged; its
/// package document given the overlays (`PackagePatch`); and per overlaid document a SMIL file,
/// whose clips point into the chapters' audio.
///
/// A document may hold several chapters (entries into its fragments) and a chapter may cover
/// several documents, so there is one overlay per document, its clips taken from the audio of each
/// chapter it holds.
struct OriginalMarkupOverlay {
    var book: String
    var granularity: OverlayGranularity
    /// `dcterms:modified` for a book that has none.
    var modified = Date()
    /// The prefix of every id and entry added, so nothing of the book's is overwritten.
    static let prefix = "recite-"

    /// One rendered chapter: its index in the book's plan, its sidecar and its encoded audio's entry.
    struct Chapter {
        var index: Int
        var sidecar: TimingSidecar
        var audioEntry: String
    }

    /// A book whose own markup cannot be overlaid (EPUB 2, or overlays already there): its text is
    /// generated instead.
    struct Unsuitable: Error {
        var reason: String
    }

    struct Result {
        /// Every entry of the book, in order, with the patched ones and the new overlays.
        var entries: [ZipArchive.Entry]
        var overlays: Int
        var skipped: Int
    }

    /// The book's entries with the overlays; `audio` is every encoded chapter's file by entry name.
    func make(_ chapters: [Chapter], audio: [(entry: String, file: String, mediaType: String)]) throws -> Result {
        let archive = try ZipArchive(path: book)
        let package = try EPUBPackage.read(archive)
        let opf = String(decoding: try archive.read(package.packageEntry), as: UTF8.self)
        if let reason = PackagePatch.unsuitability(of: opf) { throw Unsuitable(reason: reason) }
        let plan = EPUBChapter.plan(package)
        let packageFolder = ZipPath.folder(of: package.packageEntry)
        var documents: [String: [UInt8]] = [:]
        func document(_ entry: String) throws -> [UInt8] {
            if let bytes = documents[entry] { return bytes }
            let bytes = try archive.read(entry)
            documents[entry] = bytes
            return bytes
        }

        // Each fragment's document, bytes and clip, in reading order.
        var targets: [OverlayTarget] = []
        for chapter in chapters {
            guard plan.indices.contains(chapter.index) else {
                throw ReadAlongEPUBError("\(book) has \(plan.count) chapters, not \(chapter.index + 1); it changed since it was rendered: render it again.")
            }
            let entries = plan[chapter.index].pieces.map(\.entry)
            var sizes: [String: Int] = [:]
            for entry in entries { sizes[entry] = try document(entry).count }
            let layout = ChapterLayout(entries: entries, sizes: sizes)
            let durationMs = ClockValue.milliseconds(chapter.sidecar.duration)
            var lastEnd = 0
            for piece in Self.pieces(of: chapter.sidecar, granularity: granularity) {
                guard let (entry, range) = layout.locate(piece.range), !range.isEmpty else { continue }
                let begin = min(max(lastEnd, ClockValue.milliseconds(piece.start)), durationMs)
                let end = min(ClockValue.milliseconds(piece.end), durationMs)
                guard end > begin else { continue }
                lastEnd = end
                targets.append(OverlayTarget(entry: entry, range: range, audio: chapter.audioEntry, clipBegin: begin, clipEnd: end))
            }
        }

        // Spans in each document, the overlay beside it.
        var patched: [String: [UInt8]] = [:]
        var overlays: [PackagePatch.Overlay] = []
        var added: [(name: String, bytes: [UInt8], stored: Bool)] = []
        var skipped = 0
        let order = targets.map(\.entry).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for entry in order {
            let bytes = try document(entry)
            let tags = SpanInsertion.tags(in: bytes)
            var spans: [(range: Range<Int>, id: String)] = []
            var fragments: [(id: String, target: OverlayTarget)] = []
            for target in targets where target.entry == entry {
                let widened = granularity == .sentences ? Self.withClosingPunctuation(target.range, in: bytes) : target.range
                guard let range = SpanInsertion.balanced(widened, tags: tags) ?? SpanInsertion.balanced(target.range, tags: tags),
                      range.lowerBound >= (spans.last?.range.upperBound ?? 0) else {
                    skipped += 1
                    continue
                }
                let id = "\(Self.prefix)\(overlays.count + 1)-\(spans.count + 1)"
                spans.append((range, id))
                fragments.append((id, target))
            }
            guard !spans.isEmpty else { continue }
            let result = SpanInsertion.insert(spans, into: bytes)
            // The patched document must still be XML: if it is not, it keeps its markup unoverlaid.
            // (A document libxml2 already refuses, with an HTML entity such as &nbsp;, is taken
            // on the spans' own balance.)
            let wasXML = (try? LibXML2.parse(bytes, path: entry)) != nil
            guard !wasXML || (try? LibXML2.parse(result, path: entry)) != nil else {
                skipped += spans.count
                continue
            }
            patched[entry] = result
            let overlayEntry = "\(packageFolder)\(Self.prefix)overlays/\(String(format: "%03d", overlays.count + 1)).smil"
            let folder = ZipPath.folder(of: overlayEntry)
            let smil = MediaOverlayDocument.smil(pars: fragments.map { fragment in
                (text: ZipPath.relative(from: folder, to: entry) + "#" + fragment.id,
                 audio: ZipPath.relative(from: folder, to: fragment.target.audio),
                 begin: fragment.target.clipBegin, end: fragment.target.clipEnd)
            })
            added.append((overlayEntry, Array(smil.utf8), false))
            overlays.append(PackagePatch.Overlay(document: entry, id: "\(Self.prefix)mo-\(overlays.count + 1)", entry: overlayEntry,
                                                 duration: fragments.map { $0.target.clipEnd - $0.target.clipBegin }.reduce(0, +)))
        }
        guard !overlays.isEmpty else { throw ReadAlongEPUBError("No sentence of \(book) could be overlaid; its markup may not be XHTML.") }

        var items = overlays.map { PackagePatch.Item(id: $0.id, entry: $0.entry, mediaType: "application/smil+xml") }
        for (k, file) in audio.enumerated() { items.append(PackagePatch.Item(id: "\(Self.prefix)audio-\(k + 1)", entry: file.entry, mediaType: file.mediaType)) }
        // The highlight's style goes at the end of the stylesheets the overlaid documents link.
        let styles = Set(patched.keys.flatMap { Self.stylesheets(of: documents[$0] ?? [], entry: $0) }).filter(archive.contains)
        let newPackage = try PackagePatch(text: opf, entry: package.packageEntry, modified: modified).patched(overlays: overlays, items: items)

        // The book's entries in their order, mimetype first and stored; then what is added.
        var entries = [ZipArchive.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true)]
        for name in archive.names where name != "mimetype" && !name.hasSuffix("/") {
            guard name == package.packageEntry || patched[name] != nil || styles.contains(name) else {
                // Unchanged: copied as the book stores it, never held in memory.
                entries.append(ZipArchive.Entry(name: name, content: .copied(from: archive, name: name), stored: false))
                continue
            }
            var bytes = name == package.packageEntry ? Array(newPackage.utf8) : try patched[name] ?? archive.read(name)
            if styles.contains(name) { bytes += Array(Self.highlightRule.utf8) }
            entries.append(ZipArchive.Entry(name: name, bytes: bytes, stored: Self.isCompressed(name)))
        }
        entries += added.map { ZipArchive.Entry(name: $0.name, bytes: $0.bytes, stored: $0.stored) }
        entries += audio.map { ZipArchive.Entry(name: $0.entry, content: .file($0.file), stored: true) }
        return Result(entries: entries, overlays: overlays.count, skipped: skipped)
    }

    /// The sidecar's sentences, or its shown words, with their bytes in the chapter's text.
    static func pieces(of sidecar: TimingSidecar, granularity: OverlayGranularity) -> [(range: Range<Int>, start: Double, end: Double)] {
        switch granularity {
        case .sentences:
            return sidecar.sentences.map { ($0.offset..<($0.offset + $0.length), $0.start, $0.end) }
        case .words:
            return ShownText.shownWords(of: sidecar, source: nil).map { ($0.sourceRange, $0.start, $0.end) }
        }
    }

    /// A sentence's range with the closing punctuation written right after it ("…together" →
    /// "…together.", `home.&#8221;` whole), so the highlight covers what ends the sentence.
    static func withClosingPunctuation(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var end = range.upperBound
        let closers: [[UInt8]] = [".", "!", "?", ";", ":", "\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{2026}",
                                  "&#8221;", "&#8217;", "&#8230;", "&#x201D;", "&#x2019;", "&rdquo;", "&rsquo;", "&quot;", "&apos;"].map { Array($0.utf8) }
        while end < bytes.count, let closer = closers.first(where: { bytes[end...].starts(with: $0) }) { end += closer.count }
        return range.lowerBound..<end
    }

    /// The rule that shows the active class (`media:active-class`), added to the book's own
    /// stylesheets (CSS, not markup): without it Apple Books shows no highlight.
    static let highlightRule = "\n/* Added by Recite: the sentence or word being read aloud. */\n.\(PackageDocuments.activeClass) { background-color: #ffe08a; color: #000; }\n"

    /// The entries of the stylesheets a document links (`<link rel="stylesheet" href>`).
    static func stylesheets(of bytes: [UInt8], entry: String) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let link = try! NSRegularExpression(pattern: #"<link\b[^>]*>"#, options: .caseInsensitive)
        let href = try! NSRegularExpression(pattern: #"\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')"#)
        return link.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let tag = (text as NSString).substring(with: match.range)
            guard tag.lowercased().range(of: #"rel\s*=\s*["'][^"']*stylesheet"#, options: .regularExpression) != nil,
                  let found = href.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) else { return nil }
            let value = [1, 2].compactMap { found.range(at: $0).location == NSNotFound ? nil : (tag as NSString).substring(with: found.range(at: $0)) }.first ?? ""
            return EPUBPackage.resolve(PackagePatch.unescaped(value), against: ZipPath.folder(of: entry))
        }
    }

    /// Pictures, audio, video and fonts are compressed already: they are stored.
    static func isCompressed(_ name: String) -> Bool {
        let stored: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "mp3", "m4a", "mp4", "ogg", "opus", "woff", "woff2", "zip"]
        return stored.contains(URL(fileURLWithPath: name).pathExtension.lowercased())
    }
}
