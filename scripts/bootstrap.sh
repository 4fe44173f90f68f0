#!/usr/bin/env bash
# Installs what sbmap needs to build, when it is missing: Graphviz's C libraries (cgraph/gvc),
# libxml2's headers and pkg-config. Safe to run again: it does nothing when all is there.
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: Homebrew.
set -euo pipefail

have_pkg() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }

if have_pkg libgvc && have_pkg libxml-2.0; then
  exit 0
fi

case "$(uname -s)" in
  Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "bootstrap: install Graphviz's development files (cgraph, gvc), libxml2's and pkg-config with your package manager" >&2
      exit 1
    fi
    sudo=""
    if [ "$(id -u)" != 0 ]; then
      command -v sudo >/dev/null 2>&1 || { echo "bootstrap: run as root, or install sudo" >&2; exit 1; }
      sudo="sudo"
    fi
    echo "bootstrap: installing libgraphviz-dev libxml2-dev pkg-config (apt-get)" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      libgraphviz-dev libxml2-dev pkg-config >/dev/null
    ;;
  Darwin)
    command -v brew >/dev/null 2>&1 || { echo "bootstrap: install Homebrew, then run again" >&2; exit 1; }
    echo "bootstrap: installing graphviz libxml2 pkg-config (Homebrew)" >&2
    brew install graphviz libxml2 pkg-config
    ;;
  *)
    echo "bootstrap: unsupported system $(uname -s)" >&2
    exit 1
    ;;
esac

have_pkg libgvc || { echo "bootstrap: Graphviz still not found by pkg-config (libgvc)" >&2; exit 1; }
have_pkg libxml-2.0 || { echo "bootstrap: libxml2 still not found by pkg-config (libxml-2.0)" >&2; exit 1; }
