import Foundation
import ReciteScript
import ReciteXML

/// Parse stage for SSML: a source file into a `Script`, through libxml2, with no network and no
/// file access. Text outside `<p>` is gathered into paragraphs of its own.
public enum SSMLParser {
    public struct Result: Sendable {
        public var script: Script
        /// The decoded source, for mapping spans back to text.
        public var source: SourceText
        public var warnings: [Warning]
        /// Every local file the document names and Recite honoured, present or not (audio clips
        /// and lexicons): a change to one of them changes the document's output.
        public var dependencies: [String]
    }

    /// Tells whether a file is a sound Recite can splice in (a WAV or FLAC file it can read).
    public typealias AudioCheck = @Sendable (String) -> Bool

    /// Parses SSML bytes. `path` names the file in errors and in the script. `inputRoot` is the
    /// folder the document was found in (the user's input): files it names (`<audio src>`,
    /// `<lexicon uri>`) are honoured only inside it; nil means the document's own folder.
    /// `isPlayableAudio` checks an `<audio>` file; by default its header must be WAV or FLAC.
    public static func parse(bytes: [UInt8], path: String, defaultLanguage: String = "en-US",
                             inputRoot: String? = nil,
                             isPlayableAudio: @escaping AudioCheck = SSMLParser.hasSoundHeader) throws(DocumentError) -> Result {
        var encoding = declaredEncoding(bytes)
        var warnings: [Warning] = []
        if encoding == .latin1, isMislabelledUTF8(bytes) {
            // Text copied from a page into a UTF-8 file keeps its "ISO-8859-1" declaration (the
            // IPA example of SSML 1.1 does): read as Latin-1, "è" would become "Ã¨".
            encoding = .utf8
            warnings.append(Warning(path: path, location: SourceLocation(line: 1, column: 1),
                                    message: "The document declares ISO-8859-1 but its bytes are UTF-8; it is read as UTF-8. Correct the encoding in the XML declaration."))
        }
        let source: SourceText
        do {
            source = try SourceText(path: path, bytes: bytes, encoding: encoding)
        } catch {
            throw DocumentError(path: path, location: error.location,
                                message: "The file is not valid UTF-8 and declares no other encoding; save it as UTF-8.")
        }
        try refuseEntityDeclarations(source)
        let root: XMLElement
        do {
            root = try LibXML2.parse(bytes, path: path, encoding: encoding == .utf8 ? "UTF-8" : nil)
        } catch {
            throw DocumentError(path: path, location: SourceLocation(line: max(1, error.line), column: max(1, error.column)),
                                message: "Malformed SSML: \(error.message). Fix the markup at this point.")
        }
        guard root.name == "speak" else {
            throw DocumentError(path: path, location: SourceLocation(line: root.line, column: 1),
                                message: "The root element is <\(root.name)>, not <speak>; an SSML document starts with <speak>.")
        }
        let folder = inputRoot ?? ((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        var walker = SSMLWalker(source: source, resources: LocalResource(root: folder, documentPath: path),
                                isPlayableAudio: isPlayableAudio)
        let language = root.attributes["xml:lang"] ?? defaultLanguage
        try walker.walkRoot(root)
        return Result(script: Script(path: path, language: language, blocks: walker.blocks, lexicons: walker.lexicons),
                      source: source, warnings: warnings + walker.warnings, dependencies: walker.dependencies)
    }

    /// True if bytes declared Latin-1 hold non-ASCII text that is valid UTF-8: real Latin-1 text
    /// almost never forms valid multi-byte UTF-8 sequences ("Ã¨"), so the declaration is wrong.
    static func isMislabelledUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 >= 0x80 } && String(validating: bytes, as: UTF8.self) != nil
    }

    /// True if the file starts like a WAV (`RIFF…WAVE`) or FLAC (`fLaC`) file; reads 12 bytes.
    @Sendable public static func hasSoundHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        if head.count >= 4, head[0..<4] == [0x66, 0x4C, 0x61, 0x43] { return true }
        return head.count == 12 && head[0..<4] == Array("RIFF".utf8)[...] && head[8..<12] == Array("WAVE".utf8)[...]
    }

    /// True if `bytes` look like an SSML document (root element `speak`), for `.xml` files.
    public static func looksLikeSSML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var rest = Substring(head)
        while let lt = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: lt)...]
            if after.hasPrefix("?") || after.hasPrefix("!") {
                rest = after.drop(while: { $0 != ">" }).dropFirst()
                continue
            }
            let name = after.prefix(while: { !$0.isWhitespace && $0 != ">" && $0 != "/" })
            return name == "speak" || name.hasSuffix(":speak")
        }
        return false
    }

    /// The encoding named in the XML declaration, if it is one Recite decodes itself.
    static func declaredEncoding(_ bytes: [UInt8]) -> SourceText.Encoding {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return .utf8 }
        let declaration = head[..<end.lowerBound]
        for latin in ["iso-8859-1", "iso-8859-15", "latin1", "latin-1", "windows-1252"] where declaration.contains("\"\(latin)\"") || declaration.contains("'\(latin)'") {
            return .latin1
        }
        return .utf8
    }

    /// Internal DTD subsets that declare entities are refused before libxml2 sees them: they are
    /// how "billion laughs" and external-entity (XXE) attacks are made, and SSML needs none.
    static func refuseEntityDeclarations(_ source: SourceText) throws(DocumentError) {
        let s = source.scalars
        let pattern = Array("<!ENTITY".unicodeScalars)
        guard s.count >= pattern.count else { return }
        for i in 0...(s.count - pattern.count) where s[i] == "<" && Array(s[i..<i + pattern.count]) == pattern {
            throw DocumentError(path: source.path, location: source.location(ofScalar: i),
                                message: "The document declares an entity (<!ENTITY …>); Recite does not expand entities, for safety. Write the text out instead.")
        }
    }
}
