#!/usr/bin/env python3
"""Extracts a bare git snapshot's HEAD into a folder, file by file, skipping blobs the snapshot does not hold.

    scripts/extract-snapshot.py GIT_DIR OUT_DIR [--rev COMMIT] [--only storyboard,plist,pbxproj,swift,m,mm,h,xib]

`git archive` stops at the first absent blob (snapshots leave out their largest files), losing every file after
it; this writes each file on its own and says how many it had to skip. Only the kinds sbmap reads are written by
default, which keeps a big repository small on disk. `--rev` extracts that commit instead of HEAD (it must be in
the snapshot).
"""
import os, subprocess, sys

def main():
    git_dir, out = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    rev = args[args.index("--rev") + 1] if "--rev" in args else "HEAD"
    kinds = None
    if "--only" in args:
        kinds = tuple("." + k for k in args[args.index("--only") + 1].split(","))
    elif "--all" not in args:
        kinds = (".storyboard", ".plist", ".pbxproj", ".xcconfig", ".swift", ".m", ".mm", ".h", ".xib", ".yml", ".yaml")
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", rev],
                             capture_output=True, check=True).stdout.split(b"\0")
    written = skipped = 0
    for entry in listing:
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        name = path.decode("utf-8", "surrogateescape")
        if kind != b"blob" or mode == b"120000":
            continue
        if kinds and not (name.endswith(kinds) or os.path.basename(name) == "Package.swift"):
            continue
        blob = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "blob", sha.decode()], capture_output=True)
        if blob.returncode != 0:
            skipped += 1
            continue
        target = os.path.join(out, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(blob.stdout)
        written += 1
    print(f"{git_dir}: {written} files written, {skipped} absent from the snapshot", file=sys.stderr)

main()
