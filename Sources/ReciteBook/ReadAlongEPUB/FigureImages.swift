import Foundation
import ReciteBuild
import ReciteCmarkGFM
import ReciteMarkdown
import ReciteScript
import ReciteTiming

/// The pictures a Markdown or HTML document shows, found in its source so the generated chapter
/// can show them too (the timing sidecar keeps only what is said: the alt text or caption).
///
/// Only local files inside the book's folder are taken, up to `byteLimit`, in the image types
/// every EPUB 3 reading system shows (PNG, JPEG, GIF, known by their first bytes); anything else
/// (a remote URL, a path that leaves the folder, a file too large or of another type) is left
/// out with a warning that names the document and line.
enum FigureImages {
    /// The largest picture copied into a book.
    static let byteLimit = 20 * 1024 * 1024

    /// A picture the document shows at `offset` (a byte offset in its source).
    struct Reference: Equatable {
        var offset: Int
        /// The picture's file, absolute, symbolic links resolved.
        var file: String
        var alt: String
        /// The EPUB's media type and file name extension.
        var mediaType: String
        var fileExtension: String
    }

    /// A picture left out, and why, at `offset`.
    struct Warning {
        var offset: Int
        var message: String
    }

    /// The pictures of `document` (its source `bytes`), and a warning for each one left out.
    static func find(in bytes: [UInt8], document: String, bookFolder: String) -> (references: [Reference], warnings: [Warning]) {
        let kind = URL(fileURLWithPath: document).pathExtension.lowercased()
        let isMarkdown = ["md", "markdown", "mdown", "mkd"].contains(kind)
        guard isMarkdown || ["html", "htm", "xhtml"].contains(kind) else { return ([], []) }
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [(offset: Int, source: String, alt: String)] = []
        func offset(_ range: NSRange) -> Int {
            text.utf8.distance(from: text.startIndex, to: Range(range, in: text)!.lowerBound)
        }
        func group(_ match: NSTextCheckingResult, _ k: Int) -> String? {
            guard match.range(at: k).location != NSNotFound else { return nil }
            return (text as NSString).substring(with: match.range(at: k))
        }
        let whole = NSRange(text.startIndex..., in: text)
        if isMarkdown {
            for match in markdownImage.matches(in: text, range: whole) {
                found.append((offset(match.range), decoded(group(match, 2)), decoded(group(match, 1))))
            }
        }
        for match in imageTag.matches(in: text, range: whole) {
            let tag = (text as NSString).substring(with: match.range)
            found.append((offset(match.range), decoded(attribute("src", in: tag)), decoded(attribute("alt", in: tag))))
        }
        var references: [Reference] = [], warnings: [Warning] = []
        let root = URL(fileURLWithPath: bookFolder).standardizedFileURL.resolvingSymlinksInPath().path
        let documentFolder = URL(fileURLWithPath: document).deletingLastPathComponent()
        for image in found.sorted(by: { $0.offset < $1.offset }) {
            let line = bytes[..<min(image.offset, bytes.count)].filter { $0 == 10 }.count + 1
            func leaveOut(_ why: String) {
                warnings.append(Warning(offset: image.offset, message: "\(document):\(line): warning: the image \"\(image.source)\" \(why); it is left out of the read-along EPUB."))
            }
            let path = image.source.removingPercentEncoding ?? image.source
            guard !path.isEmpty else { continue }
            if path.hasPrefix("//") || path.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
                leaveOut("is not a local file (only pictures inside the book's folder are copied)")
                continue
            }
            let file = URL(fileURLWithPath: path, relativeTo: documentFolder).standardizedFileURL.resolvingSymlinksInPath().path
            guard file.hasPrefix(root + "/") else {
                leaveOut("is outside the book's folder")
                continue
            }
            guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber else {
                leaveOut("is not found")
                continue
            }
            guard size.intValue <= byteLimit else {
                leaveOut("is \(size.intValue / 1_048_576) MB, more than the \(byteLimit / 1_048_576) MB a picture may be")
                continue
            }
            guard let type = mediaType(of: file) else {
                leaveOut("is not a PNG, JPEG or GIF picture")
                continue
            }
            references.append(Reference(offset: image.offset, file: file, alt: image.alt, mediaType: type.mediaType, fileExtension: type.fileExtension))
        }
        return (references, warnings)
    }

    /// `![alt](path "title")`, the path optionally in `<…>`.
    private static let markdownImage = try! NSRegularExpression(pattern: #"!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)"#)
    private static let imageTag = try! NSRegularExpression(pattern: #"<img\b[^>]*>"#, options: .caseInsensitive)

    /// A path or alt text as written, its character references (`&amp;`, `&#233;`) decoded.
    static func decoded(_ written: String?) -> String { CharacterReferences.html5.decode(written ?? "") }

    /// An attribute's value in a start tag, as written.
    static func attribute(_ name: String, in tag: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: #"\s\#(name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))"#, options: .caseInsensitive)
        guard let match = pattern.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) else { return nil }
        return (1...3).compactMap { k in match.range(at: k).location == NSNotFound ? nil : (tag as NSString).substring(with: match.range(at: k)) }.first
    }

    /// The media type of a picture by its first bytes: PNG, JPEG or GIF, else nil.
    static func mediaType(of file: String) -> (mediaType: String, fileExtension: String)? {
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8).map({ [UInt8]($0) }), head.count >= 4 else { return nil }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ("image/png", "png") }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return ("image/jpeg", "jpg") }
        if head.starts(with: Array("GIF8".utf8)) { return ("image/gif", "gif") }
        return nil
    }
}

/// The pictures a book's generated chapters show, each file copied once (as `images/NNN.EXT`
/// beside the package document) however many chapters show it, and what was left out.
struct BookPictures {
    struct Copied {
        var file: String
        /// The entry, relative to the package document (and to the chapters, which sit beside it).
        var entry: String
        var mediaType: String
    }

    private(set) var copied: [Copied] = []
    private(set) var warnings: [String] = []
    private var entries: [String: String] = [:]

    /// The figures of `document` for its chapter, but those written in code. An HTML page's
    /// pictures count only between its first and last spoken words: a page's logos and banners
    /// are not the article's.
    mutating func figures(of document: String, sidecar: TimingSidecar, bookFolder: String?) -> [ChapterDocument.Figure] {
        guard let data = FileManager.default.contents(atPath: document) else { return [] }
        let folder = bookFolder ?? URL(fileURLWithPath: document).deletingLastPathComponent().path
        var (references, found) = FigureImages.find(in: [UInt8](data), document: document, bookFolder: folder)
        // An image written inside a code block is code, shown as written.
        let code = sidecar.blocks.filter { $0.kind == "code" }.map { $0.offset..<($0.offset + $0.length) }
        references = references.filter { reference in !code.contains { $0.contains(reference.offset) } }
        found = found.filter { warning in !code.contains { $0.contains(warning.offset) } }
        if ["html", "htm", "xhtml"].contains(URL(fileURLWithPath: document).pathExtension.lowercased()) {
            guard let first = sidecar.words.first, let last = sidecar.words.last else { return [] }
            let article = first.offset...(last.offset + last.length)
            references = references.filter { article.contains($0.offset) }
            found = found.filter { article.contains($0.offset) }
        }
        warnings += found.map(\.message)
        var figures: [ChapterDocument.Figure] = []
        for reference in references {
            let entry: String
            if let known = entries[reference.file] {
                entry = known
            } else {
                entry = String(format: "images/%03d.", copied.count + 1) + reference.fileExtension
                entries[reference.file] = entry
                copied.append(Copied(file: reference.file, entry: entry, mediaType: reference.mediaType))
            }
            figures.append(ChapterDocument.Figure(offset: reference.offset, src: entry, alt: reference.alt))
        }
        return figures
    }
}
