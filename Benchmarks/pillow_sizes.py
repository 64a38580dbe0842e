#!/usr/bin/env python3
"""What a user might script instead: every PNG's size with Pillow. Usage: pillow_sizes.py TREE"""
import os
import sys

from PIL import Image

count = 0
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        if name.lower().endswith(".png"):
            with Image.open(os.path.join(folder, name)) as image:
                image.size
            count += 1
print(count, "files")
