#!/usr/bin/env bash
# Installs what sbmap needs to build, when it is missing: Graphviz's C libraries (cgraph/gvc),
# libxml2's headers and pkg-config. Then headless Chromium, which only the browser tests of
# `sbmap site` use: where it cannot be installed those tests are skipped and say so, and this
# script says why (SBMAP_NO_CHROMIUM=1 skips it on purpose).
# Safe to run again: it does nothing when all is there.
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: Homebrew.
set -euo pipefail

have_pkg() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }
have_chromium() {
  [ -n "${SBMAP_CHROMIUM:-}" ] && [ -x "${SBMAP_CHROMIUM}" ] && return 0
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$name" >/dev/null 2>&1 && return 0
  done
  return 1
}

# How to run apt-get here: as root, or through sudo; empty when neither works.
apt_prefix() {
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ "$(id -u)" = 0 ]; then
    echo ""
  elif command -v sudo >/dev/null 2>&1; then
    echo "sudo"
  else
    return 1
  fi
}

apt_updated=""
apt_install() {
  local sudo="$1"; shift
  if [ -z "$apt_updated" ]; then
    $sudo apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- What sbmap needs to build -------------------------------------------------------------------
if ! { have_pkg libgvc && have_pkg libxml-2.0; }; then
  case "$(uname -s)" in
    Linux)
      if ! command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap: install Graphviz's development files (cgraph, gvc), libxml2's and pkg-config with your package manager" >&2
        exit 1
      fi
      sudo="$(apt_prefix)" || { echo "bootstrap: run as root, or install sudo" >&2; exit 1; }
      echo "bootstrap: installing libgraphviz-dev libxml2-dev pkg-config (apt-get)" >&2
      apt_install "$sudo" libgraphviz-dev libxml2-dev pkg-config
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
fi

# --- axe-core, for the accessibility check in the browser tests of `sbmap site` (optional) ----------
# Cached in .build/axe (ignored), never committed; the test fetches it itself when it is missing.
if [ "${SBMAP_NO_CHROMIUM:-}" != 1 ]; then
  "$(dirname "$0")/fetch-axe.sh" >/dev/null \
    || echo "bootstrap: could not fetch axe-core (scripts/fetch-axe.sh); the accessibility test of 'sbmap site' will be skipped" >&2
fi

# --- Mermaid, for the test that parses every Mermaid block sbmap writes with Mermaid's own parser (optional) ----
# Cached in .build/mermaid (ignored), never committed; the test fetches it itself when it is missing.
if [ "${SBMAP_NO_CHROMIUM:-}" != 1 ]; then
  "$(dirname "$0")/fetch-mermaid.sh" >/dev/null \
    || echo "bootstrap: could not fetch Mermaid (scripts/fetch-mermaid.sh); the Mermaid parser test will be skipped" >&2
fi

# --- jq, for the CI script tests: their stand-in `gh` runs comment.sh's --jq filters with it (optional) ---
if [ "${SBMAP_NO_CHROMIUM:-}" != 1 ] && ! command -v jq >/dev/null 2>&1 && [ "$(uname -s)" = Linux ]; then
  if sudo="$(apt_prefix)"; then
    apt_install "$sudo" jq || echo "bootstrap: could not install jq; the comment tests of the CI scripts will be skipped" >&2
  fi
fi

# --- Headless Chromium, for the browser tests of `sbmap site` (optional) ---------------------------
skip_note="the browser tests of 'sbmap site' will be skipped"
if [ "${SBMAP_NO_CHROMIUM:-}" = 1 ] || have_chromium; then
  exit 0
fi
case "$(uname -s)" in
  Linux)
    if sudo="$(apt_prefix)"; then
      echo "bootstrap: installing chromium (apt-get) for the browser tests of 'sbmap site'" >&2
      if ! apt_install "$sudo" chromium || ! have_chromium; then
        echo "bootstrap: could not install chromium with apt-get; $skip_note (install it, or set SBMAP_CHROMIUM to a Chromium or Chrome binary)" >&2
      fi
    else
      echo "bootstrap: no apt-get (or no root and no sudo) to install chromium; $skip_note (install it, or set SBMAP_CHROMIUM)" >&2
    fi
    ;;
  Darwin)
    for app in "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
      if [ -x "$app" ]; then
        echo "bootstrap: for the browser tests of 'sbmap site', run them with SBMAP_CHROMIUM=\"$app\"" >&2
        exit 0
      fi
    done
    echo "bootstrap: no Chromium or Chrome found; $skip_note (brew install --cask chromium, then set SBMAP_CHROMIUM)" >&2
    ;;
  *)
    echo "bootstrap: no Chromium found; $skip_note" >&2
    ;;
esac
exit 0
