import CFFmpeg

/// Opens FFmpeg's encoder for a format with the settings Recite uses for speech: one place, so a
/// book encoded whole (`MediaEncoder`) and one bound from kept chapters (`ChapterEncoder`) sound
/// the same and a kept chapter's key (`ChapterEncoder.settings`) names every setting.
enum CodecSetup {
    /// Encoder options beyond rate and bit rate, by format. FFmpeg's AAC encoder, measured on
    /// 19 minutes of eSpeak NG speech at 22.05 kHz mono, 64 kb/s (CPU seconds; SNR and log-spectral
    /// distance of the decoded audio against the source): the default search ("twoloop") 57.7 s,
    /// 22.2 dB, 3.93 dB; "fast" 9.0 s, 28.9 dB, 3.67 dB; "fast" without perceptual noise
    /// substitution and temporal noise shaping 7.0 s, 29.4 dB, 3.58 dB, at the same bit rate
    /// (74.4 against 74.6 kb/s). Speech gains nothing measurable from either tool here, and a
    /// 10-hour book's encoding is most of its CPU time. (No listening test was done.)
    /// libopus at its default complexity (10) encodes speech at about 55 times real time here;
    /// at 5, 4.6 times faster (measured on 15 minutes of eSpeak NG), which a 10-hour book needs;
    /// complexity trades the encoder's search, not the bit rate.
    static func options(for format: AudioFormat, bitRate: Int?) -> [(String, String)] {
        switch format {
        case .m4b:
            [("aac_coder", "fast"), ("aac_pns", "0"), ("aac_tns", "0")]
                + (AACQuality.lambda(averaging: bitRate ?? format.defaultBitRate).map { [("flags", "+qscale"), ("global_quality", String($0))] } ?? [])
        case .opus: [("compression_level", "5")]
        default: []
        }
    }

    /// An opened encoder context for mono audio at `sampleRate` (freed by the caller), and its codec.
    /// `globalHeader`: the codec's setup goes in the stream's extradata (MP4, Ogg), not in each packet.
    static func open(_ format: AudioFormat, sampleRate: Int, bitRate: Int?, globalHeader: Bool,
                     path: String) throws(SoundFile.Failure) -> (UnsafeMutablePointer<AVCodecContext>, UnsafePointer<AVCodec>) {
        MediaEncoder.quietLogging
        let name = MediaEncoder.names(for: format).encoder
        func fail(_ what: String, _ code: Int32 = 0) -> SoundFile.Failure {
            SoundFile.Failure(message: "Cannot write \(path) as \(format.rawValue): \(what)\(code < 0 ? ": " + MediaEncoder.errorText(code) : "")")
        }
        guard let encoder = avcodec_find_encoder_by_name(name) else { throw fail("FFmpeg has no \(name) encoder") }
        guard let codec = avcodec_alloc_context3(encoder) else { throw fail("out of memory") }
        codec.pointee.sample_rate = Int32(sampleRate)
        av_channel_layout_default(&codec.pointee.ch_layout, 1)
        codec.pointee.sample_fmt = sampleFormat(for: encoder)
        codec.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        let options = options(for: format, bitRate: bitRate)
        // A constant quality has no target rate (FFmpeg then codes up to half the sample rate).
        let constantQuality = options.contains { $0.0 == "global_quality" }
        if format != .flac, !constantQuality { codec.pointee.bit_rate = Int64(bitRate ?? format.defaultBitRate) }
        if globalHeader { codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        var codecOptions: OpaquePointer?
        for (key, value) in options { av_dict_set(&codecOptions, key, value, 0) }
        let status = avcodec_open2(codec, encoder, &codecOptions)
        av_dict_free(&codecOptions)
        guard status >= 0 else {
            var opened: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&opened)
            throw fail("the \(name) encoder refused \(sampleRate) Hz mono", status)
        }
        return (codec, encoder)
    }

    /// Whether FFmpeg opens the encoder for `format` at `bitRate` in constant-quality mode (what
    /// `open` asked of it, read back from the opened context; the context is freed).
    static func opensAtConstantQuality(_ format: AudioFormat, sampleRate: Int, bitRate: Int?) throws(SoundFile.Failure) -> Bool {
        let opened = try open(format, sampleRate: sampleRate, bitRate: bitRate, globalHeader: true, path: "a test").0
        var context: UnsafeMutablePointer<AVCodecContext>? = opened
        defer { avcodec_free_context(&context) }
        return opened.pointee.flags & AV_CODEC_FLAG_QSCALE != 0
    }

    /// The first of the encoder's sample formats Recite can fill: mono makes planar and packed alike.
    static func sampleFormat(for encoder: UnsafePointer<AVCodec>) -> AVSampleFormat {
        let usable: [AVSampleFormat] = [AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP]
        guard var formats = encoder.pointee.sample_fmts else { return AV_SAMPLE_FMT_S16 }
        var offered: [AVSampleFormat] = []
        while formats.pointee != AV_SAMPLE_FMT_NONE {
            offered.append(formats.pointee)
            formats += 1
        }
        return usable.first(where: offered.contains) ?? offered.first ?? AV_SAMPLE_FMT_S16
    }

    /// Fills `frame` with `samples` (-1…1) in the codec's sample format.
    static func fill(_ frame: UnsafeMutablePointer<AVFrame>, codec: UnsafeMutablePointer<AVCodecContext>,
                     with samples: ArraySlice<Float>, path: String) throws(SoundFile.Failure) {
        av_frame_unref(frame)
        frame.pointee.nb_samples = Int32(samples.count)
        frame.pointee.format = codec.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = codec.pointee.sample_rate
        av_channel_layout_copy(&frame.pointee.ch_layout, &codec.pointee.ch_layout)
        guard av_frame_get_buffer(frame, 0) >= 0, let plane = frame.pointee.data.0 else {
            throw SoundFile.Failure(message: "Cannot encode \(path): out of memory")
        }
        switch codec.pointee.sample_fmt {
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
            let out = UnsafeMutableRawPointer(plane).bindMemory(to: Int16.self, capacity: samples.count)
            for (i, s) in samples.enumerated() { out[i] = Int16(max(-32768, min(32767, (s * 32768).rounded()))) }
        default:
            let out = UnsafeMutableRawPointer(plane).bindMemory(to: Float.self, capacity: samples.count)
            for (i, s) in samples.enumerated() { out[i] = s }
        }
    }
}
