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
        MediaEncoder.quietLogging
        guard let first = chapters.first?.header else { throw SoundFile.Failure(message: "The book has no chapter to join.") }
        for (file, header) in chapters where header.encoder != first.encoder || header.sampleRate != first.sampleRate
            || header.extradata != first.extradata || header.delay != first.delay {
            throw SoundFile.Failure(message: "The kept chapter \(file) was encoded with other settings than the book's first; delete it and run again.")
        }
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
        guard let codec = avcodec_find_encoder_by_name(first.encoder) else { throw fail("FFmpeg has no \(first.encoder) encoder") }
        guard let stream = avformat_new_stream(context, nil), let parameters = stream.pointee.codecpar else { throw fail("out of memory") }
        parameters.pointee.codec_type = AVMEDIA_TYPE_AUDIO
        parameters.pointee.codec_id = codec.pointee.id
        parameters.pointee.sample_rate = Int32(first.sampleRate)
        av_channel_layout_default(&parameters.pointee.ch_layout, 1)
        parameters.pointee.bit_rate = Int64(first.bitRate)
        parameters.pointee.frame_size = Int32(first.frameSize)
        parameters.pointee.initial_padding = Int32(first.delay)
        parameters.pointee.format = CodecSetup.sampleFormat(for: codec).rawValue
        if !first.extradata.isEmpty {
            guard let bytes = av_mallocz(first.extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else { throw fail("out of memory") }
            first.extradata.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: first.extradata.count)
            parameters.pointee.extradata = bytes.assumingMemoryBound(to: UInt8.self)
            parameters.pointee.extradata_size = Int32(first.extradata.count)
        }
        let samples = AVRational(num: 1, den: Int32(first.sampleRate))
        stream.pointee.time_base = samples

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
        // Book time in samples of the first packet of the chapter being copied.
        var position = Int64(-first.delay)
        for (index, chapter) in chapters.enumerated() {
            try EncodedChapterFile.forEachPacket(chapter.path, header: chapter.header) { bytes, duration throws(SoundFile.Failure) in
                guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw fail("out of memory") }
                if let base = bytes.baseAddress { packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
                if position == Int64(-first.delay), format == .mp3 { try markEncoderDelay(first.delay, on: packet, fail: fail) }
                packet.pointee.stream_index = stream.pointee.index
                packet.pointee.flags |= AV_PKT_FLAG_KEY
                packet.pointee.pts = position
                packet.pointee.dts = position
                packet.pointee.duration = Int64(duration)
                position += Int64(duration)
                av_packet_rescale_ts(packet, samples, stream.pointee.time_base)
                let written = av_write_frame(context, packet)
                av_packet_unref(packet)
                guard written >= 0 else { throw fail("cannot write a packet; the disk may be full", written) }
            }
            if index == chapters.count / 2 { KillPoint.reach("remux") }
        }
        status = av_write_trailer(context)
        guard status >= 0 else { throw fail("cannot finish the file", status) }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            guard avio_closep(&context.pointee.pb) >= 0 else { throw fail("cannot close the file; the disk may be full") }
        }
    }

    /// FFmpeg's MP3 muxer writes the LAME tag's encoder delay from the first packet's
    /// skip-samples side data (which its encoder attaches), not from the stream's
    /// `initial_padding`: copied packets without it leave the delay 0, a reader then trims only
    /// the decoder's 529 samples, and the whole book lands one 22.05 kHz frame (576 samples,
    /// LAME's own delay) late. The side data says the delay, `delay` samples, as the encoder would.
    private static func markEncoderDelay(_ delay: Int, on packet: UnsafeMutablePointer<AVPacket>,
                                         fail: (String, Int32) -> SoundFile.Failure) throws(SoundFile.Failure) {
        guard let side = av_packet_new_side_data(packet, AV_PKT_DATA_SKIP_SAMPLES, 10) else { throw fail("out of memory", 0) }
        // Samples to skip at the start, then at the end (little-endian 32-bit), then two reasons.
        for i in 0..<10 { side[i] = i < 4 ? UInt8((delay >> (8 * i)) & 0xFF) : 0 }
    }
}
