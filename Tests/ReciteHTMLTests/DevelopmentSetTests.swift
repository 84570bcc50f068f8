import Foundation
import ReciteHTML
import ReciteScript
import ReciteTestSupport
import ReciteXML
import Testing

/// The twenty real pages of ../shared/corpus/html read at script level (no synthesis): the words
/// read against Mozilla Readability's extraction (expected.html), and each word's span against
/// the word. Floors a little under today's figures, so a change that loses the article fails.
/// `Benchmarks/html_extraction.py` measures the same from the real build's timing sidecars.
@Suite struct DevelopmentSetTests {
    static var corpus: URL? { Fixtures.shared?.appendingPathComponent("corpus/html") }

    /// Lower-cased, letters and digits only, empty words dropped.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { word in
            String(word.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.map(Character.init))
        }.filter { !$0.isEmpty }
    }

    /// The text of a page, markup removed (libxml2's HTML parser, as the reader uses).
    static func text(ofHTML bytes: [UInt8]) throws -> String {
        func text(_ e: XMLElement) -> String {
            e.children.map {
                switch $0 {
                case .text(let t): t
                case .element(let c): " " + text(c) + " "
                default: ""
                }
            }.joined()
        }
        return text(try LibXML2.parseHTML(bytes, path: "expected.html").root)
    }

    static func bag(_ words: [String]) -> [String: Int] {
        words.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    static func overlap(_ a: [String: Int], _ b: [String: Int]) -> Int {
        a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
    }

    /// An entity-decoded span with its tags removed, as the check of positions reads it.
    static func shown(_ raw: String) -> String {
        var s = raw.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
                                    ("&nbsp;", " "), ("&#x27;", "'"), ("&apos;", "'")] {
            s = s.replacingOccurrences(of: entity, with: character)
        }
        return s
    }

    @Test(.enabled(if: corpus != nil, "needs ../shared/corpus/html beside the checkout"))
    func articlesAreReadWithTheirPositions() throws {
        let folder = try #require(Self.corpus)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/source.html").path)
        }
        #expect(pages.count >= 20)
        var expectedTotal = 0, readTotal = 0, overlapTotal = 0, placed = 0, said = 0
        for name in pages {
            let page = folder.appendingPathComponent(name)
            let bytes = [UInt8](try Data(contentsOf: page.appendingPathComponent("source.html")))
            let result = try HTMLReader.read(bytes: bytes, path: "\(name).html")
            var read: [String] = []
            for block in result.script.blocks where block.kind != .code {
                for run in block.runs {
                    guard let spoken = run.spoken else { continue }
                    read += Self.words(spoken)
                    said += 1
                    if Self.words(Self.shown(result.source.text(of: run.source))) == Self.words(spoken) { placed += 1 }
                }
            }
            let expected = Self.words(try Self.text(ofHTML: [UInt8](try Data(contentsOf: page.appendingPathComponent("expected.html")))))
            let common = Self.overlap(Self.bag(expected), Self.bag(read))
            let recall = Double(common) / Double(max(1, expected.count))
            let precision = Double(common) / Double(max(1, read.count))
            // toc-missing is mostly code (announced, not read): its floor is lower.
            #expect(recall >= (name == "toc-missing" ? 0.6 : 0.85), "\(name): recall \(recall)")
            #expect(precision >= 0.85, "\(name): precision \(precision)")
            expectedTotal += expected.count
            readTotal += read.count
            overlapTotal += common
        }
        let recall = Double(overlapTotal) / Double(max(1, expectedTotal))
        let precision = Double(overlapTotal) / Double(max(1, readTotal))
        let positions = Double(placed) / Double(max(1, said))
        #expect(recall >= 0.93, "recall \(recall)")
        #expect(precision >= 0.95, "precision \(precision)")
        #expect(positions >= 0.97, "positions \(positions)")
        print("HTML development set: recall \(recall), precision \(precision), positions \(positions) over \(pages.count) pages")
    }
}
