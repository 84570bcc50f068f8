import Foundation
import ReciteAudio
@testable import ReciteBook
import ReciteBuild
import ReciteTestSupport
import ReciteTiming
import Testing

@Suite(.serialized) struct BookTests {
    @Test func namesSortWithNumbersComparedAsNumbers() {
        let names = ["10-end.md", "2-middle.md", "1-start.md", "Appendix.md", "1b.md", "chapter 9.md", "chapter 11.md"]
        #expect(names.sorted(by: BookOrder.naturalLess) == ["1-start.md", "1b.md", "2-middle.md", "10-end.md", "Appendix.md", "chapter 9.md", "chapter 11.md"])
    }

    static func folder() throws -> URL {
        let input = EndToEndTests.temporaryFolder("book-in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("part"), withIntermediateDirectories: true)
        try Data("# The start\n\nIt begins on a quiet morning.\n".utf8).write(to: input.appendingPathComponent("1-start.md"))
        try Data("---\ntitle: In the middle\n---\n\nThe river ran past 8 m² of garden.\n".utf8).write(to: input.appendingPathComponent("2-middle.md"))
        try Data("<speak><p>And then it ended.</p></speak>".utf8).write(to: input.appendingPathComponent("part/10-end.ssml"))
        return input
    }

    @Test func aFolderBecomesABookWithChaptersWherePlayersReadThem() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("book-out")
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--chapter-pause", "1.5", "--title", "A Test"])
        #expect(run.status == 0, "\(run.stderr)")
        let chapters = try JSONDecoder().decode(BookBinder.Chapters.self, from: Data(contentsOf: out.appendingPathComponent("book.chapters.json")))
        #expect(chapters.articles.map(\.title) == ["The start", "In the middle", "10-end"])
        #expect(chapters.articles.map { URL(fileURLWithPath: $0.source).lastPathComponent } == ["1-start.md", "2-middle.md", "10-end.ssml"])
        // The subfolder is a part holding its chapter, spanning it.
        #expect(chapters.chapters.map(\.title) == ["The start", "In the middle", "part"])
        #expect(chapters.chapters[2].chapters?.map(\.title) == ["10-end"])
        #expect(chapters.chapters[2].start == chapters.articles[2].start && chapters.chapters[2].end == chapters.articles[2].end)

        // The book is the parts plus the pauses, sample for sample.
        let parts = try ["1-start", "2-middle", "part/10-end"].map { try SoundFile.info(of: out.appendingPathComponent($0 + ".wav").path) }
        let book = try SoundFile.info(of: out.appendingPathComponent("book.wav").path)
        #expect(book.frames == parts.map(\.frames).reduce(0, +) + 2 * Int(1.5 * Double(book.sampleRate)))

        // Each chapter starts at its article's first word, as the book's own sidecar times it.
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("book.timing.json")))
        for chapter in chapters.articles {
            let first = try #require(sidecar.words.first { $0.file == chapter.source })
            #expect(abs(first.start - chapter.start) < 0.010)
        }
        #expect(abs(sidecar.duration - book.duration) < 0.010)
        #expect(Set(sidecar.words.compactMap(\.file)).count == 3)
        // Every word's bytes are in its own file.
        for word in sidecar.words {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: word.file!)))
            #expect(String(decoding: bytes[word.offset..<word.offset + word.length], as: UTF8.self) == word.text)
        }

        // Cue points with labels in the WAV, and a CUE sheet.
        #expect(WAVLabels.read(out.appendingPathComponent("book.wav").path) == [1: "The start", 2: "In the middle", 3: "10-end"])
        let cue = try String(contentsOf: out.appendingPathComponent("book.cue"), encoding: .utf8)
        #expect(cue.components(separatedBy: "TRACK").count == 4)
        #expect(cue.contains("FILE \"book.wav\" WAVE") && cue.contains("TITLE \"A Test\""))
    }

    @Test func anOrderFileDecidesAndAFailedChapterKeepsTheEarlierBook() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("book-order")
        try Data("# chapters, last first\npart/10-end.ssml\n1-start.md\n".utf8).write(to: input.appendingPathComponent("order.txt"))
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path]).status == 0)
        let chapters = try JSONDecoder().decode(BookBinder.Chapters.self, from: Data(contentsOf: out.appendingPathComponent("book.chapters.json")))
        #expect(chapters.articles.map(\.title) == ["10-end", "The start"])  // no heading: the file name
        let before = try Data(contentsOf: out.appendingPathComponent("book.wav"))

        try Data("<speak><p>Broken".utf8).write(to: input.appendingPathComponent("part/10-end.ssml"))
        let failed = try EndToEndTests.recite(["book", input.path, "-o", out.path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("not bound"), "\(failed.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.wav")) == before)

        try Data("missing.md\n".utf8).write(to: input.appendingPathComponent("order.txt"))
        try Data("<speak><p>Fixed.</p></speak>".utf8).write(to: input.appendingPathComponent("part/10-end.ssml"))
        let bad = try EndToEndTests.recite(["book", input.path, "-o", out.path])
        #expect(bad.status == 2 && bad.stderr.contains("order.txt:1"), "\(bad.stderr)")
    }
}
