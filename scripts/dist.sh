#!/usr/bin/env bash
# Builds the relocatable release tarball of sbmap for this machine (`make dist`):
#
#   dist/sbmap-VERSION-OS-ARCH.tar.gz     e.g. dist/sbmap-0.2.0-linux-x86_64.tar.gz
#   dist/sbmap-VERSION-OS-ARCH.tar.gz.sha256
#
# holding sbmap-VERSION-OS-ARCH/ with bin/sbmap, share/man/man1/sbmap.1, the bash, zsh and fish completions,
# README.md, LICENSE (sbmap's, MIT) and THIRD-PARTY-NOTICES (the licences of what the binary bundles: the Swift
# runtime and Foundation, under Apache 2.0 with the Runtime Library Exception, swift-argument-parser, Yams and
# libyaml). Extract it anywhere and run bin/sbmap.
#
# On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib): the binary needs only the
# system's Graphviz (libgvc, libcgraph: `apt-get install graphviz`, or libgvc6) and libxml2, and nothing from the
# Swift toolchain; the script checks that with ldd. On macOS it links Graphviz and libxml2 from Homebrew (their
# dylibs under $(brew --prefix)), so the user needs `brew install graphviz libxml2`; the Swift runtime is the system's.
# VERSION is sbmap's own (`sbmap --version`): 0.2.0 at the tag v0.2.0, 0.2.0+COMMIT for any other commit (BUILD_ID,
# as in the Makefile). The build goes to .build-dist, so the usual .build stays as it is. SBMAP_DIST_BIN names a
# folder that already holds sbmap and generate-manual: no build (the tests package a stand-in binary that way).
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
for file in README.md LICENSE THIRD-PARTY-NOTICES; do
    [ -f "$file" ] || { echo "dist: no $file: a tarball goes out with its licence and notices" >&2; exit 1; }
done
build_id="${BUILD_ID-$(scripts/version.sh --build-id)}"
stamp=()
if [ -n "$build_id" ]; then stamp=(-Xcc "-DSBMAP_BUILD_ID=\"$build_id\""); fi
if [ -n "${SBMAP_DIST_BIN:-}" ]; then
    bin="$SBMAP_DIST_BIN"
else
    SBMAP_NO_CHROMIUM="${SBMAP_NO_CHROMIUM:-1}" scripts/bootstrap.sh >&2   # Chromium is for the tests only
    echo "dist: building sbmap (release${static:+, static Swift runtime}${build_id:+, build $build_id}) into $scratch" >&2
    swift build -c release --scratch-path "$scratch" --product sbmap ${static[@]+"${static[@]}"} ${stamp[@]+"${stamp[@]}"} >&2
    bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path ${stamp[@]+"${stamp[@]}"})"
fi
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
[ -n "${SBMAP_DIST_BIN:-}" ] || swift build -c release --scratch-path "$scratch" --product generate-manual ${static[@]+"${static[@]}"} ${stamp[@]+"${stamp[@]}"} >&2
"$bin/generate-manual" "$bin/sbmap" --output-directory "$stage/share/man/man1" >&2
"$bin/sbmap" --generate-completion-script bash >"$stage/share/bash-completion/completions/sbmap"
"$bin/sbmap" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_sbmap"
"$bin/sbmap" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/sbmap.fish"
cp README.md LICENSE THIRD-PARTY-NOTICES "$stage/"

if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    tar -C dist --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
else
    # bsdtar (macOS): no --sort, but the staging folder is written in one order by this script.
    tar -C dist --uid 0 --gid 0 -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
fi
(cd dist && { command -v sha256sum >/dev/null && sha256sum "$name.tar.gz" || shasum -a 256 "$name.tar.gz"; } >"$name.tar.gz.sha256")
rm -rf "$stage"
echo "dist/$name.tar.gz"
