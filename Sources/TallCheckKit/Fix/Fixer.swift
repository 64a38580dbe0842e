import Foundation

/// Turns a lint's findings into a ``FixPlan``: the fixes that have exactly one right answer, and
/// the rest for a person.
///
/// - `misnamed-variant`: the file is renamed to the name iOS looks for, and every file reference
///   of the tree's Xcode projects that resolves to it (its `path`, its `name`, a variant group's
///   `name`, and the comments Xcode writes after identifiers) and every `.csproj` item that names
///   it (`Include`, `Update`, `Link`, `%40` escapes kept) follow.
/// - `case-mismatch`, for a catalog entry that names its file in another case: the file takes
///   the entry's spelling (the entry is its one reference).
/// - `catalog-missing-file`: the dangling `filename` goes, the slot stays.
/// - `catalog-unassigned-file`: the file goes into the one empty slot its name and size imply
///   (scale, and `~ipad`/`~iphone` for the idiom); with none or several, a person decides.
/// - With ``Options/deletesUnused``, `unused-image`: the files and their project entries go.
/// - With ``Options/recompresses``, `image-weight`'s compression finding: the PNG is written
///   again, losslessly, when that makes it smaller.
///
/// A rename whose new name another file of the folder already has (in any case) is left to a
/// person: two files may not become one. So is each file that is not a regular file reached
/// without a link (an in-tree symbolic link, say) or whose name fix cannot spell (control
/// characters, bytes that are not UTF-8); a rename the code would not follow (it loads the file
/// by its exact name: `UIImage(named: "Icon@2X.png")`); and each item a project names in a form
/// its edits do not follow (a binary project, a path in a form not decoded here): that finding
/// alone, with the reason, and the rest of the plan goes ahead.
public enum Fixer {
    /// What `fix` may do beyond the fixes it always makes.
    public struct Options: Sendable {
        /// Delete what `unused-image` reports (`--delete-unused`), with the project entries that
        /// name it; never an image only a name built at run time could reach.
        public var deletesUnused = false
        /// Write again, losslessly, the PNGs `image-weight` says would shrink (`--recompress`):
        /// only when the new file decodes to the same pixels; never a CgBI file.
        public var recompresses = false

        public init(deletesUnused: Bool = false, recompresses: Bool = false) {
            self.deletesUnused = deletesUnused
            self.recompresses = recompresses
        }
    }

    public static func plan(root: String, scan: ScanResult, findings: [Finding], options: Options = Options())
        -> FixPlan
    {
        var planner = Planner(root: root, scan: scan)
        // Deletions first: a file that goes is not renamed too.
        let ordered =
            options.deletesUnused
            ? findings.filter { $0.ruleID == "unused-image" } + findings.filter { $0.ruleID != "unused-image" }
            : findings
        for finding in ordered {
            switch finding.ruleID {
            case "unused-image" where options.deletesUnused: planner.deleteUnused(finding)
            case "image-weight" where options.recompresses && finding.savedBytes != nil: planner.recompress(finding)
            case "misnamed-variant": planner.fixMisnamedVariant(finding)
            case "case-mismatch": planner.fixCaseMismatch(finding)
            case "catalog-missing-file": planner.fixMissingFile(finding)
            case "catalog-unassigned-file": planner.fixUnassignedFile(finding)
            default: planner.plan.needsPerson.append(finding)
            }
        }
        return planner.finished()
    }
}

private struct Planner {
    var plan: FixPlan
    let scan: ScanResult
    /// Every image of the scan by path, and every file path, lower-cased, for clashes.
    let images: [String: ScannedImage]
    var takenPaths: Set<String>
    /// The tree's project files, read once, and those that could not be read: with one, no file
    /// is renamed or deleted (its references could not follow).
    let projects: [ProjectFile]
    let unreadableProjects: [(path: String, reason: String)]
    /// The scanned folder, held open: each file planned is looked at beneath it, without
    /// following a link. Nil when it cannot be opened (then nothing is renamed or deleted).
    let tree: TreeWriter?
    /// Paths, lower-cased, that two or more images share: a case-only rename of one would make
    /// two names that differ in case alone.
    let caseTwins: Set<String>
    /// Catalog slots a planned fix fills, as `folder#index`.
    var claimedSlots: Set<String> = []
    /// Edits by file, with the file's bytes.
    var edits: [String: (bytes: [UInt8], edits: Set<TextEdit>)] = [:]
    /// The paths ``plan`` deletes and renames, to ask of each finding without reading the lists.
    var deletedPaths: Set<String> = []
    var renamedPaths: Set<String> = []
    /// `catalog-missing-file` findings planned so far, by `Contents.json`.
    var missingFilesSeen: [String: Int] = [:]
    /// The names the code loads images by, each spelling with the first place that spells it:
    /// literal names by their last component, lower-cased (`icon@2x.png`, `button~ipad@2x`), and
    /// the names built at run time.
    let loadedNames: [String: [ImageReference]]
    let loadedPatterns: [(pattern: NamePattern, reference: ImageReference)]
    /// Each loose asset's files, by the path of each; the non-compiled catalog sets by folder
    /// and by `Contents.json`.
    let assetFiles: [String: [String]]
    let setsByFolder: [String: CatalogSet]
    let setsByContents: [String: CatalogSet]

    struct ProjectFile {
        var path: String
        var bytes: [UInt8]
        var kind: Kind
        /// Why the file itself may not be written (a symbolic link, say): an item whose fix
        /// would edit it is left to a person.
        var notWritable: String?
        enum Kind {
            case xcode(XcodeIndex, ProjectText)
            case msbuild(MSBuildText)
        }
    }

    /// Why a project's edits cannot follow a rename or a deletion, in words after its path.
    struct Refusal: Error {
        var reason: String
    }

    /// What the plan asks of an Xcode project, worked out once however many files it renames or
    /// deletes: its elements by tree path, each element's path, the objects that list or copy
    /// each, and how many file references show each name.
    struct XcodeIndex {
        let project: XcodeProject
        let elementsByPath: [String: [(id: String, isa: String)]]
        let pathsByID: [String: String]
        let referrers: [String: (lists: [(id: String, key: String)], buildFiles: [String])]
        /// File references by the name Xcode shows: their `name`, else their path's last component.
        let shownNames: [String: Int]

        init(_ project: XcodeProject, _ text: ProjectText) {
            self.project = project
            var byPath: [String: [(id: String, isa: String)]] = [:]
            var pathsByID: [String: String] = [:]
            var shownNames: [String: Int] = [:]
            for element in project.elementPaths() {
                if let path = element.path {
                    byPath[path, default: []].append((element.id, element.isa))
                    pathsByID[element.id] = path
                }
                if element.isa == "PBXFileReference", let shown = Self.shownName(element.id, text) {
                    shownNames[shown, default: 0] += 1
                }
            }
            elementsByPath = byPath
            self.pathsByID = pathsByID
            self.shownNames = shownNames
            referrers = project.referrersByID()
        }

        static func shownName(_ id: String, _ text: ProjectText) -> String? {
            text.value("name", of: id) ?? text.value("path", of: id).map { Planner.fileName(of: $0) }
        }

        func referrers(of id: String) -> (lists: [(id: String, key: String)], buildFiles: [String]) {
            referrers[id] ?? ([], [])
        }
    }

    init(root: String, scan: ScanResult) {
        plan = FixPlan(root: root)
        self.scan = scan
        var images: [String: ScannedImage] = [:]
        for image in scan.inventory.allImages + scan.inventory.unshippedImages { images[image.path] = image }
        for target in scan.targets {
            for image in target.inventory.allImages { images[image.path] = image }
        }
        self.images = images
        takenPaths = Set(images.keys.map { $0.lowercased() })
        var lowered: [String: Int] = [:]
        for path in images.keys { lowered[path.lowercased(), default: 0] += 1 }
        caseTwins = Set(lowered.filter { $0.value > 1 }.keys)
        let tree = TreeWriter(rootPath: root)
        self.tree = tree
        (projects, unreadableProjects) = Self.readProjects(root: root, held: tree)

        let inventories = [scan.inventory] + scan.targets.map(\.inventory)
        func earlier(_ a: ImageReference, _ b: ImageReference?) -> Bool {
            guard let b else { return true }
            return (a.path, a.line, a.column) < (b.path, b.line, b.column)
        }
        var spellings: [String: ImageReference] = [:]
        var patterns: [NamePattern: ImageReference] = [:]
        for reference in inventories.flatMap(\.references) {
            switch reference.name {
            case .literal(let name):
                let last = Self.fileName(of: name)
                if earlier(reference, spellings[last]) { spellings[last] = reference }
            case .pattern(let pattern) where pattern.isInformative:
                if earlier(reference, patterns[pattern]) { patterns[pattern] = reference }
            default: break
            }
        }
        loadedNames = Dictionary(grouping: spellings.values.sorted { earlier($0, $1) }) {
            Self.fileName(of: $0.literalName ?? "").lowercased()
        }
        loadedPatterns = patterns.map { ($0.key, $0.value) }.sorted { earlier($0.reference, $1.reference) }
        var assetFiles: [String: [String]] = [:]
        for asset in inventories.flatMap(\.ordinaryAssets) {
            let paths = asset.images.map(\.path)
            for path in paths where assetFiles[path] == nil { assetFiles[path] = paths }
        }
        self.assetFiles = assetFiles
        var byFolder: [String: CatalogSet] = [:]
        var byContents: [String: CatalogSet] = [:]
        for set in inventories.flatMap(\.catalogSets) where set.compiledCatalog == nil {
            if byFolder[set.folder] == nil { byFolder[set.folder] = set }
            if byContents[set.contentsPath] == nil { byContents[set.contentsPath] = set }
        }
        setsByFolder = byFolder
        setsByContents = byContents
    }

    /// `project.pbxproj` and `.csproj` files of the tree, as the scan's walk finds them.
    static func readProjects(root: String, held: TreeWriter?) -> ([ProjectFile], [(path: String, reason: String)]) {
        struct Claim: WalkClaim {
            func claims(fileNamed name: String) -> Bool { name == "project.pbxproj" || name.hasSuffix(".csproj") }
            func claims(folderNamed name: String) -> Bool { false }
        }
        let tree = SourceTreeWalker(claims: [Claim()], skipsNonSourceFolders: true).walk(root)
        var projects: [ProjectFile] = []
        var unreadable: [(String, String)] = []
        for file in tree.claimed[0] {
            let bytes: [UInt8]
            switch readRegularFile(file, limit: ReadLimits.standard.projectBytes) {
            case .success(let read): bytes = read
            case .failure(let failure):
                unreadable.append((file.displayPath, failure.message))
                continue
            }
            let notWritable = fileRefusal(file.displayPath, tree: held)
            if file.displayPath.hasSuffix(".csproj") {
                if let refusal = XMLPrecheck.refusal(bytes) {
                    unreadable.append((file.displayPath, refusal))
                } else {
                    do {
                        let text = try MSBuildText(bytes, projectPath: file.displayPath)
                        projects.append(
                            ProjectFile(
                                path: file.displayPath, bytes: bytes, kind: .msbuild(text), notWritable: notWritable))
                    } catch {
                        unreadable.append((file.displayPath, "its text could not be followed for edits: \(error)"))
                    }
                }
                continue
            }
            do {
                let project = try XcodeProject(data: bytes, path: file.displayPath)
                guard let text = ProjectText(bytes) else {
                    unreadable.append((file.displayPath, "its text could not be followed for edits"))
                    continue
                }
                projects.append(
                    ProjectFile(
                        path: file.displayPath, bytes: bytes, kind: .xcode(XcodeIndex(project, text), text),
                        notWritable: notWritable))
            } catch {
                unreadable.append((file.displayPath, error.description))
            }
        }
        return (projects, unreadable)
    }

    /// Leaves `finding` to a person, saying why it was not done.
    mutating func refuse(_ finding: Finding, _ doing: String, _ reason: String) -> Bool {
        var kept = finding
        kept.message += " (not \(doing): \(reason))"
        plan.needsPerson.append(kept)
        return false
    }

    /// Why the file at `path` (relative to the scanned folder) may not be renamed, deleted or
    /// written, or nil: it must be a regular file (a folder with `folder`), reached without a
    /// link, whose name is the path as written (a name with control characters or bytes that
    /// are not UTF-8 is shown escaped, with a `\`, and that text is not the file's name).
    static func fileRefusal(_ path: String, tree: TreeWriter?, folder: Bool = false) -> String? {
        if !spellsAName(path) {
            return
                "its name holds control characters, a backslash or bytes that are not UTF-8, which fix does not spell"
        }
        guard let tree else { return "the folder could not be opened" }
        let status: stat?
        do { status = try tree.status(path) } catch { return error.reason }
        guard let status else { return "\(path) does not exist" }
        switch status.st_mode & S_IFMT {
        case folder ? S_IFDIR : S_IFREG: return nil
        case S_IFLNK: return "\(path) is a symbolic link"
        default: return "\(path) is not a regular \(folder ? "folder" : "file")"
        }
    }

    /// Whether `path` is a name as the file system spells it: no escape (`\`), no control
    /// character.
    static func spellsAName(_ path: String) -> Bool {
        !path.utf8.contains(UInt8(ascii: "\\")) && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Why `path` may not be renamed to `newPath`, or nil: the new name must be spellable, and
    /// free, or the file itself (a case-only rename where case is not told apart).
    func renameRefusal(_ path: String, to newPath: String) -> String? {
        if let refusal = Self.fileRefusal(path, tree: tree) { return refusal }
        let newName = Self.fileName(of: newPath)
        guard !newName.isEmpty, newName != ".", newName != "..", Self.spellsAName(newName) else {
            return "the new name \(escapedControls(newName)) cannot be written as a file name"
        }
        if newPath.lowercased() == path.lowercased(), caseTwins.contains(path.lowercased()) {
            return "another file of its folder has the same name in another case; a person must choose"
        }
        guard let tree, let source = try? tree.status(path) else { return "cannot look at \(path)" }
        let target: stat?
        do { target = try tree.status(newPath) } catch { return "cannot look at \(newPath): \(error.reason)" }
        guard let target, target.st_dev != source.st_dev || target.st_ino != source.st_ino else { return nil }
        return "\(newPath) exists as another file; a person must choose"
    }

    /// The edits a project's items need for `path`, each project's with its bytes; or why they
    /// cannot be made.
    func projectEdits(
        for path: String, _ edits: (ProjectFile) -> Result<[TextEdit], MSBuildText.Failure>
    ) -> Result<[(path: String, bytes: [UInt8], edits: [TextEdit])], MSBuildText.Failure> {
        var all: [(path: String, bytes: [UInt8], edits: [TextEdit])] = []
        for project in projects {
            switch edits(project) {
            case .success(let made) where made.isEmpty: continue
            case .success(let made):
                if let notWritable = project.notWritable {
                    return .failure(
                        MSBuildText.Failure(description: "\(project.path) cannot be edited: \(notWritable)"))
                }
                all.append((project.path, project.bytes, made))
            case .failure(let failure):
                return .failure(MSBuildText.Failure(description: "\(project.path) \(failure.description)"))
            }
        }
        return .success(all)
    }

    /// Leaves `finding` to a person when a project file could not be read, saying which.
    mutating func projectsAreReadable(for finding: Finding, _ doing: String) -> Bool {
        guard let first = unreadableProjects.first else { return true }
        var kept = finding
        kept.message +=
            " (not \(doing): \(first.path) could not be read, so its references could not follow: \(first.reason))"
        plan.needsPerson.append(kept)
        return false
    }

    mutating func edit(_ path: String, bytes: [UInt8], _ new: [TextEdit]) {
        guard !new.isEmpty else { return }
        edits[path, default: (bytes, [])].edits.formUnion(new)
    }

    // MARK: Renames

    static func folder(of path: String) -> String {
        path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
    }

    /// Plans renaming the file at `path` to `newName` in its folder, with the project files that
    /// name it; false (and the finding left to a person) when the new name is taken.
    mutating func rename(_ path: String, to newName: String, for finding: Finding) -> Bool {
        guard !deletedPaths.contains(path) else {
            plan.fixes.append(FixPlan.Fix(finding: finding, action: "deleted as unused"))
            return false
        }
        guard projectsAreReadable(for: finding, "renamed") else { return false }
        let folder = Self.folder(of: path)
        let newPath = folder.isEmpty ? newName : folder + "/" + newName
        let caseOnly = newPath.lowercased() == path.lowercased()
        guard newPath != path, caseOnly || !takenPaths.contains(newPath.lowercased()) else {
            return refuse(finding, "renamed", "\(newPath) exists; a person must choose")
        }
        if let reason = renameRefusal(path, to: newPath) { return refuse(finding, "renamed", reason) }
        if let site = exactLoad(of: path, renamedTo: newName) {
            return refuse(finding, "renamed", "\(site) loads it by its file name; rename both")
        }
        // Every project's edits are made first: one that cannot follow leaves the file as it is.
        let made = projectEdits(for: path) { project in
            switch project.kind {
            case .xcode(let index, let text):
                Result { () throws(Refusal) in try Self.xcodeEdits(index, text, path: path, newName: newName) }
                    .mapError { MSBuildText.Failure(description: $0.reason) }
            case .msbuild(let text): text.renaming(path, to: newName)
            }
        }
        switch made {
        case .failure(let failure): return refuse(finding, "renamed", failure.description)
        case .success(let made):
            takenPaths.insert(newPath.lowercased())
            plan.renames.append(FixPlan.Rename(from: path, to: newPath))
            renamedPaths.insert(path)
            for project in made { edit(project.path, bytes: project.bytes, project.edits) }
            return true
        }
    }

    /// Where the code loads the file at `path` by its own name, which a rename to `newName`
    /// would break: a literal name whose last component is the file's name, with or without
    /// its extension and in any case (`UIImage(named: "Icon@2X.png")`,
    /// `path(forResource: "button~ipad@2x", ofType: "png")`), or a name built at run time that
    /// matches the old name and not the new one. A lookup by base name (`"button"`) is what the
    /// rename is for, and one spelling the new name already loads after it: neither blocks.
    /// `App/Menu.swift:12`, or nil.
    func exactLoad(of path: String, renamedTo newName: String) -> String? {
        let oldName = Self.fileName(of: path)
        let oldStem = Self.stem(of: oldName)
        let newStem = Self.stem(of: newName)
        let base = images[path]?.name.base.lowercased()
        let keys =
            oldName.lowercased() == oldStem.lowercased()
            ? [oldName.lowercased()] : [oldName.lowercased(), oldStem.lowercased()]
        let blocking = keys.flatMap { loadedNames[$0] ?? [] }.filter { reference in
            let spelled = Self.fileName(of: reference.literalName ?? "")
            return spelled != newName && spelled != newStem && spelled.lowercased() != base
        }
        if let first = blocking.min(by: { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }) {
            return "\(first.path):\(first.line)"
        }
        for (pattern, reference) in loadedPatterns
        where (pattern.matches(oldName) || pattern.matches(oldStem))
            && !(pattern.matches(newName) || pattern.matches(newStem))
        {
            return "\(reference.path):\(reference.line)"
        }
        return nil
    }

    /// The file name without its extension.
    static func stem(of fileName: String) -> String {
        fileName.lastIndex(ofByte: UInt8(ascii: ".")).map { String(fileName[..<$0]) } ?? fileName
    }

    /// The edits that follow a rename in an Xcode project: each element resolving to `path`
    /// gets the new last component in its `path` and its `name`; a variant group of that name
    /// is renamed with it; comments naming the old file name follow when no other element of
    /// the project keeps that name. Throws when the project names the file in a way no edit
    /// here follows (a binary project, a `path` not ending in the name, an escape not decoded):
    /// the rename would leave it naming a file that is gone.
    static func xcodeEdits(_ index: XcodeIndex, _ text: ProjectText, path: String, newName: String) throws(Refusal)
        -> [TextEdit]
    {
        let oldName = fileName(of: path)
        let renamed = index.elementsByPath[path] ?? []
        guard !renamed.isEmpty else { return [] }
        if let reason = text.uneditable { throw Refusal(reason: reason) }
        var edits: [TextEdit] = []
        var shownSo = 0
        for element in renamed {
            guard let value = text.value("path", of: element.id), fileName(of: value) == oldName else {
                throw Refusal(reason: "names it in a form fix does not edit (object \(element.id))")
            }
            let folder = folder(of: value)
            guard
                let edit = text.replacing(
                    "path", of: element.id, with: folder.isEmpty ? newName : folder + "/" + newName)
            else { throw Refusal(reason: "cannot hold the new name \(newName)") }
            edits.append(edit)
            if text.value("name", of: element.id) == oldName {
                guard let edit = text.replacing("name", of: element.id, with: newName) else {
                    throw Refusal(reason: "cannot hold the new name \(newName)")
                }
                edits.append(edit)
            }
            for (owner, key) in index.referrers(of: element.id).lists
            where key == "children" && index.project.string("isa", of: owner) == "PBXVariantGroup"
                && text.value("name", of: owner) == oldName
            {
                edits += [text.replacing("name", of: owner, with: newName)].compactMap { $0 }
            }
            if element.isa == "PBXFileReference", XcodeIndex.shownName(element.id, text) == oldName { shownSo += 1 }
        }
        // Comments name files, not paths: rewritten only when nothing else keeps the old name.
        if index.shownNames[oldName, default: 0] <= shownSo {
            edits += text.commentEdits(renaming: oldName, to: newName)
        }
        return edits
    }

    mutating func fixMisnamedVariant(_ finding: Finding) {
        guard let image = images[finding.path] else { return plan.needsPerson.append(finding) }
        let newName = image.name.canonicalFileName
        guard newName != image.fileName else { return plan.needsPerson.append(finding) }
        if rename(finding.path, to: newName, for: finding) {
            plan.fixes.append(FixPlan.Fix(finding: finding, action: "renamed to \(newName)"))
        }
    }

    /// A catalog entry that names its file in another case, or an Info.plist key that names a
    /// loose file so: the file takes the reference's spelling.
    mutating func fixCaseMismatch(_ finding: Finding) {
        for set in scan.inventory.catalogSets where set.compiledCatalog == nil {
            for entry in set.entries {
                guard case .caseMismatch(let named, let actual) = set.file(for: entry), actual == finding.path,
                    !named.contains("/")
                else { continue }
                if rename(actual, to: named, for: finding) {
                    plan.fixes.append(
                        FixPlan.Fix(finding: finding, action: "renamed to \(named), as its entry names it"))
                }
                return
            }
        }
        // A loose file the Info.plist names in another case, every reference one spelling.
        let inventories = [scan.inventory] + scan.targets.map(\.inventory)
        for inventory in inventories {
            guard
                let mismatch = CaseMismatch.plistMismatches(in: inventory).first(where: {
                    $0.image.path == finding.path
                })
            else { continue }
            if let fileName = mismatch.fileName, rename(finding.path, to: fileName, for: finding) {
                plan.fixes.append(
                    FixPlan.Fix(finding: finding, action: "renamed to \(fileName), as \(mismatch.key) spells it"))
            } else if mismatch.fileName == nil {
                plan.needsPerson.append(finding)
            }
            return
        }
        plan.needsPerson.append(finding)
    }

    // MARK: Deletions

    /// Deletes what `unused-image` found: a loose asset's every file, or a whole image set, with
    /// the project entries that name them. An image only a name built at run time could reach is
    /// left to a person.
    mutating func deleteUnused(_ finding: Finding) {
        guard !finding.message.contains(UnusedImage.anyNameCaveat), !finding.message.contains(UnusedImage.undeclaredIconNote)
        else { return plan.needsPerson.append(finding) }
        guard projectsAreReadable(for: finding, "deleted") else { return }
        if let set = setsByFolder[finding.path] {
            // The set's folder, whole: every file the walk finds in it.
            struct Every: WalkClaim {
                func claims(fileNamed name: String) -> Bool { true }
                func claims(folderNamed name: String) -> Bool { false }
            }
            let listed = SourceTreeWalker(claims: [Every()]).walk(plan.root + "/" + set.folder)
            guard listed.issues.isEmpty else { return plan.needsPerson.append(finding) }
            let files = listed.claimed[0].map { set.folder + "/" + $0.displayPath }
            let tree = tree
            if let reason = Self.fileRefusal(set.folder, tree: tree, folder: true)
                ?? files.lazy.compactMap({ Self.fileRefusal($0, tree: tree) }).first
            {
                _ = refuse(finding, "deleted", reason)
                return
            }
            plan.deletions += files
            deletedPaths.formUnion(files)
            plan.emptiedFolders.append(set.folder)
            plan.fixes.append(FixPlan.Fix(finding: finding, action: "deleted the image set (\(files.count) files)"))
            return
        }
        guard let paths = assetFiles[finding.path] else { return plan.needsPerson.append(finding) }
        // Every file and project edit is checked first: one that cannot be done leaves them all.
        var deleted: [String] = []
        var made: [(path: String, bytes: [UInt8], edits: [TextEdit])] = []
        for path in paths where !deletedPaths.contains(path) {
            if let reason = Self.fileRefusal(path, tree: tree) {
                _ = refuse(finding, "deleted", reason)
                return
            }
            let edits = projectEdits(for: path) { project in
                switch project.kind {
                case .xcode(let index, let text):
                    Result { () throws(Refusal) in try Self.xcodeRemovals(index, text, path: path, deleted: Set(paths)) }
                        .mapError { MSBuildText.Failure(description: $0.reason) }
                case .msbuild(let text): text.removing(path)
                }
            }
            switch edits {
            case .failure(let failure):
                _ = refuse(finding, "deleted", failure.description)
                return
            case .success(let edits): made += edits
            }
            deleted.append(path)
        }
        plan.deletions += deleted
        deletedPaths.formUnion(deleted)
        for project in made { edit(project.path, bytes: project.bytes, project.edits) }
        plan.fixes.append(
            FixPlan.Fix(
                finding: finding, action: "deleted \(paths.map { Self.fileName(of: $0) }.joined(separator: ", "))"))
    }

    /// The edits that take a deleted file out of an Xcode project: its file reference, the build
    /// files that copy it, its entries in groups and build phases; and a variant group whose
    /// every file goes, with its build files. Throws when the project names the file where no edit
    /// here finds its definition (a binary project): the file would go and the project keep
    /// naming it.
    static func xcodeRemovals(_ index: XcodeIndex, _ text: ProjectText, path: String, deleted: Set<String>)
        throws(Refusal) -> [TextEdit]
    {
        let elements = index.elementsByPath[path] ?? []
        guard !elements.isEmpty else { return [] }
        if let reason = text.uneditable { throw Refusal(reason: reason) }
        var edits: [TextEdit] = []
        for element in elements {
            guard text.definitions[element.id] != nil else {
                throw Refusal(reason: "names it in a form fix does not edit (object \(element.id))")
            }
            var gone = [element.id]
            for (owner, key) in index.referrers(of: element.id).lists
            where key == "children" && index.project.string("isa", of: owner) == "PBXVariantGroup" {
                let children = index.project.children(of: owner) ?? []
                if children.allSatisfy({ index.pathsByID[$0].map(deleted.contains) ?? false }) {
                    gone.append(owner)
                }
            }
            for id in gone {
                edits += text.removing(object: id)
                for buildFile in index.referrers(of: id).buildFiles { edits += text.removing(object: buildFile) }
            }
        }
        return edits
    }

    // MARK: Recompression

    /// A PNG deflated again at level 9, kept only when smaller with the same pixels.
    mutating func recompress(_ finding: Finding) {
        guard !deletedPaths.contains(finding.path), !renamedPaths.contains(finding.path) else {
            return plan.needsPerson.append(finding)
        }
        if let reason = Self.fileRefusal(finding.path, tree: tree) {
            _ = refuse(finding, "recompressed", reason)
            return
        }
        let bytes: [UInt8]
        switch readRegularFile(
            FileSystemPath(plan.root + "/" + finding.path), limit: ReadLimits.standard.recompressFileBytes)
        {
        case .success(let read): bytes = read
        case .failure(let failure):
            var kept = finding
            kept.message += " (not recompressed: \(failure.message))"
            return plan.needsPerson.append(kept)
        }
        switch PNGRewriter.rewrite(bytes) {
        case .success(let smaller?):
            plan.changes.append(FixPlan.Change(path: finding.path, before: bytes, after: smaller, isBinary: true))
            plan.fixes.append(
                FixPlan.Fix(
                    finding: finding,
                    action: "recompressed losslessly, \(bytes.count) -> \(smaller.count) bytes, the same pixels"))
        case .success(nil):
            var kept = finding
            kept.message += " (not recompressed: level 9 makes it no smaller here; try an optimiser such as oxipng)"
            plan.needsPerson.append(kept)
        case .failure(let failure):
            var kept = finding
            kept.message += " (not recompressed: \(failure.message))"
            plan.needsPerson.append(kept)
        }
    }

    // MARK: Catalog slots

    func set(withContents path: String) -> CatalogSet? { setsByContents[path] }

    mutating func contents(of set: CatalogSet) -> (bytes: [UInt8], text: CatalogContentsText)? {
        let path = set.contentsPath
        let bytes: [UInt8]
        if let known = edits[path] {
            bytes = known.bytes
        } else {
            guard Self.fileRefusal(path, tree: tree) == nil,
                case .success(let read) = readRegularFile(
                    FileSystemPath(plan.root + "/" + path), limit: ReadLimits.standard.catalogContentsBytes)
            else { return nil }
            bytes = read
        }
        guard let text = CatalogContentsText(bytes), text.entries.count == set.entries.count else { return nil }
        return (bytes, text)
    }

    mutating func fixMissingFile(_ finding: Finding) {
        guard let set = set(withContents: finding.path), let (bytes, text) = contents(of: set) else {
            return plan.needsPerson.append(finding)
        }
        // The entries whose file is missing; each finding is one of them, in order.
        let missing = set.entries.indices.filter {
            if case .missing = set.file(for: set.entries[$0]) { true } else { false }
        }
        // The findings of one Contents.json come in its entries' order: this is the next one's.
        let done = missingFilesSeen[finding.path, default: 0]
        missingFilesSeen[finding.path] = done + 1
        guard done < missing.count else { return plan.needsPerson.append(finding) }
        guard text.filenameCount(ofEntry: missing[done]) == 1 else {
            return _ = refuse(finding, "cleared", "the entry names \"filename\" more than once; a person must choose")
        }
        guard let removal = text.removingFilename(ofEntry: missing[done]) else {
            return plan.needsPerson.append(finding)
        }
        edit(set.contentsPath, bytes: bytes, [removal])
        let name = set.entries[missing[done]].filename ?? ""
        plan.fixes.append(
            FixPlan.Fix(
                finding: finding,
                action: "cleared \"\(name)\" from the slot \(set.entries[missing[done]].slotDescription)"))
    }

    mutating func fixUnassignedFile(_ finding: Finding) {
        let folder = Self.folder(of: finding.path)
        guard let set = set(withContents: folder + "/Contents.json"), let (bytes, text) = contents(of: set),
            let image = images[finding.path]
        else { return plan.needsPerson.append(finding) }
        let scale = "\(Self.impliedScale(of: image, in: set, images: images))x"
        let idioms: Set<String> =
            switch image.name.device {
            case .ipad?: ["ipad"]
            case .iphone?: ["iphone"]
            case nil: ["universal"]
            }
        let slots = set.entries.indices.filter { index in
            let entry = set.entries[index]
            return (entry.filename ?? "").isEmpty && entry.scale == scale && idioms.contains(entry.idiom ?? "")
                && entry.appearances == nil && entry.subtype == nil && !claimedSlots.contains("\(folder)#\(index)")
        }
        guard slots.count == 1, let addition = text.addingFilename(image.fileName, toEntry: slots[0]) else {
            var kept = finding
            kept.message +=
                slots.isEmpty
                ? " (no empty \(idioms.sorted().joined()) \(scale) slot to put it in)"
                : " (\(slots.count) empty slots fit it; a person must choose)"
            return plan.needsPerson.append(kept)
        }
        edit(set.contentsPath, bytes: bytes, [addition])
        claimedSlots.insert("\(folder)#\(slots[0])")
        plan.fixes.append(
            FixPlan.Fix(finding: finding, action: "put in the empty slot \(set.entries[slots[0]].slotDescription)"))
    }

    /// The scale a stray file of a set is for: its name's, or, when its name gives none, the one
    /// its pixel size gives against a present entry's size in points (`star.png` of 60×60 px
    /// beside a 30×30 px 1x file is for 2x).
    static func impliedScale(of image: ScannedImage, in set: CatalogSet, images: [String: ScannedImage]) -> Int {
        guard !image.name.modifiers.contains(where: { if case .scale = $0.meaning { true } else { false } }),
            let size = image.facts.pixelSize
        else { return image.name.scale }
        for (entry, path) in set.presentEntries {
            guard let entryScale = entry.scale.flatMap({ Int($0.dropLast()) }), entryScale > 0,
                let pixels = images[path]?.facts.pixelSize, pixels.width % entryScale == 0,
                pixels.height % entryScale == 0
            else { continue }
            let points = (pixels.width / entryScale, pixels.height / entryScale)
            guard points.0 > 0, size.width % points.0 == 0, size.height % points.1 == 0 else { continue }
            let ratio = size.width / points.0
            if ratio == size.height / points.1, (1...3).contains(ratio) { return ratio }
        }
        return image.name.scale
    }

    /// The plan with every file's edits made, in path order.
    mutating func finished() -> FixPlan {
        for (path, (bytes, edits)) in edits.sorted(by: { $0.key < $1.key }) {
            let after = TextEdit.apply(Array(edits), to: bytes)
            if after != bytes { plan.changes.append(FixPlan.Change(path: path, before: bytes, after: after)) }
        }
        plan.changes.sort { $0.path < $1.path }
        plan.renames.sort { $0.from < $1.from }
        return plan
    }
}
