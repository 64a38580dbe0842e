import ArgumentParser
import TallCheckKit

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Reports each image's real format, pixel size and integrity.",
        discussion: """
            Folders are searched recursively for files whose names end in an image extension \
            (any case). Exit status: 0 when every image is valid, 1 when any is not (or a folder \
            in the tree cannot be read), 2 when a given path does not exist or cannot be read.
            """
    )

    @Argument(help: "Image files, or folders to search.")
    var paths: [String]

    @Flag(help: "Read all the image data: every CRC and the whole compressed stream.")
    var verify = false

    @OptionGroup var format: JSONOption

    @OptionGroup var walk: WalkOptions

    func run() throws {
        let inspection = Inspection(
            paths: paths, probe: ImageProbe(depth: verify ? .verify : .header),
            followsSymbolicLinks: walk.followSymlinks)
        for issue in inspection.unreadablePaths {
            printError("error: \(issue)")
        }
        for issue in inspection.skippedEntries {
            printError("note: \(issue)")
        }
        if format.json {
            print(inspection.json.rendered())
        } else {
            for line in inspection.textLines { print(line) }
        }
        if inspection.exitCode != 0 {
            throw ExitCode(inspection.exitCode)
        }
    }
}
