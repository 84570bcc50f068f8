import ArgumentParser
import ReciteSynth

/// `recite voices`: what can speak. eSpeak NG's voices (name and languages), then the installed
/// neural voices (name, language, quality, sample rate, license, file).
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the installed voices: eSpeak NG's and the neural (Piper) ones.")

    func run() throws {
        print("# eSpeak NG \(EspeakEngine.version) voices (name, languages)")
        let voices = try EspeakEngine.withShared { $0.voices() }
        for voice in voices.sorted(by: { $0.name < $1.name }) {
            print("\(voice.name)\t\(voice.languages.joined(separator: ","))")
        }
        let lookup = VoiceLookup()
        let (neural, problems) = lookup.installed()
        print("")
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
}
