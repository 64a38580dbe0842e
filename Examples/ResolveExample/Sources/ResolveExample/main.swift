import TallCheckCore

// Scan the app once (its images, catalogs, Info.plist and project), then ask.
let folder = CommandLine.arguments.dropFirst().first ?? "../../Fixtures/ExampleApp"
let app = try await AppImages.scan(folder)

for model in ["iPhone SE (1st generation)", "iPhone 15 Pro"] {
    let device = try DeviceQuery(named: model)
    print("\(model), @\(device.scale)x, \(device.bounds) pt:")
    for name in ["Button", "Photo", "Missing"] {
        let answer = app.resolve(name, on: device)
        let certainty = answer.isCertain ? "" : " (uncertain)"
        print("  \(name) → \(answer.file ?? "nothing loads")\(certainty); tried \(answer.tried.joined(separator: ", "))")
    }
    if let presentation = app.launch(on: device).presentation {
        print("  launches \(presentation)")
    }
}
