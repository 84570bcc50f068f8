import Foundation
import ReciteEPUB
import ReciteTestSupport
import Testing

/// `ZipArchive.write`: an archive written to a file from bytes, files on disk and another
/// archive's entries (copied compressed), checked by Python's `zipfile`, which shares nothing
/// with libzip; and failures that name what failed.
@Suite struct ZipWritingTests {
    @Test func entriesFromBytesFilesAndAnotherArchiveAreWrittenInOrder() throws {
        let folder = Fixtures.scratch("zip-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("audio.bin")
        let audioBytes = (0..<300_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        try Data(audioBytes).write(to: audio)
        let text = String(repeating: "The river runs to the sea. ", count: 2_000)
        let source = folder.appendingPathComponent("source.zip")
        try ZipArchive.write([ZipArchive.Entry(name: "OPS/text.xhtml", bytes: Array(text.utf8), stored: false)], to: source.path)

        let book = folder.appendingPathComponent("book.epub")
        let original = try ZipArchive(path: source.path)
        try ZipArchive.write([
            ZipArchive.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true),
            ZipArchive.Entry(name: "OPS/text.xhtml", content: .copied(from: original, name: "OPS/text.xhtml"), stored: false),
            ZipArchive.Entry(name: "OPS/audio.m4a", content: .file(audio.path), stored: true),
        ], to: book.path)
        let written = try ZipArchive(path: book.path)
        #expect(written.names == ["mimetype", "OPS/text.xhtml", "OPS/audio.m4a"])
        #expect(try written.read("OPS/text.xhtml") == Array(text.utf8))
        #expect(try written.read("OPS/audio.m4a") == audioBytes)
        // Python's reader: checksums hold, mimetype first and stored with no extra field, the
        // audio stored, the copied text still deflated.
        let check = try ExternalProgram.run(ExternalProgram.onPath("python3")!, ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            first = z.infolist()[0]
            assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED and first.extra == b"", first
            kinds = {i.filename: i.compress_type for i in z.infolist()}
            assert kinds["OPS/audio.m4a"] == zipfile.ZIP_STORED and kinds["OPS/text.xhtml"] == zipfile.ZIP_DEFLATED, kinds
            """, book.path])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aMissingFileOrFolderIsNamedInTheFailure() throws {
        let folder = Fixtures.scratch("zip-write-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("gone.m4a").path
        let book = folder.appendingPathComponent("book.epub").path
        #expect {
            try ZipArchive.write([ZipArchive.Entry(name: "OPS/gone.m4a", content: .file(missing), stored: true)], to: book)
        } throws: { ($0 as? ZipArchive.Failure)?.message.contains("OPS/gone.m4a") == true }
        #expect(!FileManager.default.fileExists(atPath: book), "a failed write left a file")
        #expect {
            try ZipArchive.write([ZipArchive.Entry(name: "a", bytes: [1], stored: true)], to: folder.appendingPathComponent("no/such/book.epub").path)
        } throws: { ($0 as? ZipArchive.Failure)?.message.contains("no/such/book.epub") == true }
    }
}
