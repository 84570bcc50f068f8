import CFFmpeg
import Foundation
import ReciteSystem

/// Encodes one chapter's PCM (an article's FLAC, or a stretch of silence between chapters) into
/// a kept packet file (`EncodedChapterFile`) for a book in `format`: lossy audio is encoded once,
/// from lossless audio, and a book is then bound from the packets without encoding again.
///
/// The input is padded with silence to whole frames, and every packet counts a whole frame, so
/// a chapter's packets decode to `length` samples with its input at `delay…delay + inputFrames`,
/// wherever in a book they are placed (`BookRemuxer`).
public enum ChapterEncoder {
    /// The book formats whose books are bound from kept packets (a FLAC book is joined from the
    /// articles' own frames, `FLACBookJoiner`).
    public static func keepsPackets(_ format: AudioFormat) -> Bool { [.m4b, .opus, .mp3, .ogg].contains(format) }

    /// What decides a kept chapter's bytes besides its audio: the library and every setting, for
    /// its key in the store.
    public static func settings(_ format: AudioFormat, inputRate: Int, bitRate: Int?) -> String {
        let options = CodecSetup.options(for: format, bitRate: bitRate).map { "\($0.0)=\($0.1)" }.joined(separator: ",")
        return "\(MediaEncoder.names(for: format).encoder) \(FFmpegVersion.description) in=\(inputRate) "
            + "out=\(format.fileRate(for: inputRate)) bitrate=\(bitRate ?? format.defaultBitRate) \(options)"
            + (ChapterPieces.apply(to: format, inputRate: inputRate) ? " pieces=\(ChapterPieces.pieceSeconds)s" : "")
    }

    /// Frame size and delay of the encoder for `format` at `sampleRate` (the file's rate), which
    /// decide where a chapter's audio lands in a book before any chapter is encoded.
    public static func shape(_ format: AudioFormat, sampleRate: Int, bitRate: Int?) throws(SoundFile.Failure) -> (frameSize: Int, delay: Int) {
        let (codec, _) = try CodecSetup.open(format, sampleRate: sampleRate, bitRate: bitRate, globalHeader: true, path: "a book")
        var context: UnsafeMutablePointer<AVCodecContext>? = codec
        defer { avcodec_free_context(&context) }
        return (Int(codec.pointee.frame_size), delay(format, codec: codec))
    }

    /// The encoder's delay: the samples its packets decode to before the input's first. A Vorbis
    /// stream's first packet decodes to nothing and the next ones to the input from its first
    /// sample, as their durations count them (`Session`), so it has none there, whatever FFmpeg
    /// says (its wrapper counts the first packet's block as a delay): granule positions written
    /// 256 samples short made libvorbisfile drop 256 samples from the first page.
    static func delay(_ format: AudioFormat, codec: UnsafeMutablePointer<AVCodecContext>) -> Int {
        format == .ogg ? 0 : Int(codec.pointee.initial_padding)
    }

    /// Where the samples come from: an audio file libsndfile reads (16-bit mono), or silence.
    public enum Source: Sendable {
        case file(String)
        case silence(frames: Int, sampleRate: Int)
    }

    /// Encodes `source` into `path` atomically (a killed run leaves no file there). A long AAC
    /// chapter is encoded in pieces, `jobs` at a time (`ChapterPieces`); whatever `jobs`, the
    /// pieces and so the packets are the same.
    public static func encode(_ source: Source, format: AudioFormat, bitRate: Int?, jobs: Int = 1, to path: String) throws {
        try AtomicOutput.write(to: path) { temporary in
            if case .file(let audio) = source, let info = try? SoundFile.info(of: audio),
               ChapterPieces.apply(to: format, inputRate: info.sampleRate) {
                let frameSize = try shape(format, sampleRate: info.sampleRate, bitRate: bitRate).frameSize
                let cuts = try ChapterPieces.cuts(in: audio, frames: info.frames, rate: info.sampleRate, frameSize: frameSize)
                if !cuts.isEmpty {
                    try ChapterPieces.encode(audio, cuts: cuts, frames: info.frames, format: format, bitRate: bitRate,
                                             jobs: jobs, to: temporary)
                    return
                }
            }
            let encoder = try Session(format: format, inputRate: source.sampleRate, bitRate: bitRate, path: temporary)
            switch source {
            case .file(let audio):
                _ = try SoundFile.stream(audio) { chunk throws in try encoder.write(chunk.map { Float($0) / 32768 }) }
            case .silence(let frames, _):
                var left = frames
                let second = [Float](repeating: 0, count: 48_000)
                while left > 0 {
                    let count = min(left, second.count)
                    try encoder.write(count == second.count ? second : Array(second[..<count]))
                    left -= count
                }
            }
            try encoder.finish()
        }
    }

    /// One chapter's encoder and its packet file.
    final class Session {
        private var codec: UnsafeMutablePointer<AVCodecContext>?
        private var frame: UnsafeMutablePointer<AVFrame>?
        private var packet: UnsafeMutablePointer<AVPacket>?
        private let writer: EncodedChapterFile.Writer
        private let resampler: StreamingResampler?
        private let format: AudioFormat
        private let path: String
        private let frameSize: Int
        private var pending: [Float] = []
        private var sent: Int64 = 0
        private var inputFrames = 0
        /// Vorbis packets' block sizes, which decide their durations.
        private var vorbis: VorbisBlocks?
        private var firstBlock: Int?
        private var lastBlock: Int?

        init(format: AudioFormat, inputRate: Int, bitRate: Int?, path: String) throws(SoundFile.Failure) {
            self.format = format
            self.path = path
            let rate = format.fileRate(for: inputRate)
            resampler = rate == inputRate ? nil : StreamingResampler(from: inputRate, to: rate)
            writer = try EncodedChapterFile.Writer(path: path)
            let (codec, _) = try CodecSetup.open(format, sampleRate: rate, bitRate: bitRate, globalHeader: true, path: path)
            self.codec = codec
            frameSize = Int(codec.pointee.frame_size)
            guard frameSize > 0, let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
                throw SoundFile.Failure(message: "Cannot encode \(path): the \(format.rawValue) encoder has no fixed frame size")
            }
            self.frame = frame
            self.packet = packet
            if format == .ogg {
                let extradata = codec.pointee.extradata.map { Data(bytes: $0, count: Int(codec.pointee.extradata_size)) } ?? Data()
                guard let blocks = VorbisBlocks(extradata: extradata) else {
                    throw SoundFile.Failure(message: "Cannot encode \(path): libvorbis gave no setup headers")
                }
                vorbis = blocks
            }
        }

        deinit {
            av_packet_free(&packet)
            av_frame_free(&frame)
            avcodec_free_context(&codec)
        }

        func write(_ samples: [Float]) throws(SoundFile.Failure) {
            let converted = resampler.map { $0.process(samples) } ?? samples
            inputFrames += converted.count
            pending.append(contentsOf: converted)
            var used = 0
            while pending.count - used >= frameSize {
                try encode(pending[used..<used + frameSize])
                used += frameSize
            }
            if used > 0 { pending.removeFirst(used) }
        }

        func finish() throws(SoundFile.Failure) {
            if let resampler {
                let tail = resampler.finish()
                inputFrames += tail.count
                pending += tail
            }
            // A chapter with nothing to say still gets one frame of silence: an empty stretch.
            if !pending.isEmpty || sent == 0 {
                try encode((pending + [Float](repeating: 0, count: frameSize - pending.count % frameSize))[...])
                pending = []
            }
            try send(nil)
            guard let codec else { return }
            let extradata = codec.pointee.extradata.map { Data(bytes: $0, count: Int(codec.pointee.extradata_size)) } ?? Data()
            try writer.finish(EncodedChapterFile.Header(
                format: format, encoder: MediaEncoder.names(for: format).encoder, extradata: extradata,
                sampleRate: Int(codec.pointee.sample_rate), bitRate: Int(codec.pointee.bit_rate), frameSize: frameSize,
                delay: ChapterEncoder.delay(format, codec: codec), packets: 0, packetBytes: 0, length: 0, inputFrames: inputFrames,
                firstBlock: firstBlock, lastBlock: lastBlock))
        }

        private func encode(_ samples: ArraySlice<Float>) throws(SoundFile.Failure) {
            guard let frame, let codec else { return }
            var start = samples.startIndex
            while start < samples.endIndex {
                let piece = samples[start..<min(start + frameSize, samples.endIndex)]
                try CodecSetup.fill(frame, codec: codec, with: piece, path: path)
                frame.pointee.pts = sent
                sent += Int64(piece.count)
                try send(frame)
                start = piece.endIndex
            }
            KillPoint.reach("encode")
        }

        /// Sends a frame (nil: the end) and keeps every packet the encoder has ready. Each counts
        /// a whole frame: that is what it decodes to (FFmpeg marks the last one shorter, which
        /// only a file's end can say); a Vorbis packet, its overlap with the one before.
        private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(SoundFile.Failure) {
            guard let codec, let packet else { return }
            var status = avcodec_send_frame(codec, frame)
            guard status >= 0 else { throw SoundFile.Failure(message: "Cannot encode \(path): \(MediaEncoder.errorText(status))") }
            while true {
                status = avcodec_receive_packet(codec, packet)
                if status == recite_averror_eagain() || status == recite_averror_eof() { return }
                guard status >= 0 else { throw SoundFile.Failure(message: "Cannot encode \(path): \(MediaEncoder.errorText(status))") }
                defer { av_packet_unref(packet) }
                let bytes = UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size))
                var duration = frameSize
                if let vorbis {
                    guard let size = vorbis.size(of: bytes) else { throw SoundFile.Failure(message: "Cannot encode \(path): libvorbis gave a packet its parser does not know") }
                    duration = lastBlock.map { ($0 + size) / 4 } ?? 0
                    if firstBlock == nil { firstBlock = size }
                    lastBlock = size
                }
                try writer.append(bytes, duration: duration)
            }
        }
    }
}

extension ChapterEncoder.Source {
    var sampleRate: Int {
        switch self {
        case .file(let path): (try? SoundFile.info(of: path).sampleRate) ?? 22050
        case .silence(_, let rate): rate
        }
    }
}
