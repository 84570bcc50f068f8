import ReciteAudio
import ReciteEspeak
import ReciteNeural
import ReciteSynth

/// What `recite --version` prints: this build and every library that decides what an output
/// sounds like or how it is written, so that a bug report says what produced a file.
enum VersionReport {
    /// Recite's own version; the commit comes from `Plugins/BuildStamp` at build time.
    static let reciteVersion = "0.1.0"

    static var text: String {
        let neuralVoices = VoiceLookup().installed().voices.map(\.name)
        let kokoro = VoiceLookup().installedKokoro().map(\.name)
        // eSpeak NG says where its data is once it has started.
        try? EspeakEngine.withShared { _ in }
        return """
            recite \(reciteVersion) (commit \(BuildStamp.commit))
            eSpeak NG \(EspeakEngine.version) (data: \(EspeakEngine.dataFolder))
            \(NeuralRuntimeVersion.description)
            neural voices installed: \(neuralVoices.isEmpty ? "none" : neuralVoices.joined(separator: ", "))
            Kokoro-82M v1.0: \(kokoro.isEmpty ? "no voices installed" : "\(kokoro.count) voices")
            \(FFmpegVersion.description)
            \(SoundFile.libraryVersion)
            libcrypto: \(SHA256.libraryVersion)
            """
    }
}
