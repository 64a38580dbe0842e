import ArgumentParser
import TallCheckKit

struct References: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "references",
        abstract: "Lists every image name the app's code asks for, and what each supported device loads for it.",
        discussion: """
            Reads Swift (swift-syntax), Objective-C, C#, storyboards and xibs, outside Pods, Carthage, \
            DerivedData, .build and test folders, and resolves each static name on one device of each class \
            the app supports (idiom, scale, tall or not): the device matrix behind the missing-image rule. \
            Names built at run time are shown as patterns with the images they can match. The config file's \
            included, excluded and tall_suffix_functions apply.
            """
    )

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(help: "The config file. Default: .tallcheck.yml in the folder, if there is one.")
    var config: String?

    @OptionGroup var format: JSONOption

    @OptionGroup var walk: WalkOptions

    @OptionGroup var bundleTarget: TargetOption

    @Option(
        help: ArgumentHelp(
            "Instead of the list, every place that names or may name this image (Badge, Icons/star): why unused-image keeps it or reports it.",
            valueName: "name"))
    var image: String?

    func run() throws {
        var options = try Workspace.scanOptions(
            path, config: config, walk: walk, target: bundleTarget, needs: .sources
        )
        options.readsCodeNames = image != nil
        let scan = try scanForCommand(options)
        if let image {
            explain(image, in: scan)
            return
        }
        // One listing per target that builds code; a tree without targets is one app.
        let targets = scan.targets.filter { !$0.inventory.references.isEmpty }
        guard targets.count > 1 else {
            let listing = ReferenceListing(targets.first?.inventory ?? scan.inventory)
            if format.json {
                print(listing.json.rendered())
            } else {
                writeStandardOutput(listing.text)
            }
            return
        }
        if format.json {
            print(
                JSONValue.array(
                    targets.map { entry in
                        .object(
                            [("target", .string(entry.target.name))]
                                + (entry.inventory.buildConfigurations.map {
                                    [("configurations", JSONValue.array($0.map { .string($0) }))]
                                } ?? []) + [("references", ReferenceListing(entry.inventory).json)])
                    }
                ).rendered())
        } else {
            writeStandardOutput(
                targets.map { "== Target \($0.summary) ==\n" + ReferenceListing($0.inventory).text }.joined(
                    separator: "\n"))
        }
    }

    /// `--image NAME`: the evidence for one image, per target.
    private func explain(_ name: String, in scan: ScanResult) {
        let inventories: [(target: TargetInventory?, inventory: Inventory)] =
            scan.targets.isEmpty ? [(nil, scan.inventory)] : scan.targets.map { ($0, $0.inventory) }
        var results: [(target: TargetInventory?, evidence: [UsageEvidence], family: String?)] = []
        for (target, inventory) in inventories {
            let usage = ImageUsage(inventory)
            // A loose image is also reached by its file name alone, as unused-image asks.
            let inCatalog = inventory.catalogSets.contains { $0.name == name }
                || !inventory.ordinaryAssets.contains { $0.requestName == name }
            let evidence = usage.allEvidence(for: name, inCatalog: inCatalog)
            var family: String?
            if evidence.isEmpty, let set = inventory.catalogSets.first(where: { $0.name == name }) {
                let folder = DataFamilies.folder(ofSet: set.folder)
                let families = DataFamilies(
                    inventory.catalogSets.filter {
                        $0.kind == .imageSet && DataFamilies.folder(ofSet: $0.folder) == folder
                    }
                    .map { ($0.name, folder) }, usage: usage, inCatalog: true)
                family = families.family(of: name, folder: folder).map {
                    "no code names it, but \($0.named) image sets of its folder whose names start \"\($0.stem)\" are "
                        + "named as data (constants, raw values): a name built at run time may load it too, so "
                        + "unused-image does not report it."
                }
            }
            results.append((target, evidence, family))
        }
        if format.json {
            print(
                JSONValue.array(
                    results.map { result in
                        .object(
                            (result.target.map { [("target", JSONValue.string($0.target.name))] } ?? [])
                                + (result.target?.inventory.buildConfigurations.map {
                                    [("configurations", JSONValue.array($0.map { .string($0) }))]
                                } ?? []) + [
                                    ("image", .string(name)),
                                    (
                                        "evidence",
                                        .array(
                                            result.evidence.map { evidence in
                                                .object(
                                                    [
                                                        ("strength", .string(evidence.strengthName)),
                                                        ("path", .string(evidence.path)),
                                                    ] + (evidence.line.map { [("line", JSONValue.int($0))] } ?? [])
                                                        + [("what", .string(evidence.what))])
                                            })
                                    ),
                                ] + (result.family.map { [("family", JSONValue.string($0))] } ?? []))
                    }
                ).rendered())
            return
        }
        var lines: [String] = []
        for result in results {
            let heading = result.target.map { "\(name) in \($0.name)" } ?? name
            if result.evidence.isEmpty, let family = result.family {
                lines.append("\(heading): \(family)")
                continue
            }
            guard !result.evidence.isEmpty else {
                lines.append("\(heading): nothing names it; unused-image reports it if the target ships it.")
                continue
            }
            lines.append("\(heading):")
            for evidence in result.evidence {
                lines.append("  \(evidence.strengthName.padding(toLength: 8, withPad: " ", startingAt: 0)) \(evidence)")
            }
        }
        writeStandardOutput(lines.joined(separator: "\n") + "\n")
    }
}

extension UsageEvidence {
    /// `certain`, `maybe` or `any-name`, as the listing and JSON say it.
    var strengthName: String {
        switch strength {
        case .certain: "certain"
        case .maybe: "maybe"
        case .anyName: "any-name"
        }
    }
}
