import Foundation
@testable import ReciteAudio
import ReciteTestSupport
import Testing

/// A long AAC chapter encoded in pieces and joined (`ChapterPieces`) must decode as one encoding
/// would: the same length, every sample in its place, no click where the pieces meet. Decoded by
/// the ffmpeg program, which shares no code with Recite's join.
@Suite struct ChapterPiecesTests {
    static let ffmpeg = ExternalProgram.onPath("ffmpeg")
    static let rate = 22050

    /// 60 s of speech-like sound: 1.2 s of voiced bursts parted by 0.35 s of silence, with 15 s
    /// of sound without a pause across the second piece's nominal start.
    static func signal() -> [Int16] {
        var samples: [Int16] = []
        var generator = SystemRandomNumberGenerator()
        while samples.count < 60 * rate {
            let continuous = samples.count >= 8 * rate && samples.count < 23 * rate
            let burst = continuous ? rate / 2 : rate * 6 / 5
            let pitch = Double.random(in: 90...180, using: &generator)
            for i in 0..<burst {
                let t = Double(i) / Double(rate)
                let envelope = continuous ? 1 : sin(Double.pi * Double(i) / Double(burst))
                let voiced = (1...8).reduce(0.0) { $0 + sin(2 * .pi * pitch * Double($1) * t) / Double($1) }
                let noise = Double.random(in: -0.2...0.2, using: &generator)
                samples.append(Int16(clamping: Int(6000 * envelope * (voiced + noise))))
            }
            if !continuous { samples += [Int16](repeating: 0, count: rate * 35 / 100) }
        }
        return samples
    }

    @Test(.enabled(if: ffmpeg != nil, "needs ffmpeg (Debian's; .ci/install-deps --test installs it)"))
    func piecesJoinToWhatOneEncodingMakes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recite-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.signal()
        let audio = folder.appendingPathComponent("chapter.flac").path
        try SoundFile.writeClip(source.map { Float($0) / 32768 }, channels: 1, sampleRate: Self.rate, to: audio)

        let frameSize = try ChapterEncoder.shape(.m4b, sampleRate: Self.rate, bitRate: nil).frameSize
        let cuts = try ChapterPieces.cuts(in: audio, frames: source.count, rate: Self.rate, frameSize: frameSize, pieceSeconds: 10)
        // Six nominal pieces, cut near 10, 20, 30, 40 and 50 s: the first two cuts fall in the
        // 15 s without a pause, so both move past it, to the same place (one cut).
        #expect(cuts.count == 4, "\(cuts)")
        #expect(cuts.count > 1 && cuts[0] >= 23 * Self.rate, "\(cuts)")
        for cut in cuts {
            #expect(cut % frameSize == 0)
            #expect(source[(cut - 3 * frameSize)..<(cut + 3 * frameSize)].allSatisfy { abs(Int($0)) <= 2 }, "cut at \(cut) is not in silence")
        }

        let whole = folder.appendingPathComponent("whole.packets").path
        let joined = folder.appendingPathComponent("joined.packets").path
        try ChapterPieces.encode(audio, cuts: [], frames: source.count, format: .m4b, bitRate: nil, jobs: 1, to: whole)
        try ChapterPieces.encode(audio, cuts: cuts, frames: source.count, format: .m4b, bitRate: nil, jobs: 2, to: joined)
        let wholeHeader = try #require(EncodedChapterFile.header(of: whole))
        let joinedHeader = try #require(EncodedChapterFile.header(of: joined))
        #expect(joinedHeader.length == wholeHeader.length)
        #expect(joinedHeader.packets == wholeHeader.packets)
        #expect(joinedHeader.inputFrames == source.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains("piece") },
                "the pieces' files are removed")

        func decoded(_ packets: String, _ header: EncodedChapterFile.Header) throws -> [Int16] {
            let book = folder.appendingPathComponent(UUID().uuidString + ".m4a").path
            try BookRemuxer.write(path: book, format: .m4b, chapters: [(packets, header)], metadata: AudioMetadata())
            let raw = book + ".raw"
            let outcome = try ExternalProgram.run(Self.ffmpeg!, ["-v", "error", "-i", book, "-f", "s16le", "-ac", "1", "-y", raw])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        func snr(_ decoded: [Int16]) -> Double {
            var signal = 0.0, noise = 0.0
            for (a, b) in zip(source, decoded) {
                signal += Double(a) * Double(a)
                noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
            }
            return 10 * log10(signal / max(noise, 1))
        }
        let one = try decoded(whole, wholeHeader), pieces = try decoded(joined, joinedHeader)
        #expect(abs(pieces.count - source.count) < frameSize, "decoded \(pieces.count) samples of \(source.count)")
        // Every sample in its place: the join is as faithful as one encoding, which is well
        // above what a shift by even one sample would leave.
        #expect(snr(pieces) > 12 && snr(pieces) > snr(one) - 1, "SNR joined \(snr(pieces)) dB, whole \(snr(one)) dB")
        // No click where pieces meet: the silence around each cut decodes as silence.
        for cut in cuts {
            let around = pieces[(cut - 2 * frameSize)..<(cut + 2 * frameSize)].map { abs(Int($0)) }.max() ?? 0
            #expect(around < 100, "\(around) at the cut \(cut)")
        }
    }
}
