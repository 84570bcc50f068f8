import Foundation
import ReciteBuild

/// The order of a book's chapters: an order file if the folder has one (`order.txt`: one path per
/// line, relative to the folder, `#` for comments), else the folder's `index.md` first and the
/// file names in natural order ("2-intro" before "10-end": numbers compare as numbers).
public enum BookOrder {
    public static let orderFileName = "order.txt"

    public static func order(_ jobs: [Job], folder: String, orderFile: String? = nil) throws(ConfigurationError) -> [Job] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let file = orderFile ?? root.appendingPathComponent(orderFileName).path
        guard FileManager.default.fileExists(atPath: file) else {
            // The folder's index.md is its front page: it opens the book.
            func isIndex(_ job: Job) -> Bool { ["index.md", "index.markdown"].contains(relative(job, to: root).lowercased()) }
            return jobs.sorted {
                isIndex($0) != isIndex($1) ? isIndex($0) : naturalLess(relative($0, to: root), relative($1, to: root))
            }
        }
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw ConfigurationError("Cannot read the order file \(file): \(error.localizedDescription)")
        }
        let byPath = Dictionary(jobs.map { (relative($0, to: root), $0) }, uniquingKeysWith: { a, _ in a })
        var ordered: [Job] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let path = line.hasPrefix("./") ? String(line.dropFirst(2)) : line
            guard let job = byPath[path] else {
                throw ConfigurationError("\(file):\(number + 1): error: \"\(line)\" is not a Markdown or SSML document in \(folder); list the chapters' paths relative to the folder.")
            }
            ordered.append(job)
        }
        guard !ordered.isEmpty else { throw ConfigurationError("\(file): error: the order file lists no document.") }
        return ordered
    }

    static func relative(_ job: Job, to root: URL) -> String {
        let path = URL(fileURLWithPath: job.source).standardizedFileURL.path
        return path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path
    }

    /// "chapter 2" < "chapter 10": runs of digits compare by value, the rest by case-insensitive text.
    public static func naturalLess(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case (.number(let m), .number(let n)): if m != n { return m < n }
            case (.text(let s), .text(let t)):
                if s.lowercased() != t.lowercased() { return s.lowercased() < t.lowercased() }
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return x.count != y.count ? x.count < y.count : a < b
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Double)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = "", digits = false
        for c in s {
            let isDigit = c.isASCII && c.isNumber
            if !current.isEmpty && isDigit != digits {
                result.append(digits ? .number(Double(current) ?? 0) : .text(current))
                current = ""
            }
            digits = isDigit
            current.append(c)
        }
        if !current.isEmpty { result.append(digits ? .number(Double(current) ?? 0) : .text(current)) }
        return result
    }
}
