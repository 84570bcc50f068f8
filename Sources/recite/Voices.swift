import ArgumentParser
import ReciteSynth

/// `recite voices`: what can speak. The installed neural voices first (name, language, quality,
/// sample rate, speakers, license, file): they are what most people look for, and there are few;
/// then eSpeak NG's 100-odd voices (name and languages).
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed voices: the neural (Piper) ones, then eSpeak NG's.")

    @Option(help: "Only this engine's voices.")
    var engine: VoiceEngine?

    func run() throws {
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
    }

    private func printEspeakVoices() throws {
        print("# eSpeak NG \(EspeakEngine.version) voices (name, languages)")
        let voices = try EspeakEngine.withShared { $0.voices() }
        for voice in voices.sorted(by: { $0.name < $1.name }) {
            print("\(voice.name)\t\(voice.languages.joined(separator: ","))")
        }
    }
}
