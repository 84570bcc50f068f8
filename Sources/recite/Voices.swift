import ArgumentParser
import ReciteSynth

/// `recite voices`: what can speak. The installed neural voices first (Piper: name, language,
/// quality, sample rate, speakers, license, file; Kokoro: name, accent, gender, engine, license, file): they are what most people look for, and there are few;
/// then eSpeak NG's 100-odd voices (name and languages).
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed voices: the neural ones (Piper, Kokoro), then eSpeak NG's.")

    @Option(help: "Only this engine's voices.")
    var engine: VoiceEngine?

    @Option(name: .customLong("sample"), help: ArgumentHelp("Write one short sample per installed neural voice into this folder (NAME.wav), to choose a voice by ear.", valueName: "folder"))
    var sampleFolder: String?

    @Option(name: .customLong("voice"), help: ArgumentHelp("With --sample: only these voices (repeat, or separate with commas).", valueName: "name"))
    var sampleVoices: [String] = []

    func run() throws {
        if let sampleFolder {
            let only = sampleVoices.flatMap { $0.split(separator: ",").map(String.init) }
            let (written, problems) = try VoiceSamples.write(to: sampleFolder, only: only) { print($0) }
            for problem in problems { print("recite voices: \(problem)") }
            print("\(written.count) samples written to \(sampleFolder)")
            if !problems.isEmpty { throw ExitCode(1) }
            return
        }
        if engine != .espeak { printNeuralVoices() }
        if engine == nil { print("") }
        if engine != .neural { try printEspeakVoices() }
    }

    private func printNeuralVoices() {
        let lookup = VoiceLookup()
        let (neural, problems) = lookup.installed()
        print("# Neural voices, \(PreparedVoice.engine) (name, language, quality, sample rate, speakers, license, file)")
        if neural.isEmpty {
            print("# none installed; looked in: \(lookup.folders.joined(separator: ", "))")
        }
        for voice in neural {
            print([voice.name, voice.language, voice.quality, "\(voice.sampleRate) Hz", "\(max(1, voice.speakerCount)) speaker(s)",
                   voice.license ?? "license unknown", voice.modelPath].joined(separator: "\t"))
        }
        for problem in problems { print("# unusable: \(problem)") }
        printKokoroVoices(lookup)
    }

    private func printKokoroVoices(_ lookup: VoiceLookup) {
        let kokoro = lookup.installedKokoro()
        print("# Kokoro voices, \(KokoroVoice.engine) (name, accent, gender, engine, license, file)")
        if kokoro.isEmpty {
            print("# none installed (.ci/install-neural installs 28); looked in: \(lookup.folders.joined(separator: ", "))")
        }
        for voice in kokoro {
            let accent = voice.accent == .british ? "British English (en-GB)" : "American English (en-US)"
            print([voice.name, accent, voice.gender, "Kokoro-82M v1.0", KokoroVoice.license, voice.styles].joined(separator: "\t"))
        }
    }

    private func printEspeakVoices() throws {
        print("# eSpeak NG \(EspeakEngine.version) voices (name, languages)")
        let voices = try EspeakEngine.withShared { $0.voices() }
        for voice in voices.sorted(by: { $0.name < $1.name }) {
            print("\(voice.name)\t\(voice.languages.joined(separator: ","))")
        }
    }
}
