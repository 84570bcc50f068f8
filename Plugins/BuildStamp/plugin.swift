import Foundation
import PackagePlugin

/// Writes `BuildStamp.swift` into the `recite` target before every build: the commit the build
/// was made from, for `recite --version` (a bug report then says which build made an output).
/// The file is rewritten only when the commit changes, so an unchanged build stays incremental.
@main
struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("stamp")
        // git may be missing (a source tarball): the commit is then "unknown".
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit+changes"
            fi
            mkdir -p "$2"
            text="/// Written by Plugins/BuildStamp at build time.
            enum BuildStamp { static let commit = \\"$commit\\" }"
            [ "$(cat "$2/BuildStamp.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2/BuildStamp.swift"
            """
        return [.prebuildCommand(displayName: "Stamping the commit into recite --version",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "stamp", context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
