import Foundation
import ReciteScript
import ReciteYAML
import Yams

/// YAML (`---`) or TOML (`+++`) front matter at the top of a Markdown file.
///
/// It is never read aloud; its `title` is spoken first and its `lang` picks the document's language.
struct FrontMatter {
    /// Code-point range of the whole front matter, fences included.
    var range: Range<Int>
    var title: String?
    var language: String?
    /// Every top-level key with a scalar value (a book's author, date, genre, cover…).
    var fields: [String: String] = [:]
    /// Why the YAML was not read, and where (it is then ignored, and the document read).
    var refused: (line: Int, column: Int, message: String)?

    /// Finds front matter at the start of `source`, or nil.
    static func find(in source: SourceTextLines) -> FrontMatter? {
        guard let first = source.lines.first else { return nil }
        let fence: String
        switch first.text.trimmingTrailingSpaces {
        case "---": fence = "---"
        case "+++": fence = "+++"
        default: return nil
        }
        guard let closing = source.lines.dropFirst().firstIndex(where: {
            let t = $0.text.trimmingTrailingSpaces
            return t == fence || (fence == "---" && t == "...")
        }) else { return nil }
        let body = source.lines[1..<closing].map(\.text).joined(separator: "\n")
        var matter = FrontMatter(range: 0..<source.lines[closing].range.upperBound)
        if fence == "---" {
            if let problem = YAMLGuard.problem(in: body) {
                // Lines of the body are the file's from the second on.
                matter.refused = (problem.line + 1, problem.column, problem.message)
            } else {
                do {
                    if let map = try YAMLGuard.load(body) as? [String: Any] {
                        matter.title = map["title"].flatMap(Self.scalarString)
                        matter.language = (map["lang"] ?? map["language"]).flatMap(Self.scalarString)
                        matter.fields = map.compactMapValues(Self.scalarString)
                    }
                } catch let refusal as YAMLGuard.Refusal {
                    matter.refused = (refusal.line + 1, refusal.column, refusal.message)
                } catch {
                    // Not YAML Recite can read: the front matter is skipped, as before, and the document read.
                }
            }
        } else {
            for key in ["title", "author", "date", "year", "genre", "description", "cover", "album"] {
                if let value = tomlString(body, key: key) { matter.fields[key] = value }
            }
            matter.title = tomlString(body, key: "title")
            matter.language = tomlString(body, key: "lang") ?? tomlString(body, key: "language")
        }
        return matter
    }

    private static func scalarString(_ value: Any) -> String? {
        switch value {
        case let s as String: s
        case let d as Date: String(ISO8601DateFormatter().string(from: d).prefix(10))
        case let i as Int: String(i)
        case let d as Double: String(d)
        default: nil
        }
    }

    /// `key = "value"` at the top level of TOML front matter (all Recite needs of TOML).
    private static func tomlString(_ body: String, key: String) -> String? {
        for line in body.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}

/// The lines of a source file with their code-point ranges (newline excluded).
struct SourceTextLines {
    struct Line {
        var text: String
        var range: Range<Int>
    }
    var lines: [Line]

    init(_ source: SourceText) {
        var lines: [Line] = []
        for (i, start) in source.lineStarts.enumerated() {
            let end = i + 1 < source.lineStarts.count ? source.lineStarts[i + 1] - 1 : source.scalars.count
            var upper = end
            if upper > start, source.scalars[upper - 1] == "\r" { upper -= 1 }
            lines.append(Line(text: source.text(scalars: start..<upper), range: start..<end))
        }
        self.lines = lines
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s.removeLast() }
        return s
    }
}

/// The front matter of a Markdown file as key → text, for a book's tags (`title`, `author`,
/// `date`, `genre`, `description`, `cover`); empty if the file has none or it cannot be read.
public enum FrontMatterFields {
    /// Front matter sits at the top: only the first 64 KB are read.
    public static func read(path: String) -> [String: String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [:] }
        defer { try? handle.close() }
        guard var bytes = try? handle.read(upToCount: 65_536).map(Array.init) else { return [:] }
        // A cut in the middle of a character would make the text undecodable: end at a line.
        if bytes.count == 65_536, let lastLine = bytes.lastIndex(of: 0x0A) { bytes = Array(bytes[...lastLine]) }
        guard let source = try? SourceText(path: path, bytes: bytes) else { return [:] }
        return FrontMatter.find(in: SourceTextLines(source))?.fields ?? [:]
    }
}
