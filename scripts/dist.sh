#!/usr/bin/env bash
# Builds the relocatable release tarball of sbmap for this machine (`make dist`):
#
#   dist/sbmap-VERSION-OS-ARCH.tar.gz     e.g. dist/sbmap-0.2.0-linux-x86_64.tar.gz
#   dist/sbmap-VERSION-OS-ARCH.tar.gz.sha256
#
# holding sbmap-VERSION-OS-ARCH/ with bin/sbmap, share/man/man1/sbmap.1, the bash, zsh and fish completions,
# README.md (and LICENSE, when the repository has one). Extract it anywhere and run bin/sbmap.
#
# On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib): the binary needs only the
# system's Graphviz (libgvc, libcgraph: `apt-get install graphviz`, or libgvc6) and libxml2, and nothing from the
# Swift toolchain; the script checks that with ldd. On macOS it links Graphviz and libxml2 from Homebrew (their
# dylibs under $(brew --prefix)), so the user needs `brew install graphviz libxml2`; the Swift runtime is the system's.
# VERSION is sbmap's own (`sbmap --version`). The build goes to .build-dist, so the usual .build stays as it is.
# The same sources and toolchain give the same tarball (sorted entries, fixed times and owners).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-dist

case "$(uname -s)" in
    Linux) os=linux; static=(--static-swift-stdlib) ;;
    Darwin) os=macos; static=() ;;
    *) echo "dist: $(uname -s) is not supported" >&2; exit 1 ;;
esac
arch="$(uname -m)"
SBMAP_NO_CHROMIUM="${SBMAP_NO_CHROMIUM:-1}" scripts/bootstrap.sh >&2   # Chromium is for the tests only
echo "dist: building sbmap (release${static:+, static Swift runtime}) into $scratch" >&2
swift build -c release --scratch-path "$scratch" --product sbmap "${static[@]}" >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)"
version="$("$bin/sbmap" --version | awk '{print $1}')"
[ -n "$version" ] || { echo "dist: sbmap --version printed nothing" >&2; exit 1; }
name="sbmap-$version-$os-$arch"

if [ "$os" = linux ]; then
    # Relocatable means: nothing from the toolchain that built it. Only system libraries may remain.
    if ldd "$bin/sbmap" | grep -E 'libswift|libFoundation|lib_FoundationICU|/opt/swift|/usr/share/swift|not found'; then
        echo "dist: $bin/sbmap still needs the libraries above; it would not run without the Swift toolchain" >&2
        exit 1
    fi
fi

stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 755 "$bin/sbmap" "$stage/bin/sbmap"
strip "$stage/bin/sbmap" 2>/dev/null || true
# The man page: swift-argument-parser's generate-manual, built beside sbmap (a few seconds on top of it).
swift build -c release --scratch-path "$scratch" --product generate-manual "${static[@]}" >&2
"$bin/generate-manual" "$bin/sbmap" --output-directory "$stage/share/man/man1" >&2
"$bin/sbmap" --generate-completion-script bash >"$stage/share/bash-completion/completions/sbmap"
"$bin/sbmap" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_sbmap"
"$bin/sbmap" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/sbmap.fish"
cp README.md "$stage/"
for file in LICENSE LICENSE.md LICENSE.txt; do [ ! -f "$file" ] || cp "$file" "$stage/"; done

if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    tar -C dist --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
else
    # bsdtar (macOS): no --sort, but the staging folder is written in one order by this script.
    tar -C dist --uid 0 --gid 0 -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
fi
(cd dist && { command -v sha256sum >/dev/null && sha256sum "$name.tar.gz" || shasum -a 256 "$name.tar.gz"; } >"$name.tar.gz.sha256")
rm -rf "$stage"
echo "dist/$name.tar.gz"
