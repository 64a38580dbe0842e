import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A MonoTouch, Xamarin.iOS or .NET for iOS project (`*.csproj`, MSBuild XML) read for the
/// files it bundles and where (bundle-layout.md, "MSBuild"; dotnet/macios `BundleResource.cs`).
///
/// `BundleResource` and `Content` items bundle their file at its path relative to the project
/// with the `Resources` prefix (`IPhoneResourcePrefix`) dropped, unless `LogicalName` or `Link`
/// says otherwise; SDK-style projects (`Microsoft.NET.Sdk`, `net*-ios`) bundle everything
/// under `Resources/` by default, catalogs and storyboards aside.
struct MSBuildProject {
    /// The `.csproj`, relative to the scanned folder.
    let path: String
    let projectFolder: String
    /// An SDK-style project, with its default items.
    private(set) var isSDKStyle = false
    /// The prefixes stripped from bundle paths (`Resources`), matched ignoring case.
    private(set) var resourcePrefixes = ["Resources"]
    /// A .NET MAUI single project (`SingleProject`): its iOS items, Info.plist
    /// and catalogs are those under `Platforms/iOS`.
    private(set) var usesMaui = false
    /// Where its iOS-only files are, below its folder: `Platforms/iOS/` in a MAUI project.
    private var iOSFolder: String {
        let platform = usesMaui ? "Platforms/iOS" : ""
        return [projectFolder, platform].filter { !$0.isEmpty }.joined(separator: "/")
    }
    private(set) var items: [Item] = []
    /// `EnableDefaultItems` or `EnableDefaultiOSItems` set to false.
    private(set) var defaultItemsDisabled = false
    /// The platform it builds for, from `TargetFramework` (`net8.0-tvos`),
    /// `TargetFrameworkIdentifier` (`Xamarin.TVOS`) or `ProjectTypeGuids`; iOS when none says.
    private(set) var platform = Platform.iOS
    /// `OutputType` `Library`: a class library, whose code is not judged on its own.
    private(set) var isLibrary = false
    /// The icon files MonoTouch's `BundleIcon*` properties name, by file name (the build
    /// writes them into the Info.plist's `CFBundleIconFiles`).
    private(set) var bundleIcons: [String] = []
    /// What the project builds when not an app or a class library: a watch app or an app
    /// extension, by the build targets it imports (`Xamarin.WatchOS.App.CSharp.targets`,
    /// `Xamarin.iOS.AppExtension.CSharp.targets`) or by `IsAppExtension` / `IsWatchApp`.
    private(set) var bundleKind: ProjectTarget.Kind?
    /// Whether it builds for an Apple platform: its text names one (`-ios` in a target
    /// framework, `Xamarin.iOS`, `MonoTouch`, their project type GUIDs). A project that names
    /// none (an Android, Windows or plain .NET one beside the app) is no target of the lint.
    private(set) var isApple = true

    /// Includes whose matches are remembered: far above real projects.
    static let maxRemembered = 10_000

    struct Item: Equatable {
        var kind: String
        /// Unescaped, with `/` for `\`, relative to the project folder.
        var include: String
        var logicalName: String?
        var link: String?
        var remove = false
        /// A `MauiImage` the build resizes (`BaseSize`, `Resize="true"`): it writes each scale.
        var resized = false
    }

    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(data: [UInt8], path: String) throws(Failure) {
        self.path = path
        projectFolder = path.split(separator: "/").dropLast().joined(separator: "/")
        let data = Self.declaringItsOwnEncoding(data)
        if let refusal = XMLPrecheck.refusal(data) { throw Failure(description: refusal) }
        let reader = ItemReader()
        let parser = XMLParser(data: Data(data))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let tooDeep = reader.tooDeep { throw Failure(description: tooDeep) }
        guard parsed, parser.parserError == nil, reader.sawProject else {
            throw Failure(
                description: "not MSBuild XML: "
                    + (parser.parserError.map { "\($0.localizedDescription)" } ?? "no <Project> element"))
        }
        isSDKStyle = reader.isSDKStyle
        items = reader.items
        platform = Self.platform(
            framework: reader.targetFramework, identifier: reader.frameworkIdentifier,
            typeGUIDs: reader.projectTypeGUIDs)
        // An SDK-style project without an OutputType builds a library (the .NET SDK's default).
        isLibrary = reader.outputType.map { $0.lowercased() == "library" } ?? isSDKStyle
        isApple = Self.namesAnApplePlatform(data)
        bundleKind = Self.bundleKind(imports: reader.imports, isAppExtension: reader.isAppExtension)
        if bundleKind == .watchApp || bundleKind == .watchExtension { platform = .watchOS }
        bundleIcons = reader.bundleIcons.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        defaultItemsDisabled = reader.defaultItemsDisabled
        usesMaui = isSDKStyle && reader.usesMaui
        // MAUI's single project: the iOS items live under Platforms/iOS (docs/build-model.md).
        if usesMaui { resourcePrefixes = ["Platforms/iOS/Resources"] }
        if let prefix = reader.resourcePrefix {
            resourcePrefixes = prefix.split(separator: ";").map { Self.unescaped(String($0)) }.filter { !$0.isEmpty }
        }
    }

    /// The bytes with an XML declaration of `utf-16` over single-byte text (no byte order mark,
    /// no NUL: MonoDevelop-era projects) declaring `utf-8` instead, as Mono's reader took them;
    /// libxml2 refuses the mismatch. Other text is returned as it is.
    static func declaringItsOwnEncoding(_ data: [UInt8]) -> [UInt8] {
        guard data.starts(with: Array("<?xml".utf8)), !data.contains(0),
            let end = data.prefix(200).firstIndex(of: UInt8(ascii: ">"))
        else { return data }
        let declaration = String(decoding: data[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "utf-16", options: .caseInsensitive) else { return data }
        var fixed = declaration
        fixed.replaceSubrange(range, with: "utf-8")
        return Array(fixed.utf8) + data[end...]
    }

    /// A watch app, a watch extension or an app extension, by the Xamarin build targets the
    /// project imports or its `IsAppExtension` property (docs/build-model.md); nil otherwise.
    static func bundleKind(imports: [String], isAppExtension: Bool) -> ProjectTarget.Kind? {
        func imported(_ name: String) -> Bool { imports.contains { $0.contains(name) } }
        if imported("xamarin.watchos.appextension.") { return .watchExtension }
        // A watchOS 2+ app, or a WatchKit 1 app (`Xamarin.iOS.WatchApp.CSharp.targets`).
        if imported("xamarin.watchos.app.") || imported("xamarin.ios.watchapp.") { return .watchApp }
        if isAppExtension || imported("xamarin.ios.appextension.") || imported("xamarin.tvos.appextension.") {
            return .appExtension
        }
        return nil
    }

    /// Whether the text names an Apple platform anywhere (a property, an import, a reference),
    /// in any case: `-ios`, `-tvos`, `-maccatalyst`, `-macos`, `Xamarin.iOS`, `Xamarin.TVOS`,
    /// `Xamarin.WatchOS`, `Xamarin.Mac`, `MonoTouch`, the MonoTouch, Xamarin.iOS, tvOS or watchOS
    /// project type GUID, or an item or property only their builds know (`BundleResource`,
    /// `ImageAsset`, `InterfaceDefinition`, `ITunesArtwork`, `IPhoneResourcePrefix`, `Mtouch…`,
    /// `BundleIcon…`).
    static func namesAnApplePlatform(_ data: [UInt8]) -> Bool {
        let lowered = data.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return applePlatformWords.contains { word in
            // A portable library's profile in a package path names every platform it may run
            // on (`portable-net45+win8+MonoAndroid10+MonoTouch10`): not this project's.
            var start = 0
            while let found = lowered.firstOffset(of: word, from: start) {
                if found == 0 || lowered[found - 1] != UInt8(ascii: "+") { return true }
                start = found + 1
            }
            return false
        }
    }

    private static let applePlatformWords = [
        "-ios", "-tvos", "-maccatalyst", "-macos", "xamarin.ios", "xamarin.tvos", "xamarin.watchos", "xamarin.mac",
        "monotouch", "6bc8ed88-2882-458c-8e55-dfd12b67127b", "feacfbd2-3405-455c-9665-78fe426c6842",
        "06fa79cb-d6cd-4721-bb4b-1bd202089c55", "8ff3f6b4-5b1e-4c30-8fa3-9b1a21ef6326",
        // Items and properties only Apple platforms' builds know.
        "<bundleresource", "<imageasset", "<interfacedefinition", "<itunesartwork", "iphoneresourceprefix", "<mtouch",
        "<bundleicon",
    ].map { Array($0.utf8) }

    /// The platform a project names (the .NET and Xamarin spellings; docs/targets-and-platforms-facts.md).
    static func platform(framework: String?, identifier: String?, typeGUIDs: String?) -> Platform {
        let words = [framework, identifier].compactMap { $0?.lowercased() }.joined(separator: " ")
        if words.contains("tvos") { return .tvOS }
        if words.contains("watchos") { return .watchOS }
        // A project for iOS and Mac Catalyst (`net8.0-ios;net8.0-maccatalyst`, .NET MAUI's default)
        // is an iOS app: Mac Catalyst runs that app on the Mac.
        if words.contains("-ios") || words.contains("xamarin.ios") || words.contains("monotouch") { return .iOS }
        if words.contains("maccatalyst") || words.contains("-macos") || words.contains("xamarin.mac") { return .macOS }
        if words.contains("ios") { return .iOS }
        let guids = typeGUIDs?.uppercased() ?? ""
        if guids.contains("06FA79CB-D6CD-4721-BB4B-1BD202089C55") { return .tvOS }
        if guids.contains("A5A43C5B-DE2A-4C0C-9213-0A381AF9435A") { return .macOS }
        return .iOS
    }

    /// The project as a target: its code (`Compile` items; every `.cs` below its folder in an
    /// SDK-style project, or when it lists none) and Interface Builder files, from the tree's
    /// code files `sourcePaths`.
    /// The project's name: its file's, less `.csproj`.
    var name: String { String(path.split(separator: "/").last?.dropLast(".csproj".count) ?? "") }

    func target(sourcePaths: [String]) -> ProjectTarget {
        // By their bytes: every project of a tree asks this of every source path (osu's dozens
        // of projects, its thousands of files), where splitting each path into `Substring`s was
        // a tenth of its lint.
        let prefix = Array((projectFolder.isEmpty ? "" : projectFolder + "/").utf8)
        let below = sourcePaths.filter { path in
            var path = path
            return path.withUTF8 { bytes in
                bytes.count > prefix.count && bytes.starts(with: prefix)
                    && !Self.inBuildOutput(UnsafeBufferPointer(rebasing: bytes[prefix.count...]))
            }
        }
        let listed = { (kind: String) -> Set<String> in
            Set(
                items.filter { $0.kind == kind && !$0.remove }.compactMap {
                    XcodeProject.normalized(projectFolder.isEmpty ? $0.include : projectFolder + "/" + $0.include)
                })
        }
        let code = listed("Compile")
        let interface = listed("InterfaceDefinition")
        let all = isSDKStyle || code.isEmpty
        var target = ProjectTarget(
            name: name, project: path, kind: bundleKind ?? (isLibrary ? .framework : .app), platform: platform,
            deviceFamilies: platform.defaultIdioms,
            infoPlist: iOSFolder.isEmpty ? "Info.plist" : iOSFolder + "/Info.plist",
            sources: all ? Set(below.filter { $0.hasSuffix(".cs") }) : code,
            interfaceFiles: (isSDKStyle || interface.isEmpty
                ? Set(
                    below.filter {
                        ($0.hasSuffix(".storyboard") || $0.hasSuffix(".xib")) && (!usesMaui || $0.hasPrefix(iOSFolder + "/"))
                    }) : interface)
                // XAML pages are built into their project's assembly whatever their items say.
                .union(below.filter { $0.hasSuffix(".xaml") }))
        target.iconFiles = bundleIcons
        return target
    }

    /// Whether a path below a project's folder lies in its build's output: a folder (not the
    /// file) named `bin` or `obj`.
    static func inBuildOutput(_ relative: UnsafeBufferPointer<UInt8>) -> Bool {
        var componentStart = 0
        for index in relative.indices where relative[index] == UInt8(ascii: "/") {
            if index - componentStart == 3 {
                let (a, b, c) = (relative[componentStart], relative[componentStart + 1], relative[componentStart + 2])
                if (a, b, c) == (UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "n"))
                    || (a, b, c) == (UInt8(ascii: "o"), UInt8(ascii: "b"), UInt8(ascii: "j"))
                {
                    return true
                }
            }
            componentStart = index + 1
        }
        return false
    }

    /// The projects its `ProjectReference` items name, as tree paths: their code and XAML are
    /// built into the app too (a shared `Core` library's pages).
    var projectReferences: [String] {
        items.filter { $0.kind == "ProjectReference" && !$0.remove }.compactMap {
            XcodeProject.normalized(projectFolder.isEmpty ? $0.include : projectFolder + "/" + $0.include)
        }
    }

    /// Places the images the project bundles, and the catalogs it compiles. `images` are the
    /// tree's loose image paths, `catalogs` its `.xcassets` folders.
    func place(images: [String], catalogs: [String] = [], into model: inout BundleModel) {
        // An SDK-style project compiles every catalog below its folder (the default
        // `ImageAsset` items); any project, those its `ImageAsset` items name a file of.
        model.knowsCatalogs()
        if isSDKStyle && !defaultItemsDisabled {
            for catalog in catalogs where iOSFolder.isEmpty || catalog.hasPrefix(iOSFolder + "/") {
                let relative = catalog.dropFirst(projectFolder.isEmpty ? 0 : projectFolder.count + 1)
                // bin/ and obj/ hold the build's own copies.
                if !relative.hasPrefix("bin/") && !relative.hasPrefix("obj/") { model.compile(catalog: catalog) }
            }
        }
        for item in items where item.kind == "ImageAsset" && !item.remove {
            guard let path = XcodeProject.normalized(Self.join(projectFolder, item.include)),
                let end = path.range(of: ".xcassets/") ?? (path.hasSuffix(".xcassets") ? path.range(of: ".xcassets") : nil)
            else { continue }
            let catalog = String(path[..<end.lowerBound]) + ".xcassets"
            if catalog.contains("*") {
                // A glob (`Assets.xcassets\**\*`): the catalogs it may name.
                for found in catalogs where PathFilter.matches(pattern: catalog, found.split(separator: "/")) {
                    model.compile(catalog: found)
                }
            } else {
                model.compile(catalog: catalog)
            }
        }
        let byFolder = ImagesByFolder(images)
        var bundled: [String: (bundlePath: String, item: String)] = [:]
        if isSDKStyle && !defaultItemsDisabled {
            // `$(_ResourcePrefix)\**\*`, catalogs aside; the prefix matches in any case.
            for image in byFolder.below(projectFolder) where !image.contains(".xcassets/") {
                let relative = String(image.dropFirst(projectFolder.isEmpty ? 0 : projectFolder.count + 1))
                let lowered = relative.lowercased()
                if resourcePrefixes.contains(where: { lowered.hasPrefix($0.lowercased() + "/") }) {
                    bundled[image] = (
                        bundlePath(for: Item(kind: "BundleResource", include: relative), relativePath: relative),
                        "BundleResource (default item)"
                    )
                }
            }
        }
        // Code and Interface Builder items say what the project builds, not what it bundles.
        // An item the same as the one before it changes nothing: a glob listed 100,000 times in
        // a row is expanded once. Each include's matches are found once.
        var matched: [String: [String]] = [:]
        var previous: Item?
        for item in items where item.kind != "Compile" && item.kind != "InterfaceDefinition" && item.kind != "ProjectReference" {
            defer { previous = item }
            guard previous.map({ $0 != item }) ?? true else { continue }
            let treePaths = matched[item.include] ?? matches(item.include, in: byFolder)
            if matched.count < Self.maxRemembered { matched[item.include] = treePaths }
            for treePath in treePaths {
                if item.remove {
                    // `<None Remove="a.png"/>` removes only `None` items: a `BundleResource` of the
                    // same file stays (MSBuild item semantics, docs/build-model.md §8).
                    if let placed = bundled[treePath], placed.item.hasPrefix(item.kind) { bundled[treePath] = nil }
                    continue
                }
                if item.kind == "MauiImage" {
                    // A bitmap ships as it is, at 1x; one the build resizes (and every SVG) is
                    // written at each scale under a name of its own: not a file of the tree.
                    let vector = treePath.lowercased().hasSuffix(".svg")
                    bundled[treePath] =
                        item.resized || vector ? nil : (Self.mauiBundlePath(of: treePath, item: item), item.kind)
                    continue
                }
                guard item.kind == "BundleResource" || item.kind == "Content" else { continue }
                let relative = String(treePath.dropFirst(projectFolder.isEmpty ? 0 : projectFolder.count + 1))
                bundled[treePath] = (bundlePath(for: item, relativePath: relative), item.kind)
            }
            // A data file (`Samples\notes.txt`): the folder it ships into holds data.
            if treePaths.isEmpty, !item.remove, item.kind == "BundleResource" || item.kind == "Content",
                !item.include.contains("*"), Self.isDataFile(item.include)
            {
                model.shipsData(at: bundlePath(for: item, relativePath: item.include))
            }
        }
        // A `MauiImage` whose name a resource of the project's own takes (`Platforms/iOS/Resources/logo.png`
        // beside `Resources/logo.png`): the platform's files are the ones iOS is given, with their scales.
        let resourceNames = Set(bundled.values.filter { $0.item != "MauiImage" }.map { $0.bundlePath.lowercased() })
        if !resourceNames.isEmpty {
            for (treePath, placement) in bundled where placement.item == "MauiImage" {
                let name = ImageName(fileName: placement.bundlePath)
                let taken = (1...3).contains { scale in
                    resourceNames.contains(name.withScale(scale).canonicalFileName.lowercased())
                }
                if taken { bundled[treePath] = nil }
            }
        }
        for (treePath, placement) in bundled {
            model.place(
                treePath, at: placement.bundlePath, because: .msbuildItem(project: path, item: placement.item))
        }
    }

    /// File kinds an app reads as data, by path (text, JSON, XML, documents, sounds, databases);
    /// not images, code or Interface Builder files.
    static let dataExtensions: Set<String> = [
        "txt", "json", "xml", "csv", "dat", "bin", "html", "htm", "pdf", "rtf", "md", "plist", "sqlite", "db",
        "mp3", "m4a", "wav", "caf", "aiff", "mp4", "mov", "m4v", "zip", "epub",
    ]

    static func isDataFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return dataExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Where .NET MAUI's build puts a bitmap `MauiImage` it does not resize: at the bundle's root
    /// under its file name, as it is (MA-RZ, MA-DPI in docs/build-model.md).
    static func mauiBundlePath(of treePath: String, item: Item) -> String {
        item.logicalName ?? treePath.split(separator: "/").last.map(String.init) ?? treePath
    }

    /// `LogicalName` wins; else the `Link` or the path, less the longest resource prefix.
    private func bundlePath(for item: Item, relativePath: String) -> String {
        if let logicalName = item.logicalName { return logicalName }
        let virtual = item.link ?? relativePath
        let lowered = virtual.lowercased()
        let prefix = resourcePrefixes.filter { lowered.hasPrefix($0.lowercased() + "/") }.max { $0.count < $1.count }
        return prefix.map { String(virtual.dropFirst($0.count + 1)) } ?? virtual
    }

    /// The tree paths an `Include` names: one file, or a wildcard (`*`, `**`) pattern.
    private func matches(_ include: String, in images: ImagesByFolder) -> [String] {
        guard let pattern = XcodeProject.normalized(Self.join(projectFolder, include)) else { return [] }
        guard pattern.contains("*") || pattern.contains("?") else {
            return images.contains(pattern) ? [pattern] : []
        }
        let fixed = pattern.prefix { $0 != "*" && $0 != "?" }
        let folder = fixed.contains("/") ? String(fixed[..<fixed.lastIndex(ofByte: UInt8(ascii: "/"))!]) : ""
        return images.below(folder).filter { PathFilter.matches(pattern: pattern, $0.split(separator: "/")) }
    }

    private static func join(_ folder: String, _ path: String) -> String {
        folder.isEmpty ? path : folder + "/" + path
    }

    /// MSBuild's escapes (`%40` is `@`), and `\` as `/`.
    static func unescaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Collects the items and properties of a project as the XML parser goes.
private final class ItemReader: NSObject, XMLParserDelegate {
    var items: [MSBuildProject.Item] = []
    var isSDKStyle = false
    var defaultItemsDisabled = false
    var resourcePrefix: String?
    /// `SingleProject` set to true.
    var usesMaui = false
    /// MonoTouch's icon properties (`BundleIcon`, `BundleIconHigh`, `BundleIconIPadSpotlight`, …):
    /// each names an icon file, which the build writes into `CFBundleIconFiles`.
    var bundleIcons: [String] = []
    var tooDeep: String?
    var sawProject = false
    private var path: [String] = []
    private var text = ""
    private var current: MSBuildProject.Item?
    private var targetsIOS = false
    private var hasSDK = false

    private static let itemKinds: Set<String> = [
        "BundleResource", "Content", "ImageAsset", "None", "Compile", "InterfaceDefinition", "ProjectReference",
        "MauiImage",
    ]
    var targetFramework: String?
    var frameworkIdentifier: String?
    var projectTypeGUIDs: String?
    var outputType: String?
    /// The `Project` of each top-level `Import`, lower-cased.
    var imports: [String] = []
    /// `IsAppExtension` set to true among the project's own properties (in a reference to a
    /// project, it says what that project is, not this one).
    var isAppExtension = false

    /// The first error refuses the file: nothing after it is read (FoundationXML also keeps
    /// alive every error object it makes, so a hostile file of many errors would pile them up).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        path.append(name)
        text = ""
        if path.count > MSBuildProject.maxDepth {
            tooDeep = "elements nested more than \(MSBuildProject.maxDepth) levels deep"
            parser.abortParsing()
            return
        }
        if path.count == 1, name == "Project" {
            sawProject = true
            hasSDK = attributes["Sdk"]?.hasPrefix("Microsoft.NET.Sdk") ?? false
        }
        // `<Import Project="$(MSBuildExtensionsPath)\Xamarin\WatchOS\Xamarin.WatchOS.App.CSharp.targets" />`
        if path.count == 2, name == "Import", let project = attributes["Project"], imports.count < 64 {
            imports.append(project.lowercased())
        }
        if path.count == 3, path[1] == "ItemGroup", Self.itemKinds.contains(name) {
            let include = attributes["Include"] ?? attributes["Update"] ?? attributes["Remove"] ?? ""
            current = MSBuildProject.Item(
                kind: name, include: MSBuildProject.unescaped(include),
                logicalName: attributes["LogicalName"].map(MSBuildProject.unescaped),
                link: attributes["Link"].map(MSBuildProject.unescaped),
                remove: attributes["Remove"] != nil && attributes["Include"] == nil,
                resized: name == "MauiImage"
                    && (attributes["BaseSize"] != nil || attributes["Resize"]?.lowercased() == "true"))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if text.utf8.count < 4096 { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if path.count == 4, current != nil {
            switch name {
            case "LogicalName": current?.logicalName = MSBuildProject.unescaped(value)
            case "Link": current?.link = MSBuildProject.unescaped(value)
            default: break
            }
        }
        if path.count == 3, path[1] == "ItemGroup", let item = current {
            if !item.include.isEmpty { items.append(item) }
            current = nil
        }
        if path.count == 3, path[1] == "PropertyGroup" {
            switch name {
            case "TargetFramework", "TargetFrameworks":
                let lowered = value.lowercased()
                if lowered.contains("-ios") || lowered.contains("-tvos") { targetsIOS = true }
                targetFramework = targetFramework ?? value
            case "TargetFrameworkIdentifier": frameworkIdentifier = value
            case "ProjectTypeGuids": projectTypeGUIDs = value
            case "OutputType": outputType = value
            case "IsAppExtension": isAppExtension = value.trimmingSpaces.lowercased() == "true"
            case "IPhoneResourcePrefix": resourcePrefix = value
            // `UseMaui` alone (a library, an extension that embeds MAUI) keeps the usual layout.
            case "SingleProject": if value.trimmingSpaces.lowercased() == "true" { usesMaui = true }
            case let property where property.hasPrefix("BundleIcon"):
                let file = MSBuildProject.unescaped(value.trimmingSpaces)
                if !file.isEmpty, bundleIcons.count < 64 { bundleIcons.append(file) }
            case "EnableDefaultItems", "EnableDefaultiOSItems":
                if value.lowercased() == "false" { defaultItemsDisabled = true }
            default: break
            }
        }
        if path.count == 1 { isSDKStyle = hasSDK && targetsIOS }
        path.removeLast()
        text = ""
    }
}
