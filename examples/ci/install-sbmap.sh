#!/usr/bin/env bash
# Installs one pinned version of sbmap into PREFIX (PREFIX/bin/sbmap), for action.yml and any other CI:
#
#   examples/ci/install-sbmap.sh VERSION PREFIX        # e.g. 0.2.0 "$RUNNER_TOOL_CACHE/sbmap/0.2.0"
#
# VERSION is a release (0.2.0), a build of another commit (0.2.0+3f2a1b4c5d6e, what `scripts/version.sh --build REF`
# and `sbmap --version` call it), or `source`.
# 1. PREFIX already holds that version (a cache hit; `sbmap --version` says so): nothing to download.
# 2. Otherwise, for a release, the release tarball of that version for this OS and architecture, with its .sha256,
#    from https://github.com/$SBMAP_REPOSITORY/releases/download/vVERSION/ (made by `make dist` in
#    .github/workflows/release.yml), checked and extracted. The .sha256 comes from the same release as the tarball:
#    it catches a broken download, not a release replaced by someone who may write to it (pin the action by commit
#    to trust only what you reviewed: such a build is made from that commit's source).
# 3. A build of another commit, no such tarball (a fork of the action, another architecture), or VERSION `source`:
#    a build from $SBMAP_SOURCE (the action's own checkout, so the same pinned commit), with `make install`, stamped
#    with the build ID (BUILD_ID) so that its `--version` names it. Never the release of the version the sources
#    declare: an action pinned to a commit after 0.2.0 must not run 0.2.0.
# The runtime libraries sbmap links are installed too when missing: Graphviz (apt-get graphviz; brew graphviz and
# libxml2).
# Nothing is fetched from a branch: only the tagged release, or the source the workflow already pinned.
set -euo pipefail

version="${1:?usage: install-sbmap.sh VERSION PREFIX}"
prefix="${2:?usage: install-sbmap.sh VERSION PREFIX}"
if ! [[ "$version" =~ ^(source|[0-9A-Za-z.-]+(\+[0-9A-Za-z.-]+)?)$ ]]; then
    echo "::error title=sbmap::'$version' is not an sbmap version (such as 0.2.0, 0.2.0+3f2a1b4c5d6e or source)"
    exit 64
fi
repository="${SBMAP_REPOSITORY:-}"   # OWNER/NAME; none (a local action): no release to download
source="${SBMAP_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}"

sudo=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then sudo=sudo; fi
case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=macos ;;
    *) echo "::error title=sbmap::no sbmap for $(uname -s)"; exit 1 ;;
esac
arch="$(uname -m)"

runtime_libraries() {
    if [ "$os" = linux ]; then
        # ldconfig lives in /sbin, which a user's PATH may lack: without it, the libraries would look missing and
        # apt-get would run on every call. (grep reads all of the list: `grep -q` stops early, and under pipefail
        # ldconfig's SIGPIPE would make the libraries look missing too.)
        ldconfig_bin="$(command -v ldconfig || true)"
        for candidate in /sbin/ldconfig /usr/sbin/ldconfig; do
            [ -n "$ldconfig_bin" ] || { [ -x "$candidate" ] && ldconfig_bin="$candidate"; }
        done
        if ! { [ -n "$ldconfig_bin" ] && "$ldconfig_bin" -p 2>/dev/null | grep 'libgvc\.so\.6' >/dev/null; }; then
            echo "sbmap: installing Graphviz's libraries (apt-get install graphviz)" >&2
            $sudo apt-get update -qq >&2
            $sudo apt-get install -y -qq --no-install-recommends graphviz >&2
        fi
    else
        # The macOS tarball is linked against Homebrew's Graphviz, and its libxml2 where pkg-config found that one.
        for formula in graphviz libxml2; do
            brew list "$formula" >/dev/null 2>&1 || { echo "sbmap: brew install $formula" >&2; brew install "$formula" >&2; }
        done
    fi
}

installed() {
    [ "$version" != source ] && [ -x "$prefix/bin/sbmap" ] && [ "$("$prefix/bin/sbmap" --version 2>/dev/null | awk '{print $1}')" = "$version" ]
}

download() {
    local name="sbmap-$version-$os-$arch" url work
    url="${SBMAP_RELEASE_URL:-https://github.com/$repository/releases/download/v$version}"
    work="$(mktemp -d)"
    echo "sbmap: downloading $url/$name.tar.gz" >&2
    curl -fsSL --retry 3 -o "$work/$name.tar.gz" "$url/$name.tar.gz" || { rm -rf "$work"; return 1; }
    curl -fsSL --retry 3 -o "$work/$name.tar.gz.sha256" "$url/$name.tar.gz.sha256" || { rm -rf "$work"; return 1; }
    if ! (cd "$work" && { sha256sum -c "$name.tar.gz.sha256" 2>/dev/null || shasum -a 256 -c "$name.tar.gz.sha256"; } >&2); then
        echo "::error title=sbmap::$name.tar.gz does not match its checksum" >&2
        rm -rf "$work"
        exit 1
    fi
    mkdir -p "$prefix"
    tar -xzf "$work/$name.tar.gz" -C "$prefix" --strip-components=1
    rm -rf "$work"
}

build() {
    local stamp=()
    # 0.2.0+ID: the build ID make stamps in (letters, digits, dots and dashes only, as version.sh makes them).
    case "$version" in *+*) stamp=(BUILD_ID="${version#*+}") ;; esac
    echo "sbmap: building sbmap $version from $source (make install PREFIX=$prefix)" >&2
    command -v swift >/dev/null || { echo "::error title=sbmap::no release tarball for $os-$arch and no Swift toolchain to build one; use a runner with Swift 6"; exit 1; }
    SBMAP_NO_CHROMIUM=1 "$source/scripts/bootstrap.sh" >&2
    make -C "$source" install PREFIX="$prefix" ${stamp[@]+"${stamp[@]}"} >&2
}

runtime_libraries
if installed; then
    echo "sbmap: $version is already in $prefix" >&2
elif [ "$version" = source ] || [[ "$version" == *+* ]]; then
    build
elif [ -z "$repository" ] && [ -z "${SBMAP_RELEASE_URL:-}" ]; then
    echo "::notice title=sbmap::no repository to download sbmap $version from (a local action?); building it from the action's source"
    build
elif ! download; then
    echo "::notice title=sbmap::no release tarball of sbmap $version for $os-$arch; building it from the action's source"
    build
fi
"$prefix/bin/sbmap" --version >&2
