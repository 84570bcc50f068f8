import CFFmpeg
import Foundation
import ReciteSystem

/// Binds a FLAC book from its articles' FLAC files without decoding or encoding them: their
/// frames are copied in order, renumbered (`FLACFrame`), with frames of silence between them, so
/// a rebind costs reading and writing the bytes, not encoding ten hours again. Each article
/// starts exactly where the joined samples put it.
public enum FLACBookJoiner {
    /// Writes `path` (a temporary name: see `AtomicOutput`) from the mono 16-bit FLAC `articles`
    /// (their paths and lengths in samples), `pause` samples of silence between two.
    public static func write(path: String, articles: [(path: String, frames: Int)], pause: Int, sampleRate: Int,
                             metadata: AudioMetadata) throws(SoundFile.Failure) {
        guard !articles.isEmpty else { throw SoundFile.Failure(message: "The book has no chapter to join.") }
        let largest = try articles.map { (article) throws(SoundFile.Failure) in try ArticleFrames(path: article.path).maxBlock }.max() ?? 4096
        let total = articles.reduce(0) { $0 + $1.frames } + pause * (articles.count - 1)
        var book = Stream(sampleRate: sampleRate, maxBlock: max(largest, FLACFrame.minimumBlock))
        let provisional = FLACFrame.streamInfo(minBlock: FLACFrame.minimumBlock, maxBlock: book.maxBlock, minFrame: 0, maxFrame: 0,
                                               sampleRate: sampleRate, samples: total)
        let stream = BookRemuxer.Stream(encoder: "flac", sampleRate: sampleRate, bitRate: 0, frameSize: 0, delay: 0,
                                        extradata: Data(provisional))
        try BookRemuxer.mux(path: path, format: .flac, stream: stream, metadata: metadata) { sink throws(SoundFile.Failure) in
            book.sink = sink
            for (index, article) in articles.enumerated() {
                let last = index == articles.count - 1
                // An article's last frame may be shorter than a frame mid-stream may be (16
                // samples); it then takes the samples it lacks from the pause after it. With no
                // pause, it stays short: decoders (libFLAC, FFmpeg) read it all the same.
                let borrowed = try book.copy(article, borrowing: last ? 0 : pause)
                if !last { try book.silence(pause - borrowed) }
                if index == articles.count / 2 { KillPoint.reach("remux") }
            }
            try book.finish()
            guard book.position == total else {
                throw SoundFile.Failure(message: "The book's FLAC frames hold \(book.position) samples, its articles \(total); render them again.")
            }
        }
    }

    /// The book being written: where it is, and the last frame, held back so that the STREAMINFO
    /// with the book's counts goes with it.
    private struct Stream {
        let sampleRate: Int
        let maxBlock: Int
        var sink: BookRemuxer.PacketSink?
        var position = 0
        var held: (bytes: [UInt8], samples: Int)?
        var blocks = (min: Int.max, max: 0)
        var bytes = (min: Int.max, max: 0)
        var buffer: [UInt8] = []

        init(sampleRate: Int, maxBlock: Int) {
            self.sampleRate = sampleRate
            self.maxBlock = maxBlock
        }

        /// Copies `article`'s frames; a last frame under 16 samples is written again as samples
        /// with up to `borrowing` samples of silence after it. Returns the samples borrowed.
        mutating func copy(_ article: (path: String, frames: Int), borrowing: Int) throws(SoundFile.Failure) -> Int {
            let reader = try ArticleFrames(path: article.path)
            var done = 0, borrowed = 0
            try reader.forEachFrame { frame throws(SoundFile.Failure) in
                guard let samples = FLACFrame.blockSize(frame) else { throw reader.damaged() }
                if done + samples == article.frames, samples < FLACFrame.minimumBlock, borrowing >= FLACFrame.minimumBlock - samples {
                    var tail: [Int16] = []
                    do { _ = try SoundFile.stream(article.path, from: done, frames: samples) { tail += $0 } } catch { throw reader.damaged() }
                    borrowed = FLACFrame.minimumBlock - samples
                    var out: [UInt8] = []
                    FLACFrame.verbatim(tail + [Int16](repeating: 0, count: borrowed), first: position, sampleRate: sampleRate, into: &out)
                    try emit(out, samples: FLACFrame.minimumBlock)
                } else {
                    buffer.removeAll(keepingCapacity: true)
                    do { try FLACFrame.renumber(frame, first: position, into: &buffer) } catch { throw reader.damaged() }
                    try emit(buffer, samples: samples)
                }
                done += samples
            }
            guard done == article.frames else { throw reader.damaged() }
            return borrowed
        }

        /// `samples` of silence, in frames of at most `maxBlock` and at least 16 samples.
        mutating func silence(_ samples: Int) throws(SoundFile.Failure) {
            guard samples > 0 else { return }
            let count = (samples + maxBlock - 1) / maxBlock
            for i in 0..<count {
                let size = samples / count + (i < samples % count ? 1 : 0)
                var out: [UInt8] = []
                FLACFrame.silence(samples: size, first: position, sampleRate: sampleRate, into: &out)
                try emit(out, samples: size)
            }
        }

        /// Writes the frame held back and holds `frame`.
        private mutating func emit(_ frame: [UInt8], samples: Int) throws(SoundFile.Failure) {
            if let held { try write(held, extradata: nil) }
            held = (frame, samples)
            position += samples
        }

        private mutating func write(_ frame: (bytes: [UInt8], samples: Int), extradata: [UInt8]?) throws(SoundFile.Failure) {
            if extradata == nil { blocks = (min(blocks.min, frame.samples), max(blocks.max, frame.samples)) }
            bytes = (min(bytes.min, frame.bytes.count), max(bytes.max, frame.bytes.count))
            do {
                try frame.bytes.withUnsafeBytes { try sink?.write($0, duration: frame.samples, newExtradata: extradata) }
            } catch let failure as SoundFile.Failure {
                throw failure
            } catch {
                throw SoundFile.Failure(message: "\(error)")
            }
        }

        /// Writes the last frame with the STREAMINFO of the whole book (the smallest block leaves
        /// the last frame out, as the format says).
        mutating func finish() throws(SoundFile.Failure) {
            guard let held else { return }
            bytes = (min(bytes.min, held.bytes.count), max(bytes.max, held.bytes.count))
            let info = FLACFrame.streamInfo(minBlock: max(FLACFrame.minimumBlock, blocks.min == .max ? held.samples : blocks.min),
                                            maxBlock: max(blocks.max, held.samples, FLACFrame.minimumBlock),
                                            minFrame: bytes.min, maxFrame: bytes.max, sampleRate: sampleRate, samples: position)
            try write(held, extradata: info)
            self.held = nil
        }
    }

    /// An article's FLAC frames, as libavformat's FLAC demuxer splits them.
    struct ArticleFrames {
        let path: String
        /// The largest block its STREAMINFO says it has.
        let maxBlock: Int

        init(path: String) throws(SoundFile.Failure) {
            self.path = path
            var context: UnsafeMutablePointer<AVFormatContext>?
            guard avformat_open_input(&context, path, av_find_input_format("flac"), nil) >= 0, let opened = context else {
                throw SoundFile.Failure(message: "Cannot read \(path) as FLAC; delete it and run again to render it anew.")
            }
            defer { avformat_close_input(&context) }
            guard opened.pointee.nb_streams == 1, let parameters = opened.pointee.streams[0]?.pointee.codecpar,
                  parameters.pointee.extradata_size >= 34, let info = parameters.pointee.extradata,
                  // STREAMINFO's channels − 1 (3 bits) and bits per sample − 1 (5 bits), from byte 12.
                  (info[12] >> 1) & 0x7 == 0, (info[12] & 1) << 4 | info[13] >> 4 == 15 else {
                throw SoundFile.Failure(message: "\(path) is not a mono 16-bit FLAC file; delete it and run again to render it anew.")
            }
            maxBlock = Int(info[2]) << 8 | Int(info[3])
        }

        func damaged() -> SoundFile.Failure {
            SoundFile.Failure(message: "\(path) is damaged (a FLAC frame does not match its checksum or length); delete it and run again to render it anew.")
        }

        func forEachFrame(_ body: (UnsafeRawBufferPointer) throws(SoundFile.Failure) -> Void) throws(SoundFile.Failure) {
            var context: UnsafeMutablePointer<AVFormatContext>?
            guard avformat_open_input(&context, path, av_find_input_format("flac"), nil) >= 0, let opened = context,
                  let packet = av_packet_alloc() else { throw damaged() }
            defer {
                var owned: UnsafeMutablePointer<AVPacket>? = packet
                av_packet_free(&owned)
                avformat_close_input(&context)
            }
            while true {
                let status = av_read_frame(opened, packet)
                if status == recite_averror_eof() { return }
                guard status >= 0 else { throw damaged() }
                defer { av_packet_unref(packet) }
                try body(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            }
        }
    }
}
