import Foundation
import ReciteAudio
import ReciteBuild
import ReciteMarkdown
import ReciteNeural

/// `recite voices --sample DIR`: one short sample per installed neural voice, `DIR/NAME.wav`, so
/// people choose a voice by ear. Each is a real build of the same short text (numbers, a date, a
/// unit, so the samples show Recite's reading too), through the voice as `--voice NAME` would use it.
enum VoiceSamples {
    /// The sample's text in each language a natural voice reads, by base language.
    static let texts: [String: String] = [
        "en": "Hello, I am %@. On 12 May 2026 the flat's 8 m² of storage cost $3.50 a day; I read articles, books and notes aloud.",
        "es": "Hola, soy %@. El 12 de mayo de 2026 los 8 m² del trastero costaban 3,50 € al día; leo en voz alta artículos, libros y notas.",
        "fr": "Bonjour, je suis %@. Le 12 mai 2026, les 8 m² du débarras coûtaient 3,50 € par jour ; je lis à voix haute des articles, des livres et des notes.",
        "it": "Ciao, sono %@. Il 12 maggio 2026 gli 8 m² del ripostiglio costavano 3,50 € al giorno; leggo ad alta voce articoli, libri e appunti.",
        "pt": "Olá, eu sou %@. Em 12 de maio de 2026, os 8 m² do depósito custavam 3,50 reais por dia; leio em voz alta artigos, livros e notas.",
        "hi": "नमस्ते, मेरा नाम %@ है। यह आवाज़ लेख, किताबें और नोट्स पढ़कर सुनाती है।",
    ]

    /// The sample text for a voice of `language`, with its name in it.
    static func text(for language: String, name: String) -> String {
        let base = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
        let spoken = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
            .replacingOccurrences(of: "+", with: " and ")
        return String(format: texts[base] ?? texts["en"]!, spoken) + "\n"
    }

    /// Writes the samples (of the voices in `only`, when it names some: installed voices or
    /// blends of them); returns the names written and the problems met (a voice that fails does
    /// not stop the others).
    static func write(to folder: String, only: [String] = [], report: (String) -> Void) throws -> (written: [String], problems: [String]) {
        let lookup = VoiceLookup()
        let installed = lookup.installed().voices.map(\.name) + lookup.installedKokoro().filter { $0.unavailableReason == nil }.map(\.name)
        guard !installed.isEmpty else { return ([], ["no neural voice is installed (.ci/install-neural installs them)"]) }
        var problems: [String] = []
        for name in only where !installed.contains(name) {
            do {
                if try NeuralVoices.shared.resolve(name) != nil { continue }
                let near = VoiceAssignment.closest(to: name, among: installed)
                problems.append("\(name) is not an installed neural voice\(near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"); `recite voices` lists them")
            } catch {
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else { return ([], problems) }
        let names = only.isEmpty ? installed : only
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        removeAbandonedWork(in: folder)
        // Work beside the samples, so that each is moved into place whole, on one file system.
        let work = "\(folder)/\(workPrefix)\(getpid())"
        defer { try? fm.removeItem(atPath: work) }
        var written: [String] = []
        for name in names {
            let input = "\(work)/\(name)/in", output = "\(work)/\(name)/out"
            do {
                try fm.createDirectory(atPath: input, withIntermediateDirectories: true)
                var pipeline = try PipelineLocator.load(nil)
                pipeline.voice = name
                // The voice reads its own language, with that language's rules.
                if let language = try NeuralVoices.shared.resolve(name)?.language {
                    pipeline.language = language
                    pipeline.markdown.defaultLanguage = language
                }
                try Data(text(for: pipeline.language, name: name).utf8).write(to: URL(fileURLWithPath: "\(input)/\(name).md"))
                pipeline.format = .wav
                pipeline.captions = []
                pipeline.html = false
                let runner = BuildRunner(options: .init(inputs: [input], outputFolder: output, pipeline: pipeline, jobs: 1,
                                                        cacheFolder: "\(work)/cache"),
                                         report: { _ in }, output: { _ in })
                let summary = try runner.run()
                guard summary.failed == 0, fm.fileExists(atPath: "\(output)/\(name).wav") else {
                    problems.append("\(name): the sample could not be made")
                    continue
                }
                // rename(2) replaces an older sample at once: it is never missing or half written.
                let target = "\(folder)/\(name).wav"
                guard rename("\(output)/\(name).wav", target) == 0 else {
                    problems.append("\(name): cannot write \(target): \(String(cString: strerror(errno)))")
                    continue
                }
                written.append(name)
                report(target)
            } catch {
                problems.append("\(name): \(error)")
            }
        }
        return (written, problems)
    }

    static let workPrefix = ".recite-samples-"

    /// Removes the work folders of runs that were killed (their process is gone).
    static func removeAbandonedWork(in folder: String) {
        let fm = FileManager.default
        for entry in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(workPrefix) {
            guard let pid = Int32(entry.dropFirst(workPrefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? fm.removeItem(atPath: "\(folder)/\(entry)") }
        }
    }
}
