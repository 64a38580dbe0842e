#!/usr/bin/env python3
"""Writes an app tree of N misnamed variants (`iconK~ipad@2x.png`) that one Xcode project names,
for timing `tallcheck fix --dry-run`'s plan against `lint`.

Usage: Benchmarks/make-misnamed-tree.py OUTPUT_DIR [N]

N defaults to 2000. Every file is made here: 88x88 PNGs written with zlib, and the project text
in Xcode's layout (a build file and a file reference a line, each listed in its group and in the
Resources phase, with the comments Xcode writes after identifiers). FixProjectEditTests writes
the same shape of tree (Tests/TallCheckKitTests/Support/FixProjects.swift).
"""
import os
import struct
import sys
import zlib


def png(seed):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    # RGB rows whose first pixels hold the seed, so that no two files are the same.
    mark = seed.to_bytes(4, "big")
    rows = b"".join(b"\0" + (mark + bytes(88 * 3 - 4)) for _ in range(88))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 88, 88, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def ident(kind, index):
    return kind + format(index, "X").rjust(23, "0")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    images = os.path.join(out, "App", "Images")
    os.makedirs(images, exist_ok=True)
    os.makedirs(os.path.join(out, "App.xcodeproj"), exist_ok=True)
    build_files, references, children, resources = [], [], [], []
    for index in range(count):
        name = f"icon{index}~ipad@2x.png"
        with open(os.path.join(images, name), "wb") as file:
            file.write(png(index + 1))
        build, reference = ident("B", index + 1), ident("F", index + 1)
        build_files.append(f"\t\t{build} /* {name} in Resources */ = {{isa = PBXBuildFile; fileRef = {reference} /* {name} */; }};\n")
        references.append(f"\t\t{reference} /* {name} */ = {{isa = PBXFileReference; lastKnownFileType = image.png; "
                          f"path = \"{name}\"; sourceTree = \"<group>\"; }};\n")
        children.append(f"\t\t\t\t{reference} /* {name} */,\n")
        resources.append(f"\t\t\t\t{build} /* {name} in Resources */,\n")
    with open(os.path.join(out, "App", "Menu.swift"), "w") as file:
        file.write("import UIKit\n")
    project = f"""// !$*UTF8*$!
{{
\tarchiveVersion = 1;
\tclasses = {{
\t}};
\tobjectVersion = 56;
\tobjects = {{

/* Begin PBXBuildFile section */
{"".join(build_files)}\t\tE00000000000000000000001 /* Menu.swift in Sources */ = {{isa = PBXBuildFile; fileRef = E00000000000000000000002 /* Menu.swift */; }};
/* End PBXBuildFile section */

/* Begin PBXFileReference section */
{"".join(references)}\t\tE00000000000000000000002 /* Menu.swift */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Menu.swift; sourceTree = "<group>"; }};
/* End PBXFileReference section */

/* Begin PBXGroup section */
\t\tG00000000000000000000001 = {{
\t\t\tisa = PBXGroup;
\t\t\tchildren = (
\t\t\t\tG00000000000000000000002 /* App */,
\t\t\t);
\t\t\tsourceTree = "<group>";
\t\t}};
\t\tG00000000000000000000002 /* App */ = {{
\t\t\tisa = PBXGroup;
\t\t\tchildren = (
\t\t\t\tE00000000000000000000002 /* Menu.swift */,
\t\t\t\tG00000000000000000000003 /* Images */,
\t\t\t);
\t\t\tpath = App;
\t\t\tsourceTree = "<group>";
\t\t}};
\t\tG00000000000000000000003 /* Images */ = {{
\t\t\tisa = PBXGroup;
\t\t\tchildren = (
{"".join(children)}\t\t\t);
\t\t\tpath = Images;
\t\t\tsourceTree = "<group>";
\t\t}};
/* End PBXGroup section */

/* Begin PBXNativeTarget section */
\t\tT00000000000000000000001 /* App */ = {{
\t\t\tisa = PBXNativeTarget;
\t\t\tbuildConfigurationList = L00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */;
\t\t\tbuildPhases = (
\t\t\t\tS00000000000000000000001 /* Sources */,
\t\t\t\tR00000000000000000000001 /* Resources */,
\t\t\t);
\t\t\tname = App;
\t\t\tproductName = App;
\t\t\tproductType = "com.apple.product-type.application";
\t\t}};
/* End PBXNativeTarget section */

/* Begin PBXProject section */
\t\tP00000000000000000000001 /* Project object */ = {{
\t\t\tisa = PBXProject;
\t\t\tmainGroup = G00000000000000000000001;
\t\t\tprojectDirPath = "";
\t\t\tprojectRoot = "";
\t\t\ttargets = (
\t\t\t\tT00000000000000000000001 /* App */,
\t\t\t);
\t\t}};
/* End PBXProject section */

/* Begin PBXResourcesBuildPhase section */
\t\tR00000000000000000000001 /* Resources */ = {{
\t\t\tisa = PBXResourcesBuildPhase;
\t\t\tfiles = (
{"".join(resources)}\t\t\t);
\t\t}};
/* End PBXResourcesBuildPhase section */

/* Begin PBXSourcesBuildPhase section */
\t\tS00000000000000000000001 /* Sources */ = {{
\t\t\tisa = PBXSourcesBuildPhase;
\t\t\tfiles = (
\t\t\t\tE00000000000000000000001 /* Menu.swift in Sources */,
\t\t\t);
\t\t}};
/* End PBXSourcesBuildPhase section */

/* Begin XCBuildConfiguration section */
\t\tC00000000000000000000001 /* Release */ = {{
\t\t\tisa = XCBuildConfiguration;
\t\t\tbuildSettings = {{
\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 12.0;
\t\t\t\tSDKROOT = iphoneos;
\t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
\t\t\t}};
\t\t\tname = Release;
\t\t}};
/* End XCBuildConfiguration section */

/* Begin XCConfigurationList section */
\t\tL00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */ = {{
\t\t\tisa = XCConfigurationList;
\t\t\tbuildConfigurations = (
\t\t\t\tC00000000000000000000001 /* Release */,
\t\t\t);
\t\t\tdefaultConfigurationName = Release;
\t\t}};
/* End XCConfigurationList section */
\t}};
\trootObject = P00000000000000000000001 /* Project object */;
}}
"""
    with open(os.path.join(out, "App.xcodeproj", "project.pbxproj"), "w") as file:
        file.write(project)


if __name__ == "__main__":
    main()
