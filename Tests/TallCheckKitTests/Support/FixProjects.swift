import Foundation

/// Small Xcode projects for `tallcheck fix`'s project edits, written as Xcode lays them out (one
/// build file and one file reference a line, lists one entry a line, comments after each
/// identifier), never copied from a project: an app target copying the files of one group,
/// `Images`, and compiling `Menu.swift`.
enum FixProjects {
    struct File {
        /// The name on disk, in the folder `App/Images`.
        var name: String
        /// The `path` value as the project writes it, quotes and escapes included.
        var written: String
        /// The name as the project's comments spell it.
        var comment: String

        init(_ name: String, written: String? = nil, comment: String? = nil) {
            self.name = name
            self.written = written ?? "\"\(name)\""
            self.comment = comment ?? name
        }
    }

    static func id(_ kind: Character, _ index: Int) -> String {
        String(kind) + String(repeating: "0", count: 23 - String(index, radix: 16).count)
            + String(index, radix: 16).uppercased()
    }

    /// The project text, lines ending in `lineEnd`.
    static func pbxproj(_ files: [File], lineEnd: String = "\n") -> String {
        var buildFiles = ""
        var references = ""
        var children = ""
        var resources = ""
        for (index, file) in files.enumerated() {
            let build = id("B", index + 1)
            let reference = id("F", index + 1)
            buildFiles +=
                "\t\t\(build) /* \(file.comment) in Resources */ = {isa = PBXBuildFile; fileRef = \(reference) /* \(file.comment) */; };\n"
            references +=
                "\t\t\(reference) /* \(file.comment) */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = \(file.written); sourceTree = \"<group>\"; };\n"
            children += "\t\t\t\t\(reference) /* \(file.comment) */,\n"
            resources += "\t\t\t\t\(build) /* \(file.comment) in Resources */,\n"
        }
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \(buildFiles)\t\tE00000000000000000000001 /* Menu.swift in Sources */ = {isa = PBXBuildFile; fileRef = E00000000000000000000002 /* Menu.swift */; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \(references)\t\tE00000000000000000000002 /* Menu.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Menu.swift; sourceTree = "<group>"; };
            /* End PBXFileReference section */

            /* Begin PBXGroup section */
            \t\tG00000000000000000000001 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tG00000000000000000000002 /* App */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tG00000000000000000000002 /* App */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tE00000000000000000000002 /* Menu.swift */,
            \t\t\t\tG00000000000000000000003 /* Images */,
            \t\t\t);
            \t\t\tpath = App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tG00000000000000000000003 /* Images */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \(children)\t\t\t);
            \t\t\tpath = Images;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tT00000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */;
            \t\t\tbuildPhases = (
            \t\t\t\tS00000000000000000000001 /* Sources */,
            \t\t\t\tR00000000000000000000001 /* Resources */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tproductName = App;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tP00000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = G00000000000000000000001;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tT00000000000000000000001 /* App */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXResourcesBuildPhase section */
            \t\tR00000000000000000000001 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tfiles = (
            \(resources)\t\t\t);
            \t\t};
            /* End PBXResourcesBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tS00000000000000000000001 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tfiles = (
            \t\t\t\tE00000000000000000000001 /* Menu.swift in Sources */,
            \t\t\t);
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin XCBuildConfiguration section */
            \t\tC00000000000000000000001 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 12.0;
            \t\t\t\tSDKROOT = iphoneos;
            \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\tL00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC00000000000000000000001 /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            /* End XCConfigurationList section */
            \t};
            \trootObject = P00000000000000000000001 /* Project object */;
            }

            """
        return lineEnd == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnd)
    }

    /// A tree: `App.xcodeproj/project.pbxproj` naming `files`, each an 88×88 PNG in `App/Images`
    /// (its name's bytes as given: NFC or NFD as the string holds them), and `App/Menu.swift`.
    static func tree(_ files: [File], menu: String = "", lineEnd: String = "\n") throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (index, file) in files.enumerated() {
            try folder.write(
                PNGBuilder(width: 88, height: 88, colorType: 2, seed: UInt64(index + 1)).encoded(),
                to: "App/Images/" + file.name)
        }
        try folder.write(Array(menu.utf8), to: "App/Menu.swift")
        try folder.write(Array(pbxproj(files, lineEnd: lineEnd).utf8), to: "App.xcodeproj/project.pbxproj")
        return folder
    }
}
