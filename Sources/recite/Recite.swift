import ArgumentParser

/// `recite`: the command line. It parses arguments and calls `ReciteBuild`; nothing else.
@main
struct Recite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recite",
        abstract: "Turn Markdown, HTML, SSML and EPUB documents into speech (WAV, FLAC, Ogg Vorbis, Opus, MP3 or M4B) with word-timing sidecars.",
        discussion: """
        Start with `recite build FOLDER -o OUT`; `recite voices` lists the voices. Shell completions: \
        `recite --generate-completion-script bash` (or zsh, fish).
        """,
        subcommands: [Build.self, Book.self, LexiconCommand.self, Voices.self, Normalize.self, Cache.self, Worker.self])

    /// A flag of its own, not the parser's static `version:` string: the libraries' versions are
    /// asked at run time, and only when someone asks (every worker process starts this command).
    @Flag(help: "Print the versions of Recite (and its commit), eSpeak NG, sherpa-onnx, ONNX Runtime and FFmpeg.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(VersionReport.text)
    }
}

/// Exit statuses (DESIGN.md): 0 all done, 1 some documents failed, 2 usage or configuration error,
/// 75 another run holds the output folder.
enum ExitStatus {
    static let someFailed: Int32 = 1
    static let configuration: Int32 = 2
    static let busy: Int32 = 75
}
