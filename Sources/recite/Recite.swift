import ArgumentParser

/// `recite`: the command line. It parses arguments and calls `ReciteBuild`; nothing else.
@main
struct Recite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recite",
        abstract: "Turn Markdown and SSML documents into speech (WAV) with word-timing sidecars.",
        subcommands: [Build.self, LexiconCommand.self, Voices.self, Normalize.self, Cache.self, Worker.self])
}

/// Exit statuses (DESIGN.md): 0 all done, 1 some documents failed, 2 usage or configuration error,
/// 75 another run holds the output folder.
enum ExitStatus {
    static let someFailed: Int32 = 1
    static let configuration: Int32 = 2
    static let busy: Int32 = 75
}
