import Foundation
import ReciteBuild
import ReciteAudio
import ReciteEPUB
import ReciteMarkdown
import Yams

/// A book's tags and cover, gathered from the command line, the folder's `recite.yml` (`book:`)
/// and the front matter of its `index.md` (or first document), in that order of precedence.
///
/// Kept apart from `Pipeline` on purpose: a pipeline's values are part of every document's
/// fingerprint, and renaming the author must not render the chapters again.
public struct BookInfo: Sendable, Equatable {
    public var title: String?
    public var author: String?
    public var album: String?
    public var year: String?
    public var genre: String?
    public var comment: String?
    /// A JPEG or PNG file (an absolute path, or relative to the current folder).
    public var cover: String?
    /// A picture read from inside a book (an EPUB's cover), used when `cover` names no file.
    public var coverData: Data?

    public init(title: String? = nil, author: String? = nil, album: String? = nil, year: String? = nil,
                genre: String? = nil, comment: String? = nil, cover: String? = nil) {
        self.title = title
        self.author = author
        self.album = album
        self.year = year
        self.genre = genre
        self.comment = comment
        self.cover = cover
    }

    /// These values, with `other`'s where these have none.
    public func over(_ other: BookInfo) -> BookInfo {
        var merged = BookInfo(title: title ?? other.title, author: author ?? other.author, album: album ?? other.album,
                              year: year ?? other.year, genre: genre ?? other.genre, comment: comment ?? other.comment,
                              cover: cover ?? other.cover)
        // A cover file given here beats a picture inside a book given there.
        merged.coverData = cover != nil || coverData != nil ? coverData : (other.cover != nil ? nil : other.coverData)
        return merged
    }

    /// An EPUB's package metadata: title, creators, date, description and cover picture.
    public static func fromEPUB(path: String) throws(ConfigurationError) -> BookInfo {
        do {
            let archive = try ZipArchive(path: path)
            let metadata = try EPUBPackage.read(archive).metadata
            var info = BookInfo(title: metadata.title, author: metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", "),
                                year: metadata.date.flatMap(year(in:)),
                                comment: metadata.description.map(withoutMarkup))
            if let cover = metadata.coverEntry { info.coverData = Data(try archive.read(cover)) }
            return info
        } catch let error as EPUBError {
            throw ConfigurationError(error.description)
        } catch {
            throw ConfigurationError("\(error)")
        }
    }

    /// A description's text without the HTML some books put in it.
    static func withoutMarkup(_ text: String) -> String {
        var result = "", inTag = false
        for c in text {
            if c == "<" { inTag = true } else if c == ">" { inTag = false; result.append(" ") } else if !inTag { result.append(c) }
        }
        return result.asTagText
    }

    /// The `book:` keys of a folder's `recite.yml`; a cover path is relative to that file.
    public static func fromFolderConfiguration(path: String) throws(ConfigurationError) -> BookInfo {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return BookInfo() }
        guard let book = try Pipeline.bookTags(inFolderConfiguration: text, path: path) else { return BookInfo() }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return BookInfo(title: book.title, author: book.author, album: book.album, year: book.year,
                        genre: book.genre, comment: book.comment,
                        cover: book.cover.map { resolve($0, in: folder) })
    }

    /// The front matter of `index.md` in `folder` if there is one, else of `firstDocument`.
    public static func fromFrontMatter(folder: String, firstDocument: String?) -> BookInfo {
        let index = ["index.md", "index.markdown"].map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
            .first { FileManager.default.fileExists(atPath: $0) }
        guard let file = index ?? firstDocument else { return BookInfo() }
        let fields = FrontMatterFields.read(path: file)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let date = fields["year"] ?? fields["date"]
        return BookInfo(title: fields["title"], author: fields["author"] ?? fields["authors"] ?? fields["creator"],
                        album: fields["album"], year: date.flatMap(year(in:)), genre: fields["genre"],
                        comment: fields["description"] ?? fields["comment"] ?? fields["summary"],
                        cover: (fields["cover"] ?? fields["image"]).map { resolve($0, in: folder) })
    }

    /// The four-digit year a date starts with ("2024-05-01" → "2024").
    static func year(in date: String) -> String? {
        let digits = date.prefix { $0.isASCII && $0.isNumber }
        return digits.count == 4 ? String(digits) : nil
    }

    private static func resolve(_ path: String, in folder: URL) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : folder.appendingPathComponent(expanded).standardizedFileURL.path
    }

    /// The tags for the book's audio file. The author is both artist and album artist (players
    /// file audiobooks under either); the album is the title unless set apart.
    public func metadata(title: String) throws(ConfigurationError) -> AudioMetadata {
        var tags = AudioMetadata(title: title, artist: author?.asTagText, album: (album ?? title).asTagText)
        tags.albumArtist = author?.asTagText
        tags.year = year?.asTagText
        tags.genre = (genre ?? "Audiobook").asTagText
        tags.comment = comment?.asTagText
        if let cover {
            do { tags.cover = try CoverArt(path: cover) } catch { throw ConfigurationError(error.message) }
        } else if let coverData {
            // A damaged picture inside a book loses the cover, not the book.
            tags.cover = try? CoverArt(data: coverData)
        }
        return tags
    }
}
