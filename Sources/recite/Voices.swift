import ArgumentParser
import ReciteSynth

struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the installed eSpeak NG voices.")

    func run() throws {
        let voices = try EspeakEngine.withShared { $0.voices() }
        for voice in voices.sorted(by: { $0.name < $1.name }) {
            print("\(voice.name)\t\(voice.languages.joined(separator: ","))")
        }
    }
}
