import Foundation

/// One `UILaunchImages` entry (Information Property List Key Reference).
public struct LaunchImageEntry: Hashable, Sendable {
    /// `UILaunchImageName`: a base name with launch modifiers, no scale, device or extension.
    public var name: String
    /// `UILaunchImageSize`, in points, written for portrait even for landscape entries.
    public var size: PointSize
    /// `UILaunchImageOrientation`; Portrait when absent.
    public var orientation: LaunchOrientation
    /// `UILaunchImageMinimumOSVersion`.
    public var minimumOSVersion: OSVersion?

    public init(
        name: String, size: PointSize, orientation: LaunchOrientation = .portrait, minimumOSVersion: OSVersion? = nil
    ) {
        self.name = name
        self.size = size
        self.orientation = orientation
        self.minimumOSVersion = minimumOSVersion
    }
}

/// The Info.plist facts that decide how images and launch screens load.
public struct AppInfo: Sendable, Hashable {
    /// Where it was read from, relative to the scanned folder when inside it.
    public var path: String
    /// `UILaunchStoryboardName`: with one, phones launch at native size and launch images go unused.
    public var launchStoryboardName: [Idiom: String]
    /// `UILaunchImageFile`, without `.png`, per idiom.
    public var launchImageFile: [Idiom: String]
    /// `UILaunchImages`, per idiom; absent when the key is.
    public var launchImages: [Idiom: [LaunchImageEntry]]
    /// `UISupportedInterfaceOrientations`, per idiom.
    public var supportedOrientations: [Idiom: [String]]
    /// `UIDeviceFamily`: 1 is iPhone and iPod touch, 2 is iPad. Absent means iPhone only.
    public var deviceFamilies: Set<Idiom>?
    /// `MinimumOSVersion`.
    public var minimumOSVersion: OSVersion?
    /// Icon file names from `CFBundleIconFile`, `CFBundleIconFiles` and `CFBundleIcons`.
    public var iconFiles: [String]
    /// Asset catalog app icon set names: `CFBundleIconName` of the primary and alternate icons
    /// (Xcode writes it when the icon comes from a catalog; the icon is then in `Assets.car`).
    public var iconSetNames: Set<String> = []
    /// Image names the system loads for home-screen quick actions (`UIApplicationShortcutItems`'
    /// `UIApplicationShortcutItemIconFile`).
    public var shortcutIconFiles: [String] = []
    /// Image names the system shows at launch (iOS 14): `UIImageName` of `UILaunchScreen` and of
    /// each `UILaunchScreenDefinitions` entry of `UILaunchScreens`, under every device variant of
    /// either key. Each is an image set's name or a file of the bundle.
    public var launchScreenImageNames: [String] = []
    /// The idioms a `UILaunchScreen` or `UILaunchScreens` dictionary covers (iOS 14; an empty one
    /// counts): from iOS 14 the app launches at native size there, as with a launch storyboard.
    public var launchScreenIdioms: Set<Idiom> = []

    public init(
        path: String, launchStoryboardName: [Idiom: String] = [:], launchImageFile: [Idiom: String] = [:],
        launchImages: [Idiom: [LaunchImageEntry]] = [:], supportedOrientations: [Idiom: [String]] = [:],
        deviceFamilies: Set<Idiom>? = nil, minimumOSVersion: OSVersion? = nil, iconFiles: [String] = []
    ) {
        self.path = path
        self.launchStoryboardName = launchStoryboardName
        self.launchImageFile = launchImageFile
        self.launchImages = launchImages
        self.supportedOrientations = supportedOrientations
        self.deviceFamilies = deviceFamilies
        self.minimumOSVersion = minimumOSVersion
        self.iconFiles = iconFiles
    }

    public enum ReadError: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case malformed(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): cannot read Info.plist: \(reason)"
            case .malformed(let path, let reason): "\(path): not a property list dictionary: \(reason)"
            }
        }
    }

    /// Reads an XML or binary property list.
    public init(contentsOfFile path: String, reportedPath: String) throws(ReadError) {
        // Read like an image: a FIFO or device given as the Info.plist is refused, not opened.
        switch readRegularFile(FileSystemPath(path), limit: InfoPlistInput.maxPropertyListBytes) {
        case .success(let bytes): try self.init(data: Data(bytes), reportedPath: reportedPath)
        case .failure(let failure): throw .unreadable(path: reportedPath, reason: failure.message)
        }
    }

    /// Reads an XML or binary property list from its bytes.
    public init(data: Data, reportedPath: String) throws(ReadError) {
        let dictionary: [String: Any]
        do {
            dictionary = try PropertyListReader.dictionary(from: data)
        } catch {
            throw .malformed(path: reportedPath, reason: error.description)
        }
        self.init(dictionary: dictionary, path: reportedPath)
    }

    /// Reads the keys from a property list dictionary. Values of the wrong type are ignored.
    public init(dictionary: [String: Any], path: String) {
        let keys = OverriddenKeys(dictionary: dictionary)
        self.init(path: path)
        for idiom in Idiom.iOS {
            launchStoryboardName[idiom] = keys.value("UILaunchStoryboardName", for: idiom) as? String
            if let file = keys.value("UILaunchImageFile", for: idiom) as? String {
                launchImageFile[idiom] = file.hasSuffix(".png") ? String(file.dropLast(4)) : file
            }
            if let entries = keys.value("UILaunchImages", for: idiom) as? [Any] {
                launchImages[idiom] = entries.compactMap { ($0 as? [String: Any]).flatMap(Self.launchImageEntry) }
            }
            supportedOrientations[idiom] = keys.value("UISupportedInterfaceOrientations", for: idiom) as? [String]
            if keys.value("UILaunchScreen", for: idiom) is [String: Any] || keys.value("UILaunchScreens", for: idiom) is [String: Any] {
                launchScreenIdioms.insert(idiom)
            }
        }
        deviceFamilies = Self.families(dictionary["UIDeviceFamily"])
        minimumOSVersion = (dictionary["MinimumOSVersion"] as? String).flatMap(OSVersion.init)
        iconFiles = Self.iconFiles(dictionary)
        iconSetNames = Self.iconSetNames(dictionary)
        // Home-screen quick actions name their icons: `UIApplicationShortcutItemIconFile`.
        shortcutIconFiles = (dictionary["UIApplicationShortcutItems"] as? [Any] ?? []).compactMap {
            ($0 as? [String: Any])?["UIApplicationShortcutItemIconFile"] as? String
        }
        launchScreenImageNames = Self.launchScreenImageNames(dictionary)
    }

    /// The Info.plist Xcode generates from a target's `INFOPLIST_KEY_*` settings (given without
    /// the prefix; ``ProjectTarget/generatedInfoPlist``), read at `path` (the project's). A
    /// setting ending in `_iPad` or `_iPhone` is the key for that device (`~ipad`, `~iphone`);
    /// `UILaunchScreen_Generation = YES` writes an empty `UILaunchScreen` dictionary, and
    /// `UIApplicationSceneManifest_Generation` an empty scene manifest; `YES` and `NO` are
    /// Booleans, the orientation lists are split at spaces (docs/build-model.md).
    public static func generated(from settings: [String: String], path: String) -> AppInfo {
        var dictionary: [String: Any] = [:]
        for (setting, value) in settings {
            var key = setting
            for (suffix, device) in [("_iPad", "~ipad"), ("_iPhone", "~iphone")] where key.hasSuffix(suffix) {
                key = String(key.dropLast(suffix.count)) + device
            }
            if key.hasSuffix("_Generation") {
                if value.uppercased() == "YES" { dictionary[String(key.dropLast("_Generation".count))] = [String: Any]() }
                continue
            }
            if key.hasPrefix("UISupportedInterfaceOrientations") {
                dictionary[key] = value.split(separator: " ").map(String.init)
            } else if value.uppercased() == "YES" || value.uppercased() == "NO" {
                dictionary[key] = value.uppercased() == "YES"
            } else {
                dictionary[key] = value
            }
        }
        return AppInfo(dictionary: dictionary, path: path)
    }

    /// The Info.plist built from this file and the keys Xcode generates from build settings
    /// (`generated`), merged as swift-build merges them (docs/build-model.md): a value both give
    /// is the setting's, lists are joined, the file's first.
    public func merging(generated: AppInfo) -> AppInfo {
        var merged = self
        merged.launchStoryboardName.merge(generated.launchStoryboardName) { _, setting in setting }
        merged.launchImageFile.merge(generated.launchImageFile) { _, setting in setting }
        merged.launchImages.merge(generated.launchImages) { file, setting in file + setting }
        merged.supportedOrientations.merge(generated.supportedOrientations) { file, setting in
            (file + setting).uniqued()
        }
        merged.deviceFamilies = generated.deviceFamilies ?? deviceFamilies
        merged.minimumOSVersion = generated.minimumOSVersion ?? minimumOSVersion
        merged.iconFiles = (iconFiles + generated.iconFiles).uniqued()
        merged.iconSetNames.formUnion(generated.iconSetNames)
        merged.shortcutIconFiles = (shortcutIconFiles + generated.shortcutIconFiles).uniqued()
        merged.launchScreenImageNames = (launchScreenImageNames + generated.launchScreenImageNames).uniqued()
        merged.launchScreenIdioms.formUnion(generated.launchScreenIdioms)
        return merged
    }

    /// Whether the app has a launch screen on `idiom` for every iOS from `version` (nil: any):
    /// `UILaunchStoryboardName`, or `UILaunchScreen` when `version` is iOS 14 or later. With one,
    /// every screen runs at its native size and launch images go unused.
    public func hasLaunchScreen(on idiom: Idiom, from version: OSVersion? = nil) -> Bool {
        launchStoryboardName[idiom] != nil
            || launchScreenIdioms.contains(idiom) && (version.map { $0 >= OSVersion(14, 0) } ?? true)
    }

    /// `UIImageName` of `UILaunchScreen` and of `UILaunchScreens`' definitions, each key with any
    /// device suffix (`UILaunchScreen~ipad`, `UILaunchScreens-iphoneos~iphone`), keys in order.
    private static func launchScreenImageNames(_ dictionary: [String: Any]) -> [String] {
        var names: [String] = []
        for key in dictionary.keys.sorted() {
            let plain = key.prefix { $0 != "~" && $0 != "-" }
            guard plain == "UILaunchScreen" || plain == "UILaunchScreens", let value = dictionary[key] as? [String: Any]
            else { continue }
            let definitions = (value["UILaunchScreenDefinitions"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
            let screens = plain == "UILaunchScreen" ? [value] : definitions
            names += screens.compactMap { $0["UIImageName"] as? String }.filter { !$0.isEmpty }
        }
        return uniqued(names)
    }

    private static func launchImageEntry(_ entry: [String: Any]) -> LaunchImageEntry? {
        guard let name = entry["UILaunchImageName"] as? String, let sizeText = entry["UILaunchImageSize"] as? String,
            let size = parsePointSize(sizeText)
        else { return nil }
        let orientation = (entry["UILaunchImageOrientation"] as? String).flatMap(LaunchOrientation.init) ?? .portrait
        let minimum = (entry["UILaunchImageMinimumOSVersion"] as? String).flatMap(OSVersion.init)
        return LaunchImageEntry(name: name, size: size, orientation: orientation, minimumOSVersion: minimum)
    }

    /// `60x60` or `83.5x83.5` (asset catalog sizes) → points.
    package static func parsePointSize(fromDimensions text: String) -> PointSize? {
        let numbers = text.split(separator: "x").compactMap { Double($0.trimmingSpaces) }
        guard numbers.count == 2, numbers.allSatisfy({ $0 > 0 && $0 <= PointSize.largestPlausible }) else { return nil }
        return PointSize(width: numbers[0], height: numbers[1])
    }

    /// `{320, 568}` → 320×568.
    static func parsePointSize(_ text: String) -> PointSize? {
        let numbers = text.filter { !"{} ".contains($0) }.split(separator: ",").compactMap { Double($0.trimmingSpaces) }
        guard numbers.count == 2, numbers.allSatisfy({ $0 > 0 && $0 <= PointSize.largestPlausible }) else { return nil }
        return PointSize(width: numbers[0], height: numbers[1])
    }

    /// `UIDeviceFamily` is an integer, a string, or an array of either.
    private static func families(_ value: Any?) -> Set<Idiom>? {
        guard let value else { return nil }
        let items = value as? [Any] ?? [value]
        let codes = items.compactMap { ($0 as? Int) ?? ($0 as? String).flatMap { Int($0.trimmingSpaces) } }
        let idioms = Set(codes.compactMap(Idiom.init(deviceFamily:)))
        return idioms.isEmpty ? nil : idioms
    }

    private static func iconFiles(_ dictionary: [String: Any]) -> [String] {
        var files: [String] = []
        if let file = dictionary["CFBundleIconFile"] as? String { files.append(file) }
        files += dictionary["CFBundleIconFiles"] as? [String] ?? []
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            let icons = dictionary[key] as? [String: Any]
            let primary = icons?["CFBundlePrimaryIcon"] as? [String: Any]
            files += primary?["CFBundleIconFiles"] as? [String] ?? []
            // Alternate icons the app may switch to (`setAlternateIconName`) are icons too.
            for case let alternate as [String: Any] in (icons?["CFBundleAlternateIcons"] as? [String: Any])?.values
                .map({ $0 }) ?? []
            {
                files += alternate["CFBundleIconFiles"] as? [String] ?? []
            }
        }
        return files
    }

    private static func iconSetNames(_ dictionary: [String: Any]) -> Set<String> {
        var names: Set<String> = []
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            let icons = dictionary[key] as? [String: Any]
            let primary = icons?["CFBundlePrimaryIcon"] as? [String: Any]
            let alternates = (icons?["CFBundleAlternateIcons"] as? [String: Any])?.values.compactMap {
                $0 as? [String: Any]
            }
            for icon in [primary].compactMap({ $0 }) + (alternates ?? []) {
                if let name = icon["CFBundleIconName"] as? String { names.insert(name) }
            }
        }
        return names
    }

    /// The names with `$(NAME)` and `${NAME}` build settings expanded (`CFBundleIconFiles` of
    /// `$(ICON_57)`), from the target's configurations: a name that takes several values (an
    /// icon of its own in Debug) is each of them. A variable no configuration sets is left.
    public func expanded(with variables: [String: [String]]) -> AppInfo {
        guard !variables.isEmpty else { return self }
        func all(_ text: String) -> [String] { Self.expansions(of: text, variables: variables) }
        var info = self
        info.iconFiles = Self.uniqued(iconFiles.flatMap(all))
        info.iconSetNames = Set(iconSetNames.flatMap(all))
        info.shortcutIconFiles = Self.uniqued(shortcutIconFiles.flatMap(all))
        info.launchScreenImageNames = Self.uniqued(launchScreenImageNames.flatMap(all))
        info.launchStoryboardName = launchStoryboardName.mapValues { all($0).first ?? $0 }
        info.launchImageFile = launchImageFile.mapValues { all($0).first ?? $0 }
        info.launchImages = launchImages.mapValues { entries in
            entries.map { entry in
                var entry = entry
                entry.name = all(entry.name).first ?? entry.name
                return entry
            }
        }
        return info
    }

    /// Every text `text` becomes with its variables replaced by their values, at most 16.
    static func expansions(of text: String, variables: [String: [String]]) -> [String] {
        var results = [text]
        for _ in 0..<4 {
            var next: [String] = []
            var changed = false
            for candidate in results {
                guard let reference = Self.firstVariable(in: candidate, known: variables),
                    let values = variables[reference.name]
                else {
                    next.append(candidate)
                    continue
                }
                changed = true
                // Names are short: a value that makes one longer than 1 KiB names no file.
                for value in values.prefix(16) where candidate.utf8.count + value.utf8.count <= 1024 {
                    next.append(candidate.replacingCharacters(in: reference.range, with: value))
                }
            }
            results = Array(uniqued(next).prefix(16))
            if !changed { break }
        }
        return results
    }

    /// The first `$(NAME)` or `${NAME}` whose variable has a value, with its range.
    private static func firstVariable(in text: String, known: [String: [String]]) -> (
        name: String, range: Range<String.Index>
    )? {
        var search = text.startIndex
        while let dollar = text[search...].firstIndex(of: "$") {
            let open = text.index(after: dollar)
            guard open < text.endIndex, text[open] == "(" || text[open] == "{" else {
                search = open
                continue
            }
            let close: Character = text[open] == "(" ? ")" : "}"
            guard let end = text[open...].firstIndex(of: close) else { return nil }
            let name = String(text[text.index(after: open)..<end])
            // `$(NAME:modifier)` (`:rfc1034identifier`): the plain value.
            let plain = String(name.split(separator: ":").first ?? "")
            if known[plain] != nil { return (plain, dollar..<text.index(after: end)) }
            search = text.index(after: end)
        }
        return nil
    }

    private static func uniqued(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

/// Info.plist keys with their device overrides, most specific first:
/// `Key-iphoneos~ipad`, `Key~ipad`, `Key-iphoneos`, `Key`.
private struct OverriddenKeys {
    let dictionary: [String: Any]

    func value(_ key: String, for idiom: Idiom) -> Any? {
        let device = idiom.deviceModifier?.rawValue ?? idiom.catalogIdiom
        for candidate in ["\(key)-iphoneos~\(device)", "\(key)~\(device)", "\(key)-iphoneos", key] {
            if let value = dictionary[candidate] { return value }
        }
        return nil
    }
}
