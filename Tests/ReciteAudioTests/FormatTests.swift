import ReciteTestSupport
import Foundation
@testable import ReciteAudio
import Testing

/// Every output format, written a chunk at a time and decoded again by libsndfile and by sox.
@Suite struct FormatTests {
    static func tone(seconds: Double, rate: Int = 22050, frequency: Double = 440) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { Int16(8000 * sin(2 * .pi * frequency * Double($0) / Double(rate))) }
    }

    static let sox: String? = ["/usr/bin/sox", "/usr/local/bin/sox"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(arguments: AudioFormat.allCases)
    func everyFormatPlaysBackWithItsLengthAndTitle(_ format: AudioFormat) throws {
        let path = Fixtures.scratch("format-\(UUID().uuidString).\(format.fileExtension)").path
        let writer = try SoundWriter(path: path, sampleRate: 22050, format: format,
                                     metadata: AudioMetadata(title: "Chapter One", artist: "Recite", album: "Tests"))
        let samples = Self.tone(seconds: 3)
        for start in stride(from: 0, to: samples.count, by: 10_000) {
            try writer.write(Array(samples[start..<min(start + 10_000, samples.count)]))
        }
        try writer.close()
        let info = try SoundFile.info(of: path)
        #expect(info.sampleRate == format.fileRate(for: 22050))
        // Lossy encoders pad a little; the length is still the length.
        #expect(abs(info.duration - 3) < 0.1, "\(format): \(info.duration) s")
        // libsndfile reads every format's title but M4B's (AAC in MP4), which ffprobe reads.
        #expect((format == .m4b ? try Self.ffprobeTitle(path) : SoundFile.title(of: path)) == "Chapter One", "\(format)")
    }

    static let ffprobe: String? = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The title tag as ffprobe reads it ("needs ffprobe" if there is none).
    static func ffprobeTitle(_ path: String) throws -> String? {
        guard let ffprobe else { return "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-show_entries", "format_tags=title", "-of", "default=nw=1:nk=1", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The formats this machine's sox has a handler for (its `sox -h` list), by file extension.
    static let soxFormats: Set<String> = {
        guard let sox else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sox)
        process.arguments = ["-h"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(separator: "\n").first { $0.hasPrefix("AUDIO FILE FORMATS:") } ?? ""
        return Set(line.dropFirst("AUDIO FILE FORMATS:".count).split(separator: " ").map(String.init))
    }()

    static let soxReadable = AudioFormat.allCases.filter { soxFormats.contains($0.fileExtension) }
    static let soxUnreadable = AudioFormat.allCases.filter { !soxFormats.contains($0.fileExtension) }

    /// An independent decoder reads what Recite wrote, with its length: sox, for every format it
    /// has a handler for. A failure of sox on such a format fails the test.
    @Test(.enabled(if: sox != nil, "needs sox (.ci/install-deps --test installs it)"), arguments: soxReadable)
    func soxDecodesWhatReciteWrote(_ format: AudioFormat) throws {
        let path = Fixtures.scratch("format-sox-\(UUID().uuidString).\(format.fileExtension)").path
        let writer = try SoundWriter(path: path, sampleRate: 22050, format: format,
                                     metadata: AudioMetadata(title: "Chapter One", artist: "Recite", album: "Tests"))
        try writer.write(Self.tone(seconds: 3))
        try writer.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sox!)
        process.arguments = ["--info", "-D", path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sox cannot read the \(format) file Recite wrote: \(complaint)")
        let seconds = try #require(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), "sox said: \(text) \(complaint)")
        #expect(abs(seconds - 3) < 0.1, "sox reads \(format) as \(seconds) s")
    }

    /// Says, as a skipped test with its reason, which formats go without the independent check
    /// here (sox without their handler: libsox-fmt-all has Opus in newer Debian releases; M4B is
    /// read back by ffprobe in AudiobookTests).
    @Test(.enabled(if: sox != nil && soxUnreadable.isEmpty,
                   "sox has no handler for \(soxUnreadable.map(\.rawValue).joined(separator: ", ")): those formats are not decoded independently here"))
    func soxHasAHandlerForEveryFormat() {
        #expect(Self.soxUnreadable.isEmpty)
    }

    @Test func streamingResamplingEqualsOneGoAndKeepsThePitch() {
        let input = Self.tone(seconds: 1, frequency: 1000).map { Float($0) / 32768 }
        let whole = StreamingResampler(from: 22050, to: 24000)
        let oneGo = whole.process(input) + whole.finish()
        let chunked = StreamingResampler(from: 22050, to: 24000)
        var pieces: [Float] = []
        var start = 0
        for size in [1, 7, 300, 4096, 100_000] where start < input.count {
            pieces += chunked.process(Array(input[start..<min(start + size, input.count)]))
            start += size
        }
        pieces += chunked.finish()
        #expect(oneGo.count == 24000)
        #expect(pieces == oneGo)
        // A 1 kHz tone still crosses zero 2,000 times a second (edges aside).
        let crossings = zip(oneGo.dropFirst(100), oneGo.dropFirst(101)).filter { $0 < 0 && $1 >= 0 || $0 >= 0 && $1 < 0 }.count
        #expect(abs(crossings - Int(2000 * Double(oneGo.count - 101) / 24000)) <= 2)
        // And it agrees with the reference resampler away from the ends.
        let reference = Resampler(from: 22050, to: 24000).resample(input)
        let worst = zip(oneGo[200..<23800], reference[200..<23800]).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-4)
    }
}
