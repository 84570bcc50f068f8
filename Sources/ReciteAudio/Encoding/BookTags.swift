import Foundation

/// A chapter written inside an audio file (MP4 chapter list, ID3v2 `CHAP`, Vorbis comments
/// `CHAPTERnnn`): where players show and skip to it.
public struct ChapterMark: Sendable, Equatable {
    public var title: String
    /// Seconds from the start of the file.
    public var start: Double
    public var end: Double

    public init(title: String, start: Double, end: Double) {
        self.title = title
        self.start = start
        self.end = end
    }
}

/// A cover picture (JPEG or PNG), checked when it is read so a bad file is refused before any
/// audio is written.
public struct CoverArt: Sendable, Equatable {
    public enum Kind: String, Sendable { case jpeg = "image/jpeg", png = "image/png" }

    public var data: Data
    public var kind: Kind

    /// Players and tag readers choke on very large pictures; 10 MB is far above any real cover.
    public static let byteLimit = 10 * 1024 * 1024

    public init(data: Data) throws(SoundFile.Failure) {
        guard data.count <= Self.byteLimit else {
            throw SoundFile.Failure(message: "the cover is \(data.count / 1_048_576) MB; use a JPEG or PNG under 10 MB (1400×1400 pixels is plenty for players).")
        }
        guard let kind = Self.kind(of: data) else {
            throw SoundFile.Failure(message: "the cover is neither a JPEG nor a PNG picture; convert it to one of those.")
        }
        self.data = data
        self.kind = kind
        guard let size, size.width > 0, size.height > 0 else {
            throw SoundFile.Failure(message: "the cover's \(kind == .png ? "PNG" : "JPEG") header gives no picture size; the file may be damaged.")
        }
    }

    /// Reads and checks the picture at `path`.
    public init(path: String) throws(SoundFile.Failure) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw SoundFile.Failure(message: "\(path): cannot read the cover: \(String(cString: strerror(errno == 0 ? ENOENT : errno))); give a JPEG or PNG file.")
        }
        guard Int(status.st_size) <= Self.byteLimit else {
            throw SoundFile.Failure(message: "\(path): the cover is \(Int(status.st_size) / 1_048_576) MB; use a JPEG or PNG under 10 MB.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SoundFile.Failure(message: "\(path): cannot read the cover; check its permissions.")
        }
        do { try self.init(data: data) } catch { throw SoundFile.Failure(message: "\(path): \(error.message)") }
    }

    /// Width and height from the picture's header (PNG `IHDR`, JPEG start-of-frame); muxers
    /// need them, and a picture without them is not one players can show.
    public var size: (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(256 * 1024))
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func be32(_ at: Int) -> Int { be16(at) << 16 | be16(at + 2) }
        switch kind {
        case .png:
            guard bytes.count >= 24 else { return nil }
            return (be32(16), be32(20))
        case .jpeg:
            var at = 2
            while at + 9 < bytes.count, bytes[at] == 0xFF {
                let marker = bytes[at + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
                // Start of frame (baseline, progressive …), but not DHT, JPG or DAC.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return (be16(at + 7), be16(at + 5))
                }
                at += 2 + be16(at + 2)
            }
            return nil
        }
    }

    static func kind(of data: Data) -> Kind? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// A FLAC `METADATA_BLOCK_PICTURE` (front cover), as Ogg Vorbis and Opus carry it in a comment,
    /// base64-encoded.
    var flacPictureBlock: Data {
        var block = Data()
        func be32(_ v: Int) { block.append(contentsOf: (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) }) }
        let mime = Array(kind.rawValue.utf8)
        be32(3)  // front cover
        be32(mime.count)
        block.append(contentsOf: mime)
        be32(0)  // no description
        for _ in 0..<4 { be32(0) }  // width, height, depth, colours: unknown is allowed
        be32(data.count)
        block.append(data)
        return block
    }
}

extension String {
    /// The text with control characters (tabs and line breaks included) turned into spaces and
    /// runs of spaces collapsed: tags are one line, and some readers stop at a control byte.
    public var asTagText: String {
        let cleaned = String(String.UnicodeScalarView(unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 }))
        return cleaned.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
