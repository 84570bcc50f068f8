import Foundation
import ReciteEPUB

/// An EPUB on the command line (or in a folder) becomes one job per chapter, written under a
/// folder named after the book: `BOOK/001-the-title.wav`, … in reading order.
enum EPUBJobs {
    static func chapters(of book: Job) throws(ConfigurationError) -> [Job] {
        let chapters: [EPUBChapter]
        do {
            chapters = EPUBChapter.plan(try EPUBPackage.read(try ZipArchive(path: book.source)))
        } catch let error as EPUBError {
            throw ConfigurationError(error.description)
        } catch {
            throw ConfigurationError("\(error)")
        }
        guard !chapters.isEmpty else { throw ConfigurationError("\(book.source): error: the book has nothing to read.") }
        let width = max(3, String(chapters.count).count)
        return chapters.enumerated().map { index, chapter in
            var job = book
            let number = String(index + 1)
            let name = String(repeating: "0", count: width - number.count) + number + (chapter.title.map { "-" + slug($0) } ?? "")
            job.outputStem = book.outputStem + "/" + name
            job.chapter = index
            job.chapterTitle = chapter.title
            job.chapterDepth = chapter.depth
            return job
        }
    }

    /// "Chapter 1: The Source" → "chapter-1-the-source" (letters and digits, at most 40 characters).
    static func slug(_ title: String) -> String {
        let words = title.lowercased().split { !($0.isLetter || $0.isNumber) }
        var result = ""
        for word in words where result.count + word.count < 40 {
            result += (result.isEmpty ? "" : "-") + word
        }
        return result.isEmpty ? "chapter" : result
    }
}
