#!/usr/bin/env python3
"""Writes Sources/Gallery/Images: small PNGs with one mistake TallCheck warns about (Star@3x.png
is 3 px wider than 3 × Star.png), using only the standard library. With --with-error it adds only
Default-568h@2x.png at 640×1096 px, an error that fails the build (Scripts/check-plugin-example)."""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png(width, height, rgba):
    raw = b"".join(b"\0" + bytes(rgba) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(folder, with_error=False):
    os.makedirs(folder, exist_ok=True)
    if with_error:
        # A 4-inch launch image 40 px short: an error (launch-image-size), which fails the build.
        with open(os.path.join(folder, "Default-568h@2x.png"), "wb") as file:
            file.write(png(640, 1096, (40, 110, 200, 255)))
        return
    images = {
        "Button.png": png(44, 44, (0, 122, 255, 255)),
        "Button@2x.png": png(88, 88, (0, 122, 255, 255)),
        "Button@3x.png": png(132, 132, (0, 122, 255, 255)),
        "Star.png": png(20, 20, (255, 204, 0, 255)),
        "Star@2x.png": png(40, 40, (255, 204, 0, 255)),
        # 3 pixels too wide: 21 × 20 pt at @3x, a warning (scale-mismatch).
        "Star@3x.png": png(63, 60, (255, 204, 0, 255)),
    }
    for name, data in images.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--with-error"]
    main(arguments[0] if arguments else os.path.join(HERE, "Sources", "Gallery", "Images"),
         with_error="--with-error" in sys.argv[1:])
