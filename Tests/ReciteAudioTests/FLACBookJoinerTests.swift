import Foundation
@testable import ReciteAudio
import ReciteTestSupport
import Testing

/// A FLAC book joined from its articles' frames (`FLACBookJoiner`) must decode, sample for sample,
/// to the articles with their pauses between, in decoders that check every CRC: the ffmpeg
/// program and sox (libFLAC), which share no code with the join.
@Suite struct FLACBookJoinerTests {
    static let ffmpeg = ExternalProgram.onPath("ffmpeg")
    static let sox = ExternalProgram.onPath("sox")
    static let rate = 22050

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recite-flac-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Noise with a tone, so that no two frames are alike and a misplaced frame shows.
    static func article(_ count: Int, seed: Int) -> [Int16] {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { i in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let tone = 4000 * sin(Double(i) * Double(seed) * 0.01)
            return Int16(clamping: Int(tone) + Int(state % 2000) - 1000)
        }
    }

    /// Writes the articles as libsndfile's FLAC, joins them and decodes the book with `program`.
    static func joined(_ articles: [[Int16]], pause: Int, in folder: URL) throws -> String {
        var files: [(path: String, frames: Int)] = []
        for (i, samples) in articles.enumerated() {
            let path = folder.appendingPathComponent("\(i).flac").path
            try SoundFile.writeClip(samples.map { Float($0) / 32768 }, channels: 1, sampleRate: rate, to: path)
            files.append((path, samples.count))
        }
        let book = folder.appendingPathComponent("book.flac").path
        var metadata = AudioMetadata()
        metadata.title = "Joined"
        try FLACBookJoiner.write(path: book, articles: files, pause: pause, sampleRate: rate, metadata: metadata)
        return book
    }

    static func decoded(_ book: String, with program: String) throws -> (samples: [Int16], errors: String) {
        let raw = book + ".\(UUID().uuidString).raw"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let outcome = program == "sox"
            ? try ExternalProgram.run(sox!, ["-V2", book, "-t", "raw", "-e", "signed", "-b", "16", raw])
            : try ExternalProgram.run(ffmpeg!, ["-v", "error", "-err_detect", "crccheck", "-i", book, "-f", "s16le", "-ac", "1", "-y", raw])
        #expect(outcome.status == 0, "\(program): \(outcome.stderr)")
        let samples = try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return (samples, outcome.stderr)
    }

    @Test func sampleNumbersAreCodedAsFLACSays() {
        #expect(FLACFrame.coded(0) == [0x00])
        #expect(FLACFrame.coded(0x7F) == [0x7F])
        #expect(FLACFrame.coded(0x80) == [0xC2, 0x80])
        #expect(FLACFrame.coded(0x7FF) == [0xDF, 0xBF])
        #expect(FLACFrame.coded(0x800) == [0xE0, 0xA0, 0x80])
        // Read back as a decoder does: the leading ones count the bytes, six bits in each after.
        for value in [0x1_0000, 0x1F_FFFF, 0x20_0000, 1_728_000_000, (1 << 35) + 12_345] {
            let bytes = FLACFrame.coded(value)
            let first = bytes.count == 1 ? Int(bytes[0]) : Int(bytes[0]) & (0x7F >> bytes.count)
            let decoded = bytes.dropFirst().reduce(first) { $0 << 6 | Int($1 & 0x3F) }
            #expect(decoded == value && bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }, "\(value): \(bytes)")
            #expect(bytes.count == 1 || (~bytes[0]).leadingZeroBitCount == bytes.count)
        }
        #expect(FLACFrame.coded((1 << 36) - 1) == [0xFE] + [UInt8](repeating: 0xBF, count: 6))
    }

    /// libsndfile's own frames: recomputing their CRCs gives the ones libFLAC wrote, a frame
    /// renumbered reads back with its block size, and a flipped bit is caught.
    @Test func renumberedFramesCarryCRCsThatMatch() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.flac").path
        try SoundFile.writeClip(Self.article(20_000, seed: 3).map { Float($0) / 32768 }, channels: 1, sampleRate: Self.rate, to: path)
        var frames: [[UInt8]] = []
        try FLACBookJoiner.ArticleFrames(path: path).forEachFrame { frames.append(Array($0)) }
        #expect(frames.count == 5, "20,000 samples in blocks of 4,096")
        for frame in frames {
            let crc = FLACFrame.crc16(frame.dropLast(2))
            #expect(UInt8(crc >> 8) == frame[frame.count - 2] && UInt8(crc & 0xFF) == frame[frame.count - 1])
            var renumbered: [UInt8] = []
            try frame.withUnsafeBytes { try FLACFrame.renumber($0, first: 123_456_789, into: &renumbered) }
            #expect(renumbered[1] == 0xF9, "variable block size")
            try renumbered.withUnsafeBytes { raw in
                #expect(FLACFrame.blockSize(raw) == (frame == frames.last ? 20_000 - 4 * 4096 : 4096))
                var again: [UInt8] = []
                try FLACFrame.renumber(raw, first: 0, into: &again)
            }
        }
        var broken = frames[1]
        broken[broken.count / 2] ^= 0x10
        #expect(throws: FLACFrame.Damaged.self) {
            var out: [UInt8] = []
            try broken.withUnsafeBytes { try FLACFrame.renumber($0, first: 0, into: &out) }
        }
    }

    /// Articles whose last frames are long, exactly full, and under the 16 samples a frame
    /// needs mid-stream (written again as samples, the pause giving the rest).
    @Test(.enabled(if: ffmpeg != nil && sox != nil, "needs ffmpeg and sox (.ci/install-deps --test installs them)"),
          arguments: [2205, 0])
    func aJoinedBookDecodesToItsArticlesAndPauses(_ pause: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let articles = [Self.article(3 * 4096 + 5, seed: 1), Self.article(10_000, seed: 2), Self.article(2 * 4096, seed: 5),
                        Self.article(4096 + 1, seed: 7), Self.article(300, seed: 9)]
        let book = try Self.joined(articles, pause: pause, in: folder)
        var expected: [Int16] = []
        for (i, article) in articles.enumerated() {
            if i > 0 { expected += [Int16](repeating: 0, count: pause) }
            expected += article
        }
        for program in ["ffmpeg", "sox"] {
            let (samples, errors) = try Self.decoded(book, with: program)
            #expect(samples.count == expected.count, "\(program)")
            #expect(samples == expected, "\(program) decodes other samples")
            #expect(!errors.contains("CRC") && !errors.lowercased().contains("error"), "\(program): \(errors)")
        }
        // STREAMINFO: the book's length, and the blocks a decoder must be ready for.
        let header = try Data(contentsOf: URL(fileURLWithPath: book)).prefix(42)
        let info = Array(header.dropFirst(8))
        let total = (Int(info[13]) & 0x0F) << 32 | Int(info[14]) << 24 | Int(info[15]) << 16 | Int(info[16]) << 8 | Int(info[17])
        #expect(total == expected.count)
        #expect(Int(info[2]) << 8 | Int(info[3]) == 4096, "the largest block")
        #expect(Int(info[0]) << 8 | Int(info[1]) >= 16, "the smallest block")
        #expect(try SoundFile.info(of: book).frames == expected.count, "libsndfile reads the length")
    }

    @Test func aDamagedArticleIsNamedAndNoBookIsLeft() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.flac").path, bad = folder.appendingPathComponent("bad.flac").path
        try SoundFile.writeClip(Self.article(9000, seed: 4).map { Float($0) / 32768 }, channels: 1, sampleRate: Self.rate, to: good)
        try SoundFile.writeClip(Self.article(9000, seed: 6).map { Float($0) / 32768 }, channels: 1, sampleRate: Self.rate, to: bad)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: bad))
        bytes[bytes.count - 3000] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: bad))
        let book = folder.appendingPathComponent("book.flac").path
        do {
            try AtomicOutput.write(to: book) { temporary in
                try FLACBookJoiner.write(path: temporary, articles: [(good, 9000), (bad, 9000)], pause: 100, sampleRate: Self.rate,
                                         metadata: AudioMetadata())
            }
            Issue.record("a damaged article was joined")
        } catch let failure as SoundFile.Failure {
            #expect(failure.message.contains("bad.flac") && failure.message.contains("run again"), "\(failure.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: book))
    }
}
