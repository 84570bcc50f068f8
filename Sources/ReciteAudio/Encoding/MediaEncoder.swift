import CFFmpeg
import Foundation

/// Encodes mono speech into a compressed file through FFmpeg's libraries, a frame at a time (the
/// whole audio never sits in memory), with what players read from the file itself: tags, a cover
/// picture and chapters. M4B (AAC-LC in MP4) has no other writer in Recite; a book in FLAC, Ogg
/// Vorbis, Opus or MP3 is written here too, because libsndfile writes neither chapters nor covers.
final class MediaEncoder {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var audioStream: UnsafeMutablePointer<AVStream>?
    private let path: String
    /// Samples waiting for a whole encoder frame.
    private var pending: [Float] = []
    private let frameSize: Int
    private var samplesSent: Int64 = 0
    private var finished = false

    /// FFmpeg's progress lines ("Starting second pass…") are not for Recite's users; its errors are.
    static let quietLogging: Void = av_log_set_level(AV_LOG_ERROR)

    /// The encoder and container FFmpeg uses for each format.
    static func names(for format: AudioFormat) -> (muxer: String, encoder: String) {
        switch format {
        case .m4b: ("ipod", "aac")
        case .mp3: ("mp3", "libmp3lame")
        case .opus: ("opus", "libopus")
        case .ogg: ("ogg", "libvorbis")
        case .flac: ("flac", "flac")
        case .wav: ("wav", "pcm_s16le")
        }
    }

    /// Opens `path` for `format` at `sampleRate` (a rate the codec takes: see
    /// `AudioFormat.fileRate`). `bitRate` is in bits per second (nil: the format's default for speech).
    init(path: String, format audioFormat: AudioFormat, sampleRate: Int, bitRate: Int?,
         metadata: AudioMetadata) throws(SoundFile.Failure) {
        self.path = path
        Self.quietLogging
        let names = Self.names(for: audioFormat)
        func fail(_ what: String, _ code: Int32 = 0) -> SoundFile.Failure {
            SoundFile.Failure(message: "Cannot write \(path) as \(audioFormat.rawValue): \(what)\(code < 0 ? ": " + Self.errorText(code) : "")")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_alloc_output_context2(&context, nil, names.muxer, path)
        guard status >= 0, let context else { throw fail("FFmpeg has no \(names.muxer) muxer", status) }
        format = context
        let globalHeader = context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
        let (codec, encoder) = try CodecSetup.open(audioFormat, sampleRate: sampleRate, bitRate: bitRate,
                                                   globalHeader: globalHeader, path: path)
        self.codec = codec
        let variable = encoder.pointee.capabilities & Int32(AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
        frameSize = codec.pointee.frame_size > 0 && !variable ? Int(codec.pointee.frame_size) : 4096

        guard let stream = avformat_new_stream(context, nil) else { throw fail("out of memory") }
        audioStream = stream
        status = avcodec_parameters_from_context(stream.pointee.codecpar, codec)
        guard status >= 0 else { throw fail("cannot describe the audio stream", status) }
        stream.pointee.time_base = codec.pointee.time_base

        try Self.setTags(metadata, format: audioFormat, on: context)
        if audioFormat.usesVorbisComments {
            Self.setChapterComments(metadata.chapters, on: context)
        } else {
            try Self.setChapters(metadata.chapters, on: context)
        }
        var coverStream: UnsafeMutablePointer<AVStream>?
        if let cover = metadata.cover, audioFormat.takesCoverStream {
            guard let stream = Self.addCoverStream(cover, to: context) else { throw fail("out of memory") }
            coverStream = stream
        }

        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            status = avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE)
            guard status >= 0 else { throw fail("cannot open the file", status) }
        }
        var options: OpaquePointer?
        // An M4B's index goes first, so players that stream it (Audiobookshelf, Plex) start at once.
        // The brand tells players it is an audiobook (FFmpeg would pick it from a name ending in
        // .m4b, and the file is written under a temporary name).
        if audioFormat == .m4b {
            av_dict_set(&options, "movflags", "+faststart", 0)
            av_dict_set(&options, "brand", "M4B ", 0)
        }
        status = avformat_write_header(context, &options)
        av_dict_free(&options)
        guard status >= 0 else { throw fail("cannot write the header", status) }

        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else { throw fail("out of memory") }
        self.frame = frame
        self.packet = packet
        // The picture goes before any audio: the MP3 and FLAC muxers hold audio back until it came.
        if let cover = metadata.cover, let coverStream {
            try writeCover(cover, stream: coverStream)
        }
    }

    static func setTags(_ metadata: AudioMetadata, format: AudioFormat,
                                on context: UnsafeMutablePointer<AVFormatContext>) throws(SoundFile.Failure) {
        let tags: [(String, String?)] = [
            ("title", metadata.title), ("artist", metadata.artist), ("album_artist", metadata.albumArtist),
            ("album", metadata.album), ("date", metadata.year), ("genre", metadata.genre),
            ("comment", metadata.comment),
        ]
        for (key, value) in tags {
            guard let value = value?.asTagText, !value.isEmpty else { continue }
            av_dict_set(&context.pointee.metadata, key, value, 0)
        }
        // Ogg carries no picture stream: its players read the FLAC picture block from a comment.
        if let cover = metadata.cover, format == .ogg || format == .opus {
            av_dict_set(&context.pointee.metadata, "METADATA_BLOCK_PICTURE", cover.flacPictureBlock.base64EncodedString(), 0)
        }
    }

    /// FFmpeg's muxers write the chapter list each format has (MP4 chapter track and Nero `chpl`,
    /// ID3v2 `CHAP`/`CTOC`, Vorbis comments) from the context's chapters; they are set up before
    /// the header, the way FFmpeg's own demuxers fill them.
    static func setChapters(_ chapters: [ChapterMark],
                                    on context: UnsafeMutablePointer<AVFormatContext>) throws(SoundFile.Failure) {
        guard !chapters.isEmpty else { return }
        let size = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride * chapters.count
        guard let list = av_mallocz(size)?.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: chapters.count) else {
            throw SoundFile.Failure(message: "out of memory for \(chapters.count) chapters")
        }
        context.pointee.chapters = list
        for (index, chapter) in chapters.enumerated() {
            guard let entry = av_mallocz(MemoryLayout<AVChapter>.stride)?.bindMemory(to: AVChapter.self, capacity: 1) else {
                throw SoundFile.Failure(message: "out of memory for \(chapters.count) chapters")
            }
            entry.pointee.id = Int64(index + 1)
            entry.pointee.time_base = AVRational(num: 1, den: 1000)
            entry.pointee.start = Int64((chapter.start * 1000).rounded())
            entry.pointee.end = max(entry.pointee.start, Int64((chapter.end * 1000).rounded()))
            av_dict_set(&entry.pointee.metadata, "title", chapter.title.asTagText, 0)
            list[index] = entry
            context.pointee.nb_chapters = UInt32(index + 1)
        }
    }

    /// The Vorbis chapter extension (`CHAPTER001=00:01:02.345`, `CHAPTER001NAME=…`), which
    /// FLAC, Vorbis and Opus players read. Written as plain comments: FFmpeg 5.1's own writer
    /// numbers from 000, misrounds some times by a second, and skips FLAC and Vorbis.
    static func setChapterComments(_ chapters: [ChapterMark], on context: UnsafeMutablePointer<AVFormatContext>) {
        for (index, chapter) in chapters.enumerated() {
            let key = "CHAPTER" + String(index + 1).leftPadded(to: 3)
            av_dict_set(&context.pointee.metadata, key, vorbisTime(chapter.start), 0)
            av_dict_set(&context.pointee.metadata, key + "NAME", chapter.title.asTagText, 0)
        }
    }

    /// `HH:MM:SS.mmm`.
    static func vorbisTime(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let (h, m, s, ms) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60, milliseconds % 1000)
        return "\(String(h).leftPadded(to: 2)):\(String(m).leftPadded(to: 2)):\(String(s).leftPadded(to: 2)).\(String(ms).leftPadded(to: 3))"
    }

    private func writeCover(_ cover: CoverArt, stream: UnsafeMutablePointer<AVStream>) throws(SoundFile.Failure) {
        guard let format, let packet else { return }
        try Self.writeCover(cover, stream: stream, format: format, packet: packet, path: path)
    }

    /// Writes the cover picture as the attached-picture stream's one packet.
    static func writeCover(_ cover: CoverArt, stream: UnsafeMutablePointer<AVStream>, format: UnsafeMutablePointer<AVFormatContext>,
                           packet: UnsafeMutablePointer<AVPacket>, path: String) throws(SoundFile.Failure) {
        let status: Int32 = cover.data.withUnsafeBytes { bytes in
            guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { return -1 }
            packet.pointee.data.update(from: bytes.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count)
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.flags |= AV_PKT_FLAG_KEY
            packet.pointee.pts = 0
            packet.pointee.dts = 0
            return av_write_frame(format, packet)
        }
        av_packet_unref(packet)
        guard status >= 0 else {
            throw SoundFile.Failure(message: "Cannot write the cover into \(path): \(errorText(status))")
        }
    }

    /// Adds the cover's attached-picture stream (before the header is written).
    static func addCoverStream(_ cover: CoverArt, to context: UnsafeMutablePointer<AVFormatContext>) -> UnsafeMutablePointer<AVStream>? {
        guard let stream = avformat_new_stream(context, nil) else { return nil }
        stream.pointee.disposition = AV_DISPOSITION_ATTACHED_PIC
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        stream.pointee.codecpar.pointee.codec_id = cover.kind == .png ? AV_CODEC_ID_PNG : AV_CODEC_ID_MJPEG
        stream.pointee.codecpar.pointee.width = Int32(cover.size?.width ?? 0)
        stream.pointee.codecpar.pointee.height = Int32(cover.size?.height ?? 0)
        stream.pointee.time_base = AVRational(num: 1, den: 90000)
        // FFmpeg's ID3v2 writer takes the picture type from this name: front cover, not "other".
        av_dict_set(&stream.pointee.metadata, "comment", "Cover (front)", 0)
        return stream
    }

    /// Queues samples in -1…1 and encodes every whole frame.
    func write<C: Collection>(_ samples: C) throws(SoundFile.Failure) where C.Element == Float {
        pending.append(contentsOf: samples)
        var used = 0
        while pending.count - used >= frameSize {
            try encode(pending[used..<used + frameSize])
            used += frameSize
        }
        if used > 0 { pending.removeFirst(used) }
    }

    /// Encodes what is left (padded with silence to a whole frame, which every encoder takes),
    /// drains the encoder and writes the index and chapters.
    func finish() throws(SoundFile.Failure) {
        guard !finished, let format else { return }
        finished = true
        if !pending.isEmpty {
            let tail = pending + [Float](repeating: 0, count: frameSize - pending.count)
            pending = []
            try encode(tail[...])
        }
        try send(nil)
        let status = av_write_trailer(format)
        guard status >= 0 else { throw SoundFile.Failure(message: "Cannot finish \(path): \(Self.errorText(status))") }
        if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            guard avio_closep(&format.pointee.pb) >= 0 else {
                throw SoundFile.Failure(message: "Cannot finish \(path): the disk may be full")
            }
        }
    }

    private func encode(_ samples: ArraySlice<Float>) throws(SoundFile.Failure) {
        guard let frame, let codec else { return }
        try CodecSetup.fill(frame, codec: codec, with: samples, path: path)
        frame.pointee.pts = samplesSent
        samplesSent += Int64(samples.count)
        try send(frame)
    }

    /// Sends a frame (nil: the end) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(SoundFile.Failure) {
        guard let codec, let packet, let format, let audioStream else { return }
        var status = avcodec_send_frame(codec, frame)
        guard status >= 0 else { throw SoundFile.Failure(message: "Cannot encode \(path): \(Self.errorText(status))") }
        while true {
            status = avcodec_receive_packet(codec, packet)
            if status == recite_averror_eagain() || status == recite_averror_eof() { return }
            guard status >= 0 else { throw SoundFile.Failure(message: "Cannot encode \(path): \(Self.errorText(status))") }
            av_packet_rescale_ts(packet, codec.pointee.time_base, audioStream.pointee.time_base)
            packet.pointee.stream_index = audioStream.pointee.index
            status = av_write_frame(format, packet)
            av_packet_unref(packet)
            guard status >= 0 else {
                throw SoundFile.Failure(message: "Cannot write \(path): \(Self.errorText(status)); the disk may be full")
            }
        }
    }

    static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
        if let format {
            if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, format.pointee.pb != nil {
                avio_closep(&format.pointee.pb)
            }
            avformat_free_context(format)
        }
    }
}

extension AudioFormat {
    /// Bits per second for speech: AAC-LC and MP3 at 64 kb/s are clear for a mono voice, Opus
    /// needs half that; FLAC is lossless.
    public var defaultBitRate: Int {
        switch self {
        case .opus: 32_000
        case .ogg, .mp3, .m4b: 64_000
        case .wav, .flac: 0
        }
    }

    /// Formats whose tags are Vorbis comments.
    var usesVorbisComments: Bool { self == .ogg || self == .opus || self == .flac }

    /// Formats whose muxer takes the cover as an attached-picture stream (Ogg takes a comment).
    var takesCoverStream: Bool { self == .m4b || self == .mp3 || self == .flac }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
