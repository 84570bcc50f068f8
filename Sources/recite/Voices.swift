import ArgumentParser
import ReciteEspeak
import ReciteNeural

/// `recite voices`: what can speak. The installed neural voices first (Piper: name, language,
/// quality, sample rate, speakers, license, file; Kokoro: name, language, gender, engine,
/// license, file, and the languages Recite cannot read yet): they are what most people look
/// for; then eSpeak NG's 100-odd voices (name and languages). `--language` filters all three.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed voices: the neural ones (Piper, Kokoro), then eSpeak NG's.")

    @Option(help: "Only this engine's voices.")
    var engine: VoiceEngine?

    @Option(help: ArgumentHelp("Only voices of this language (BCP 47: es, en-GB, pt-BR; es takes in every Spanish).", valueName: "tag"))
    var language: String?

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
        // eSpeak NG reads without it; a neural voice cannot.
        if let problem = NeuralRuntimeVersion.problem { print("# the neural voices below cannot read here: \(problem)") }
        if neural.isEmpty {
            print("# none installed; looked in: \(lookup.folders.joined(separator: ", "))")
        }
        for voice in neural where speaks(voice.language) {
            print([voice.name, voice.language, voice.quality, "\(voice.sampleRate) Hz", "\(max(1, voice.speakerCount)) speaker(s)",
                   voice.license ?? "license unknown", voice.modelPath].joined(separator: "\t"))
        }
        for problem in problems { print("# unusable: \(problem)") }
        printKokoroVoices(lookup)
    }

    private func printKokoroVoices(_ lookup: VoiceLookup) {
        let kokoro = lookup.installedKokoro()
        print("# Kokoro voices, \(KokoroVoice.engine) (name, language, gender, engine, license, file, whether it is its language's default); blend them as af_bella(2)+af_sky(1)")
        if kokoro.isEmpty {
            print("# none installed (.ci/install-neural installs 54); looked in: \(lookup.folders.joined(separator: ", "))")
        }
        var unavailable: [KokoroLanguage: [String]] = [:]
        for voice in kokoro where speaks(voice.language) {
            if voice.unavailableReason != nil {
                unavailable[voice.kokoroLanguage, default: []].append(voice.name)
                continue
            }
            let isDefault = voice.kokoroLanguage.defaultVoice == voice.name ? ["the default for \(voice.language)"] : []
            print(([voice.name, "\(voice.kokoroLanguage.displayName) (\(voice.language))", voice.gender, "Kokoro-82M v1.0",
                    KokoroVoice.license, voice.styles] + isDefault).joined(separator: "\t"))
        }
        for language in KokoroLanguage.allCases {
            guard let names = unavailable[language], let reason = language.unavailableReason else { continue }
            print("# not available: \(names.joined(separator: ", ")) (\(language.displayName), \(language.tag)): \(reason)")
        }
    }

    /// Whether a voice of `tag` passes `--language`: the same language, and the same region
    /// when the option names one.
    private func speaks(_ tag: String) -> Bool {
        guard let language else { return true }
        func parts(_ tag: String) -> [String] {
            tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        }
        let wanted = parts(language), have = parts(tag)
        guard let base = wanted.first, have.first == base || (base == "zh" && have.first == "cmn") else { return false }
        return wanted.count < 2 || have.count >= 2 && have[1] == wanted[1]
    }

    private func printEspeakVoices() throws {
        print("# eSpeak NG \(EspeakEngine.version) voices (name, languages)")
        let voices = try EspeakEngine.withShared { $0.voices() }
        for voice in voices.sorted(by: { $0.name < $1.name }) where voice.languages.contains(where: speaks) {
            print("\(voice.name)\t\(voice.languages.joined(separator: ","))")
        }
    }
}
