// In-process benchmarks: the probe per image, name parsing, inventory grouping and resolve
// queries. Usage: swift run -c release tallcheck-bench TREE
// (make TREE with Benchmarks/make-tree.py). Prints one line per measurement.
import TallCheckKit

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: tallcheck-bench TREE   (make one with Benchmarks/make-tree.py 20000 /tmp/tree20k)")
    exit(2)
}
let root = arguments[1]

/// Runs `body` `repetitions` times and returns the best wall time, in seconds.
func best(_ repetitions: Int = 5, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var fastest = Double.infinity
    for _ in 0..<repetitions {
        let elapsed = clock.measure(body)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        fastest = min(fastest, seconds)
    }
    return fastest
}

func report(_ what: String, items: Int, seconds: Double) {
    let perItem = seconds / Double(items) * 1e6
    let rate = Double(items) / seconds
    print(
        "\(what.padding(toLength: 44, withPad: " ", startingAt: 0)) \(items) items  \(String(format: "%8.2f", perItem)) µs each  \(String(format: "%12.0f", rate))/s"
    )
}

let scan = try InventoryScanner.scan(ScanOptions(root: root))
let inventory = scan.inventory
let paths = inventory.looseImages.map { root + "/" + $0.path }
let names = inventory.looseImages.map(\.fileName)
print("tree: \(root), \(paths.count) images")

let found = SourceTreeWalker(skipsNonSourceFolders: true).walk(root).images
for depth in [ProbeDepth.header, .verify] {
    let probe = ImageProbe(depth: depth)
    let seconds = best(3) {
        for file in found { _ = probe.probe(file: file.location, listedAsRegular: file.isListedAsRegularFile) }
    }
    report("probe, \(depth), one thread", items: found.count, seconds: seconds)
    let parallel = best(3) {
        _ = found.concurrentMapForBenchmark {
            probe.probe(file: $0.location, listedAsRegular: $0.isListedAsRegularFile)
        }
    }
    report("probe, \(depth), all cores", items: found.count, seconds: parallel)
}
report(
    "scan: walk, probe, names, inventory", items: found.count,
    seconds: best(3) { sink &+= (try? InventoryScanner.scan(ScanOptions(root: root)))?.inventory.looseImages.count ?? 0 })
report(
    "ScannedImage from path and facts", items: found.count,
    seconds: best {
        for file in found { sink &+= ScannedImage(path: file.displayPath, facts: ImageFacts(format: .png)).name.scale }
    })

var sink = 0
report(
    "parse file names", items: names.count,
    seconds: best { for name in names { sink &+= ImageName(fileName: name).scale } })
report(
    "group into an inventory (launch slots, assets)", items: inventory.looseImages.count,
    seconds: best { sink &+= Inventory(images: inventory.looseImages, info: inventory.info).assets.count })
report(
    "lint rules over the inventory", items: inventory.looseImages.count,
    seconds: best { sink &+= Linter().findings(in: inventory).count })
for rule in Rules.all {
    let instance = rule.init()
    report(
        "  rule \(rule.description.id)", items: inventory.looseImages.count,
        seconds: best { sink &+= instance.findings(in: inventory).count })
}
let lintReport = Linter().lint(scan)
report(
    "render the json report", items: inventory.looseImages.count,
    seconds: best { sink &+= JSONReporter().render(lintReport).utf8.count })
report(
    "walk the tree", items: paths.count,
    seconds: best { sink &+= SourceTreeWalker(skipsNonSourceFolders: true).walk(root).images.count })

let index = ImageResolver(inventory)
let bases = Array(Set(inventory.looseImages.map(\.name.base))).sorted()
let devices = ["iPhone 3GS", "iPhone 5", "iPhone 6 Plus", "iPhone X", "iPad 2", "iPad Air"].compactMap {
    DeviceQuery(model: $0)
}
let queries = (0..<60_000).map { (bases[$0 % bases.count], devices[$0 % devices.count]) }
report(
    "resolve NAME (uikit)", items: queries.count,
    seconds: best { for (name, device) in queries { sink &+= index.resolve(name, on: device).tried.count } })
report(
    "resolve NAME (tall-suffix)", items: queries.count,
    seconds: best {
        for (name, device) in queries { sink &+= index.resolve(name, on: device, mode: .tallSuffix).tried.count }
    })
report(
    "resolve --launch", items: devices.count * 1000,
    seconds: best {
        for _ in 0..<1000 { for device in devices { sink &+= index.resolveLaunch(on: device).tried.count } }
    })
report(
    "resolve and render JSON (a --batch answer less its parsing)", items: min(queries.count, 20_000),
    seconds: best(3) {
        for (name, device) in queries.prefix(20_000) { sink &+= index.resolve(name, on: device).json.rendered().count }
    })
print("(checksum \(sink))")
