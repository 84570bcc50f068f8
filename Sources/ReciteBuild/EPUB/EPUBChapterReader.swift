import Foundation
import ReciteEPUB
import ReciteScript

/// Reads one chapter of an EPUB into a script: each stretch of XHTML it spans goes through the
/// HTML reader (the whole body: a book's documents have no page clutter to remove), cut at the
/// elements its table-of-contents entries point to, and the stretches are joined.
///
/// The chapter's source text is its documents' bytes one after another (each starting on a new
/// line), so every word keeps a byte range in one text; the sidecar names the book and the entry.
public enum EPUBChapterReader {
    /// Reads a document's bytes (named `path`) as a script: the HTML reader, whole body.
    public typealias ReadXHTML = (_ bytes: [UInt8], _ path: String) throws(DocumentError) -> (script: Script, warnings: [Warning])

    static func read(book: String, chapter index: Int, defaultLanguage: String,
                     readXHTML: ReadXHTML) throws(DocumentError) -> (source: SourceText, script: Script, warnings: [Warning]) {
        let archive: ZipArchive
        do { archive = try ZipArchive(path: book) } catch { throw DocumentError(path: book, message: error.message) }
        return try read(archive, book: book, chapter: index, defaultLanguage: defaultLanguage, readXHTML: readXHTML)
    }

    /// Reads chapter `index` of the open `archive` (named `book` in messages and spans).
    public static func read(_ archive: ZipArchive, book: String, chapter index: Int, defaultLanguage: String,
                            readXHTML: ReadXHTML) throws(DocumentError) -> (source: SourceText, script: Script, warnings: [Warning]) {
        let package: EPUBPackage
        do {
            package = try EPUBPackage.read(archive)
        } catch {
            throw DocumentError(path: book, message: error.description)
        }
        let chapters = EPUBChapter.plan(package)
        guard chapters.indices.contains(index) else {
            throw DocumentError(path: book, message: "The book has \(chapters.count) chapters, not \(index + 1); it changed while it was read.")
        }
        var bytes: [UInt8] = []
        var lines = 0
        var blocks: [Block] = []
        var warnings: [Warning] = []
        var language: String?
        var cache: [String: [UInt8]] = [:]
        for piece in chapters[index].pieces {
            let entryBytes: [UInt8]
            if let cached = cache[piece.entry] {
                entryBytes = cached
            } else {
                do { entryBytes = try archive.read(piece.entry) } catch { throw DocumentError(path: book, message: error.message) }
                cache[piece.entry] = entryBytes
            }
            let name = "\(book)!/\(piece.entry)"
            let (script, found) = try readXHTML(entryBytes, name)
            warnings += found
            if language == nil, script.language != defaultLanguage { language = script.language }
            let from = piece.from.flatMap { elementStart(id: $0, in: entryBytes) } ?? 0
            let to = piece.to.flatMap { elementStart(id: $0, in: entryBytes) } ?? Int.max
            for id in [piece.from, piece.to].compactMap({ $0 }) where elementStart(id: id, in: entryBytes) == nil {
                warnings.append(Warning(path: name, message: "The table of contents points to #\(id), which this document does not have; the chapter starts or ends at the document's edge."))
            }
            // Each document starts on a line of its own in the chapter's text.
            if !bytes.isEmpty {
                bytes.append(0x0A)
                lines += 1
            }
            let shift = (offset: bytes.count, lines: lines)
            bytes += entryBytes
            lines += entryBytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            for var block in script.blocks where block.source.offset >= from && block.source.offset < to {
                block.source = shifted(block.source, by: shift)
                for i in block.runs.indices { block.runs[i].source = shifted(block.runs[i].source, by: shift) }
                blocks.append(block)
            }
        }
        let source: SourceText
        do { source = try SourceText(path: book, bytes: bytes) } catch {
            throw DocumentError(path: book, message: "The chapter's text is not valid UTF-8; the EPUB is damaged.")
        }
        let script = Script(path: book, language: language ?? package.metadata.language ?? defaultLanguage, blocks: blocks)
        return (source, script, warnings)
    }

    /// The byte offset of the start tag of the element whose `id` is `id`, or nil.
    static func elementStart(id: String, in bytes: [UInt8]) -> Int? {
        for quote in ["\"", "'"] {
            let needle = Array("id=\(quote)\(id)\(quote)".utf8)
            guard let at = firstIndex(of: needle, in: bytes) else { continue }
            // The attribute must follow a space inside a tag: back to the tag's `<`.
            guard at > 0, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x0A || bytes[at - 1] == 0x09 || bytes[at - 1] == 0x0D else { continue }
            var start = at
            while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
            return start
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private static func shifted(_ span: SourceSpan, by shift: (offset: Int, lines: Int)) -> SourceSpan {
        SourceSpan(offset: span.offset + shift.offset, length: span.length, line: span.line + shift.lines, column: span.column)
    }
}
