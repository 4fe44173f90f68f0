#!/usr/bin/env bash
# The screenshots of `sbmap site` in the README and docs/site.md: the site of examples/TabBarApp (its index, Feed's
# page with the Post scene clicked, the search box in use, that page in dark mode and on a 390 px phone), taken by
# headless Chromium through the browser tests'
# DevTools client (Tests/SBMapCLITests/SiteScreenshots.swift).
#
#   scripts/site-screenshots.sh [OUT_DIR]      # default docs/images
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mkdir -p "${1:-docs/images}" && cd "${1:-docs/images}" && pwd)"
swift build --build-tests >/dev/null
SBMAP_SITE_SCREENSHOTS="$out" swift test --skip-build --filter SiteScreenshots 2>&1 | grep -E "✘|error|passed after|failed after" | tail -5
ls -1 "$out"/site-*.png
