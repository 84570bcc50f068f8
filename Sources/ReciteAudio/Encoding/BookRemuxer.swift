import CFFmpeg
import Foundation
import ReciteSystem

/// Binds a book from kept chapters (`EncodedChapterFile`) without decoding or encoding: their
/// packets are copied, in order, into one container through libavformat, with the book's tags,
/// cover and chapter list. Memory holds one megabyte of packets at a time, whatever the book.
///
/// The first chapter's packets start at minus its encoder delay, so the container trims it (an
/// MP4 edit list, Opus's pre-skip, MP3's encoder-delay tag); later chapters keep their own delay
/// and padding as silence, which `BookBinder` counts where it places them (`EncodedChapterFile.Header`).
public enum BookRemuxer {
    /// Writes `path` (a temporary name: see `AtomicOutput`) from `chapters` in order.
    public static func write(path: String, format: AudioFormat, chapters: [(path: String, header: EncodedChapterFile.Header)],
                             metadata: AudioMetadata) throws(SoundFile.Failure) {
        guard let first = chapters.first?.header else { throw SoundFile.Failure(message: "The book has no chapter to join.") }
        for (file, header) in chapters where header.encoder != first.encoder || header.sampleRate != first.sampleRate
            || header.extradata != first.extradata || header.delay != first.delay {
            throw SoundFile.Failure(message: "The kept chapter \(file) was encoded with other settings than the book's first; delete it and run again.")
        }
        let stream = Stream(encoder: first.encoder, sampleRate: first.sampleRate, bitRate: first.bitRate, frameSize: first.frameSize,
                            delay: first.delay, extradata: first.extradata)
        try mux(path: path, format: format, stream: stream, metadata: metadata) { sink throws(SoundFile.Failure) in
            for (index, chapter) in chapters.enumerated() {
                // A chapter's first packet yields its overlap with the chapter before (Vorbis).
                var lead = chapter.header.lead(after: index > 0 ? chapters[index - 1].header : nil)
                try EncodedChapterFile.forEachPacket(chapter.path, header: chapter.header) { bytes, duration throws(SoundFile.Failure) in
                    try sink.write(bytes, duration: duration + lead)
                    lead = 0
                }
                if index == chapters.count / 2 { KillPoint.reach("remux") }
            }
        }
    }

    /// The book's one audio stream, as its packets were encoded.
    struct Stream {
        /// FFmpeg's encoder name, for the codec's id.
        var encoder: String
        var sampleRate: Int
        var bitRate: Int
        var frameSize: Int
        /// The encoder's delay, trimmed at the book's start.
        var delay: Int
        var extradata: Data
    }

    /// Opens `path` as a `format` container for `stream` with the book's tags, cover and chapter
    /// list, lets `body` write the packets in order, and finishes the file.
    static func mux(path: String, format: AudioFormat, stream description: Stream, metadata: AudioMetadata,
                    _ body: (PacketSink) throws(SoundFile.Failure) -> Void) throws(SoundFile.Failure) {
        MediaEncoder.quietLogging
        let names = MediaEncoder.names(for: format)
        func fail(_ what: String, _ code: Int32 = 0) -> SoundFile.Failure {
            SoundFile.Failure(message: "Cannot write \(path) as \(format.rawValue): \(what)\(code < 0 ? ": " + MediaEncoder.errorText(code) : "")")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_alloc_output_context2(&context, nil, names.muxer, path)
        guard status >= 0, let context else { throw fail("FFmpeg has no \(names.muxer) muxer", status) }
        defer {
            if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
            avformat_free_context(context)
        }
        guard let codec = avcodec_find_encoder_by_name(description.encoder) else { throw fail("FFmpeg has no \(description.encoder) encoder") }
        guard let stream = avformat_new_stream(context, nil), let parameters = stream.pointee.codecpar else { throw fail("out of memory") }
        parameters.pointee.codec_type = AVMEDIA_TYPE_AUDIO
        parameters.pointee.codec_id = codec.pointee.id
        parameters.pointee.sample_rate = Int32(description.sampleRate)
        av_channel_layout_default(&parameters.pointee.ch_layout, 1)
        parameters.pointee.bit_rate = Int64(description.bitRate)
        parameters.pointee.frame_size = Int32(description.frameSize)
        parameters.pointee.initial_padding = Int32(description.delay)
        parameters.pointee.format = CodecSetup.sampleFormat(for: codec).rawValue
        if !description.extradata.isEmpty {
            guard let bytes = av_mallocz(description.extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else { throw fail("out of memory") }
            description.extradata.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: description.extradata.count)
            parameters.pointee.extradata = bytes.assumingMemoryBound(to: UInt8.self)
            parameters.pointee.extradata_size = Int32(description.extradata.count)
        }
        stream.pointee.time_base = AVRational(num: 1, den: Int32(description.sampleRate))

        try MediaEncoder.setTags(metadata, format: format, on: context)
        if format.usesVorbisComments {
            MediaEncoder.setChapterComments(metadata.chapters, on: context)
        } else {
            try MediaEncoder.setChapters(metadata.chapters, on: context)
        }
        var coverStream: UnsafeMutablePointer<AVStream>?
        if let cover = metadata.cover, format.takesCoverStream {
            guard let added = MediaEncoder.addCoverStream(cover, to: context) else { throw fail("out of memory") }
            coverStream = added
        }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            status = avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE)
            guard status >= 0 else { throw fail("cannot open the file", status) }
        }
        var options: OpaquePointer?
        // As `MediaEncoder`: index first for streaming players, and the audiobook brand.
        if format == .m4b {
            av_dict_set(&options, "movflags", "+faststart", 0)
            av_dict_set(&options, "brand", "M4B ", 0)
        }
        status = avformat_write_header(context, &options)
        av_dict_free(&options)
        guard status >= 0 else { throw fail("cannot write the header", status) }

        guard let packet = av_packet_alloc() else { throw fail("out of memory") }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        if let cover = metadata.cover, let coverStream {
            try MediaEncoder.writeCover(cover, stream: coverStream, format: context, packet: packet, path: path)
        }
        try body(PacketSink(context: context, stream: stream, packet: packet, format: format, delay: description.delay, fail: fail))
        status = av_write_trailer(context)
        guard status >= 0 else { throw fail("cannot finish the file", status) }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            guard avio_closep(&context.pointee.pb) >= 0 else { throw fail("cannot close the file; the disk may be full") }
        }
    }

    /// Writes a book's packets in order, each placed after the one before.
    final class PacketSink {
        private let context: UnsafeMutablePointer<AVFormatContext>
        private let stream: UnsafeMutablePointer<AVStream>
        private let packet: UnsafeMutablePointer<AVPacket>
        private let format: AudioFormat
        private let delay: Int
        private let fail: (String, Int32) -> SoundFile.Failure
        /// Book time in samples of the next packet: the first starts at minus the encoder's delay.
        private var position: Int64

        init(context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>, packet: UnsafeMutablePointer<AVPacket>,
             format: AudioFormat, delay: Int, fail: @escaping (String, Int32) -> SoundFile.Failure) {
            self.context = context
            self.stream = stream
            self.packet = packet
            self.format = format
            self.delay = delay
            self.fail = fail
            position = Int64(-delay)
        }

        /// Writes one packet of `duration` samples; `newExtradata` replaces the stream's setup
        /// bytes where the muxer takes that at the end (FLAC's STREAMINFO, once its counts are known).
        func write(_ bytes: UnsafeRawBufferPointer, duration: Int, newExtradata: [UInt8]? = nil) throws(SoundFile.Failure) {
            guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw fail("out of memory", 0) }
            defer { av_packet_unref(packet) }
            if let base = bytes.baseAddress { packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
            if position == Int64(-delay), format == .mp3 { try BookRemuxer.markEncoderDelay(delay, on: packet, fail: fail) }
            if let newExtradata {
                guard let side = av_packet_new_side_data(packet, AV_PKT_DATA_NEW_EXTRADATA, newExtradata.count) else { throw fail("out of memory", 0) }
                for (i, byte) in newExtradata.enumerated() { side[i] = byte }
            }
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.flags |= AV_PKT_FLAG_KEY
            packet.pointee.pts = position
            packet.pointee.dts = position
            packet.pointee.duration = Int64(duration)
            position += Int64(duration)
            av_packet_rescale_ts(packet, AVRational(num: 1, den: Int32(stream.pointee.codecpar.pointee.sample_rate)), stream.pointee.time_base)
            let written = av_write_frame(context, packet)
            guard written >= 0 else { throw fail("cannot write a packet; the disk may be full", written) }
        }
    }

    /// FFmpeg's MP3 muxer writes the LAME tag's encoder delay from the first packet's
    /// skip-samples side data (which its encoder attaches), not from the stream's
    /// `initial_padding`: copied packets without it leave the delay 0, a reader then trims only
    /// the decoder's 529 samples, and the whole book lands one 22.05 kHz frame (576 samples,
    /// LAME's own delay) late. The side data says the delay, `delay` samples, as the encoder would.
    fileprivate static func markEncoderDelay(_ delay: Int, on packet: UnsafeMutablePointer<AVPacket>,
                                         fail: (String, Int32) -> SoundFile.Failure) throws(SoundFile.Failure) {
        guard let side = av_packet_new_side_data(packet, AV_PKT_DATA_SKIP_SAMPLES, 10) else { throw fail("out of memory", 0) }
        // Samples to skip at the start, then at the end (little-endian 32-bit), then two reasons.
        for i in 0..<10 { side[i] = i < 4 ? UInt8((delay >> (8 * i)) & 0xFF) : 0 }
    }
}
