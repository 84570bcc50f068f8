import Foundation
import ReciteBuild
import ReciteEPUB

/// The book's own package document with what Media Overlays need added, and nothing else changed:
/// a `media-overlay` attribute on each overlaid document's manifest item, the overlays and their
/// audio as new items, and `media:duration` (per overlay and for the book) and
/// `media:active-class` in the metadata.
struct PackagePatch {
    /// One overlaid document: its entry, and its overlay's id, entry and duration (milliseconds).
    struct Overlay {
        var document: String
        var id: String
        var entry: String
        var duration: Int
    }

    /// New manifest items: an id, an entry and a media type.
    struct Item {
        var id: String
        var entry: String
        var mediaType: String
    }

    var text: String
    /// The package document's entry (hrefs are relative to its folder).
    var entry: String
    /// `dcterms:modified`, added when the book has none.
    var modified = Date()

    /// Why a package cannot take Recite's overlays, or nil if it can.
    static func unsuitability(of text: String) -> String? {
        guard text.range(of: #"<([A-Za-z_][\w.-]*:)?package\b[^>]*\bversion\s*=\s*["']3\."#, options: .regularExpression) != nil else {
            return "it is not an EPUB 3 package; Media Overlays need EPUB 3"
        }
        if text.contains("media-overlay=") { return "it has Media Overlays already" }
        return nil
    }

    /// The patched package document.
    func patched(overlays: [Overlay], items: [Item]) throws -> String {
        if let reason = Self.unsuitability(of: text) { throw ReadAlongEPUBError("\(entry): \(reason).") }
        var result = text
        let folder = ZipPath.folder(of: entry)
        // The media-overlay attribute on each overlaid document's item.
        let byDocument = Dictionary(overlays.map { ($0.document, $0.id) }, uniquingKeysWith: { a, _ in a })
        let itemPattern = try! NSRegularExpression(pattern: #"<([A-Za-z_][\w.-]*:)?item\b[^>]*?(/?)>"#)
        let hrefPattern = try! NSRegularExpression(pattern: #"\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')"#)
        var found = Set<String>()
        for match in itemPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let tag = (text as NSString).substring(with: match.range)
            guard let href = hrefPattern.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) else { continue }
            let value = [1, 2].compactMap { href.range(at: $0).location == NSNotFound ? nil : (tag as NSString).substring(with: href.range(at: $0)) }.first ?? ""
            guard let document = EPUBPackage.resolve(Self.unescaped(value), against: folder), let id = byDocument[document] else { continue }
            found.insert(document)
            let close = match.range(at: 2).length > 0 ? match.range(at: 2).location : match.range.location + match.range.length - 1
            let at = result.index(result.startIndex, offsetBy: (text as NSString).substring(to: close).count)
            result.insert(contentsOf: " media-overlay=\"\(XMLText.escape(id))\"", at: at)
        }
        if let missing = overlays.first(where: { !found.contains($0.document) }) {
            throw ReadAlongEPUBError("\(entry) has no manifest item for \(missing.document); the book's package is damaged.")
        }
        let prefix = Self.prefix(of: "package", in: text)
        var manifest = ""
        for item in items {
            manifest += "<\(prefix)item id=\"\(XMLText.escape(item.id))\" href=\"\(XMLText.escape(ZipPath.relative(from: folder, to: item.entry)))\" media-type=\"\(item.mediaType)\"/>\n"
        }
        var metadata = ""
        for overlay in overlays {
            metadata += "<\(prefix)meta property=\"media:duration\" refines=\"#\(XMLText.escape(overlay.id))\">\(ClockValue.full(milliseconds: overlay.duration))</\(prefix)meta>\n"
        }
        metadata += "<\(prefix)meta property=\"media:duration\">\(ClockValue.full(milliseconds: overlays.map(\.duration).reduce(0, +)))</\(prefix)meta>\n"
        metadata += "<\(prefix)meta property=\"media:active-class\">\(PackageDocuments.activeClass)</\(prefix)meta>\n"
        // EPUB 3 requires a modification date; a book without one gets the time it is written.
        if !text.contains("dcterms:modified") {
            metadata += "<\(prefix)meta property=\"dcterms:modified\">\(PackageDocuments.timestamp(modified))</\(prefix)meta>\n"
        }
        result = try Self.insert(manifest, before: "manifest", in: result)
        result = try Self.insert(metadata, before: "metadata", in: result)
        return result
    }

    /// The namespace prefix (with its colon) the package writes its elements with, "" for none.
    static func prefix(of element: String, in text: String) -> String {
        guard let range = text.range(of: #"<([A-Za-z_][\w.-]*:)?"# + element + #"\b"#, options: .regularExpression) else { return "" }
        let tag = text[range].dropFirst()
        return tag.contains(":") ? String(tag.prefix { $0 != ":" }) + ":" : ""
    }

    /// `text` with `addition` put just before the end tag of `element`.
    static func insert(_ addition: String, before element: String, in text: String) throws -> String {
        guard let range = text.range(of: #"</([A-Za-z_][\w.-]*:)?"# + element + #"\s*>"#, options: [.regularExpression, .backwards]) else {
            throw ReadAlongEPUBError("The book's package has no </\(element)>; it is damaged.")
        }
        var result = text
        result.insert(contentsOf: addition, at: range.lowerBound)
        return result
    }

    static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
