import ArgumentParser

/// `recite`: the command line. It parses arguments and calls `ReciteBuild` and `ReciteBook`; nothing else.
@main
struct Recite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recite",
        abstract: "Turn Markdown, HTML, SSML and EPUB documents into speech (WAV, FLAC, Ogg Vorbis, Opus, MP3 or M4B) with word-timing sidecars.",
        discussion: """
        Start with `recite build FOLDER -o OUT`; `recite voices` lists the voices. Shell completions: \
        `recite --generate-completion-script bash` (or zsh, fish).

        \(ExitStatus.help)
        """,
        subcommands: [Build.self, Book.self, LexiconCommand.self, Voices.self, Normalize.self, Cache.self, Worker.self])

    /// A flag of its own, not the parser's static `version:` string: the libraries' versions are
    /// asked at run time, and only when someone asks (every worker process starts this command).
    @Flag(help: "Print the versions of Recite (and its commit), eSpeak NG, ONNX Runtime and FFmpeg.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(VersionReport.text)
    }
}

/// Recite's exit statuses, one table for every command: `--help` prints `help`, docs/usage.md
/// repeats it, and `ExitStatusTests` runs each row. A usage error keeps the argument parser's
/// 64 (sysexits' EX_USAGE), apart from 2, so that a script can tell a mistyped command line from
/// a pipeline, voice or input that cannot be used.
enum ExitStatus {
    static let done: Int32 = 0
    static let someFailed: Int32 = 1
    static let configuration: Int32 = 2
    static let usage: Int32 = 64
    static let busy: Int32 = 75

    static let help = """
        Exit status: 0 all done; 1 some documents failed (the others were written) or the run \
        could not finish writing; 2 configuration error (a pipeline, recite.yml, lexicon, voice \
        file or input path that cannot be used); 64 usage error (an option or value the command \
        line does not take, a voice that is not installed); 75 another run is writing to the \
        same output folder (try again later).
        """
}
