import ArgumentParser

/// How `build` and `book` report while they work: one set of options, one reporter.
struct ReportOptions: ParsableArguments {
    @Option(help: "text: a progress bar on a terminal, else errors and a summary line; json: one JSON object per line.")
    var logFormat: BuildReporter.Format = .text

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(help: "Print a line per document.")
    var verbose = false

    func reporter() -> BuildReporter {
        BuildReporter(format: logFormat, quiet: quiet, verbose: verbose)
    }
}
