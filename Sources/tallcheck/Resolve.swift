import ArgumentParser
import TallCheckKit

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Tells which file a device loads for an image name, or how the app launches there.",
        discussion: """
            Give the device by name (--device "iPhone 5"; `tallcheck devices` lists them) or by \
            --scale and --bounds. With --batch, reads one JSON request a line from standard input and \
            answers each on its own line. Exit status: 0 when a file loads (or for --launch and \
            --batch, an answer), 1 when no file loads, 2 when the folder cannot be scanned.
            """
    )

    @Argument(help: "The name given to UIImage(named:); png is assumed without an extension.")
    var name: String?

    @Option(help: "The app's source folder.")
    var root = "."

    @Option(help: "A device model name, in any case.")
    var device: String?

    @Option(help: "The screen scale: 1, 2 or 3.")
    var scale: Int?

    @Option(help: "The portrait screen size in points, WIDTHxHEIGHT.")
    var bounds: String?

    @Option(help: "phone or pad (default: phone).")
    var idiom: String?

    @Option(help: "portrait (default), portrait-upside-down, landscape-left or landscape-right.")
    var orientation: String?

    @Option(help: "The iOS version, where launch behaviour depends on it.")
    var ios: String?

    @Option(help: "uikit (UIKit's rules, the default) or tall-suffix (the -568h@2x convention).")
    var mode: ResolveMode = .uikit

    @Option(help: "Preferred languages, in order, for .lproj folders: en,fr.")
    var language: String?

    @Option(help: "The app's Info.plist. Default: the most app-like Info.plist under --root.")
    var infoPlist: String?

    @Option(
        help:
            "The config file (its included and excluded paths apply). Default: .tallcheck.yml under --root, if there is one."
    )
    var config: String?

    @Flag(help: "Which launch image the device shows, and whether the app runs native, letterboxed or zoomed.")
    var launch = false

    @Flag(help: "Answer one JSON request per line from standard input.")
    var batch = false

    @OptionGroup var format: JSONOption

    @OptionGroup var walk: WalkOptions

    @OptionGroup var bundleTarget: TargetOption

    func validate() throws {
        if !batch, !launch, name == nil {
            throw ValidationError("give an image NAME, --launch or --batch")
        }
    }

    func run() throws {
        let index: ImageResolver
        // A device given by name or idiom picks the target that runs on it (an Apple TV, the tvOS app).
        let wantedIdiom =
            device.flatMap { DeviceCatalog.deviceClass(named: $0)?.idiom } ?? idiom.flatMap { Idiom(rawValue: $0) }
        // A single name needs only the headers of the files that can answer it; no command here
        // needs the sources.
        let needs: Workspace.Needs = batch || launch ? .images : .candidates(of: [name!])
        var options = try Workspace.scanOptions(root, config: config, walk: walk, target: bundleTarget, needs: needs)
        do {
            options.infoPlistPath = infoPlist
            let scan = try InventoryScanner.scan(options)
            for issue in scan.issues {
                printError("\(issue.kind == .unreadable ? "error" : "note"): \(issue)")
            }
            var inventory = scan.inventory
            if scan.targets.count > 1 {
                let chosen =
                    scan.targets.first { entry in wantedIdiom.map { entry.target.deviceFamilies.contains($0) } ?? false
                    }
                    ?? scan.targets.first { $0.inventory.bundle.source == scan.inventory.bundle.source }
                    ?? scan.targets[0]
                inventory = chosen.inventory
                printError(
                    "note: answering for the target \(chosen.target.summary); --target names another ("
                        + scan.targets.map(\.target.name).joined(separator: ", ") + ")")
            }
            index = batch || launch ? ImageResolver(inventory) : ImageResolver(inventory, names: [name!])
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        if batch {
            // One answer a line, every line, written at once, so a tool on the other end of a pipe can
            // wait for it and match answers to requests by position.
            var reader = LineReader(descriptor: 0, maxLineBytes: ResolveBatch.maxLineBytes)
            while let line = reader.next() {
                writeStandardOutput(ResolveBatch.answer(line, from: index) + "\n")
            }
            return
        }
        let query: DeviceQuery
        do {
            query = try DeviceSpecification(
                model: device, scale: scale, bounds: bounds, idiom: idiom, orientation: orientation, ios: ios
            ).query()
        } catch {
            throw ValidationError(error.description)
        }
        let languages = language?.split(separator: ",").map(String.init) ?? []
        let resolution =
            launch
            ? index.resolveLaunch(on: query, languages: languages)
            : index.resolve(name!, on: query, mode: mode, languages: languages)
        print(format.json ? resolution.json.rendered() : resolution.text)
        // Scripts ask "does anything load?": nothing is exit status 1.
        if !launch, resolution.file == nil { throw ExitCode(1) }
    }
}

extension ResolveMode: ExpressibleByArgument {}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Lists the device catalog: models, idiom, points and scale.")

    @OptionGroup var format: JSONOption

    func run() {
        if format.json {
            print(JSONValue.object([("devices", .array(DeviceCatalog.all.map(\.json)))]).rendered())
            return
        }
        for device in DeviceCatalog.all {
            let native = device.nativeScale == Double(device.scale) ? "" : " (native \(device.nativeScale))"
            print("\(device.idiom.rawValue)  \(device.bounds) pt @\(device.scale)x\(native)  \(device.summary)")
        }
    }
}
