import Foundation
import ReciteXML

/// An EPUB 2 or 3 book as its package document describes it: metadata, the reading order (spine)
/// and the table of contents. Read from the zip in memory: `META-INF/container.xml` names the
/// package document (OPF), whose manifest and spine name the XHTML documents.
public struct EPUBPackage: Sendable {
    public struct Metadata: Sendable, Equatable {
        public var title: String?
        public var authors: [String] = []
        public var language: String?
        public var date: String?
        public var description: String?
        /// The cover picture's entry name in the archive.
        public var coverEntry: String?
    }

    /// One document of the reading order.
    public struct SpineItem: Sendable, Equatable {
        /// The entry name in the archive (`OEBPS/chapter1.xhtml`).
        public var entry: String
        /// `linear="no"` items (notes, pop-ups) are outside the main reading order.
        public var linear: Bool
    }

    public var metadata: Metadata
    public var spine: [SpineItem]
    public var tableOfContents: [TOCEntry]
    /// The package document's entry name.
    public var packageEntry: String

    /// Reads the package of the EPUB at `archive`; refuses a book with DRM or encrypted content.
    public static func read(_ archive: ZipArchive) throws(EPUBError) -> EPUBPackage {
        let path = archive.path
        try refuseEncryption(archive)
        let container = try xml(archive, "META-INF/container.xml")
        guard let rootfile = container.descendants(named: "rootfile").first(where: {
            ($0.attributes["media-type"] ?? "application/oebps-package+xml") == "application/oebps-package+xml"
        }), let opfPath = rootfile.attributes["full-path"].map(decodePercent) else {
            throw EPUBError(path: path, entry: "META-INF/container.xml", message: "names no package document (rootfile full-path); the EPUB is damaged.")
        }
        let opf = try xml(archive, opfPath)
        let base = (opfPath as NSString).deletingLastPathComponent

        // Manifest: id → (entry, media type, properties).
        var items: [String: (entry: String, type: String, properties: Set<String>)] = [:]
        for item in opf.descendants(named: "item") {
            guard let id = item.attributes["id"], let href = item.attributes["href"],
                  let entry = resolve(href, against: base) else { continue }
            let properties = Set((item.attributes["properties"] ?? "").split(separator: " ").map(String.init))
            items[id] = (entry, item.attributes["media-type"] ?? "", properties)
        }

        let spineElement = opf.descendants(named: "spine").first
        let spine: [SpineItem] = (spineElement?.childElements ?? []).compactMap { ref in
            guard ref.name == "itemref", let id = ref.attributes["idref"], let item = items[id] else { return nil }
            return SpineItem(entry: item.entry, linear: ref.attributes["linear"] != "no")
        }
        guard !spine.isEmpty else {
            throw EPUBError(path: path, entry: opfPath, message: "has an empty reading order (spine); there is nothing to read.")
        }

        var metadata = Metadata()
        let meta = opf.descendants(named: "metadata").first
        func dc(_ name: String) -> [String] {
            (meta?.descendants(named: name) ?? []).map { $0.textContent.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        metadata.title = dc("title").first
        metadata.authors = dc("creator")
        metadata.language = dc("language").first
        metadata.date = dc("date").first
        metadata.description = dc("description").first
        // EPUB 3 marks the cover in the manifest; EPUB 2 with <meta name="cover" content="ID">.
        if let cover = items.values.first(where: { $0.properties.contains("cover-image") }) {
            metadata.coverEntry = cover.entry
        } else if let id = meta?.descendants(named: "meta").first(where: { $0.attributes["name"] == "cover" })?.attributes["content"],
                  let item = items[id], item.type.hasPrefix("image/") {
            metadata.coverEntry = item.entry
        }

        // The table of contents: the EPUB 3 navigation document, else the EPUB 2 NCX.
        var toc: [TOCEntry] = []
        if let nav = items.values.first(where: { $0.properties.contains("nav") }) {
            toc = TOCEntry.fromNavigation(try xhtml(archive, nav.entry), entry: nav.entry)
        }
        if toc.isEmpty {
            let ncxID = spineElement?.attributes["toc"]
            let ncx = ncxID.flatMap { items[$0] } ?? items.values.first { $0.type == "application/x-dtbncx+xml" }
            if let ncx { toc = TOCEntry.fromNCX(try xml(archive, ncx.entry), entry: ncx.entry) }
        }
        return EPUBPackage(metadata: metadata, spine: spine, tableOfContents: toc, packageEntry: opfPath)
    }

    /// `META-INF/rights.xml` means DRM; `META-INF/encryption.xml` that encrypts more than fonts
    /// (font obfuscation is allowed) means the text cannot be read.
    static func refuseEncryption(_ archive: ZipArchive) throws(EPUBError) {
        if archive.contains("META-INF/rights.xml") {
            throw EPUBError(path: archive.path, entry: "META-INF/rights.xml", message: "the book is protected by DRM; Recite reads only DRM-free EPUBs.")
        }
        guard archive.contains("META-INF/encryption.xml") else { return }
        let encryption = try xml(archive, "META-INF/encryption.xml")
        let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]
        for data in encryption.descendants(named: "EncryptedData") {
            let algorithm = data.descendants(named: "EncryptionMethod").first?.attributes["Algorithm"] ?? ""
            if !fontObfuscation.contains(algorithm) {
                throw EPUBError(path: archive.path, entry: "META-INF/encryption.xml", message: "the book's content is encrypted (DRM); Recite reads only DRM-free EPUBs.")
            }
        }
    }

    /// Parses an XML entry with libxml2's safe settings (no DTD, no external entities).
    static func xml(_ archive: ZipArchive, _ entry: String) throws(EPUBError) -> XMLElement {
        let bytes: [UInt8]
        do { bytes = try archive.read(entry) } catch { throw EPUBError(path: archive.path, entry: nil, message: error.message) }
        do {
            return try LibXML2.parse(bytes, path: entry)
        } catch {
            throw EPUBError(path: archive.path, entry: entry, line: error.line, column: error.column, message: error.message)
        }
    }

    /// Parses an XHTML entry as XML, or, if it is not well-formed (an HTML entity such as
    /// `&nbsp;` that XML does not know is common in real books), with libxml2's HTML parser.
    static func xhtml(_ archive: ZipArchive, _ entry: String) throws(EPUBError) -> XMLElement {
        do {
            return try xml(archive, entry)
        } catch let xmlError {
            let bytes: [UInt8]
            do { bytes = try archive.read(entry) } catch { throw EPUBError(path: archive.path, entry: nil, message: error.message) }
            guard let parsed = try? LibXML2.parseHTML(bytes, path: entry) else { throw xmlError }
            return parsed.root
        }
    }

    /// An `href` relative to the folder `base` as an entry name (fragment dropped, `%20`
    /// decoded, `./` and `..` resolved); nil if it leaves the archive or points elsewhere.
    public static func resolve(_ href: String, against base: String) -> String? {
        let withoutFragment = String(href.prefix { $0 != "#" })
        guard !withoutFragment.isEmpty, !withoutFragment.contains(":") else { return nil }
        var parts = base.isEmpty ? [] : base.split(separator: "/").map(String.init)
        for segment in decodePercent(withoutFragment).split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(segment))
            }
        }
        return parts.joined(separator: "/")
    }

    static func decodePercent(_ s: String) -> String { s.removingPercentEncoding ?? s }
}

/// An error in an EPUB: the book, the entry inside it and the place in that entry.
public struct EPUBError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var entry: String?
    public var line: Int = 0
    public var column: Int = 0
    public var message: String

    public var description: String {
        guard let entry else { return "\(path): error: \(message)" }
        let place = line > 0 ? ":\(line):\(column)" : ""
        return "\(path)!/\(entry)\(place): error: \(message)"
    }
}

extension XMLElement {
    /// Every element below this one (itself included) with this local name, in document order.
    func descendants(named name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        var stack = [self]
        while let element = stack.popLast() {
            if element.name == name { found.append(element) }
            stack.append(contentsOf: element.childElements.reversed())
        }
        return found
    }
}
