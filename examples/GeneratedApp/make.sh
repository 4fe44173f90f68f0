#!/usr/bin/env bash
# A big app for the big-app maps: 300 storyboards of 20 scenes, made by scripts/gen-app.py (its storyboards are not
# committed: they are made again here, into app/, which git ignores; the same seed gives the same bytes).
#
#   examples/GeneratedApp/make.sh [path/to/sbmap]
#
# Writes overview.svg and overview.png (one node per storyboard), and focus-*.png: three storyboards with their
# neighbours. Needs python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")"
sbmap="${1:-$(cd ../.. && swift build -c release --show-bin-path)/sbmap}"
if ! command -v python3 >/dev/null; then
    echo "GeneratedApp: python3 not found (scripts/gen-app.py makes the app); skipped" >&2
    exit 0
fi
rm -rf app
python3 ../../scripts/gen-app.py --storyboards 300 --scenes-per 20 --seed 1 --unresolved 10 --external 2 --out app >/dev/null
# The app has planted broken links (exit 1 is expected); anything else is a failure.
"$sbmap" render app -o overview.svg 2>/dev/null || [ $? -eq 1 ]
"$sbmap" render app -o overview.png 2>/dev/null || [ $? -eq 1 ]
for name in Main Profile Checkout; do
    "$sbmap" render app --focus "$name" -o "focus-$name.png" 2>/dev/null || [ $? -eq 1 ]
done
echo "GeneratedApp: overview.svg, overview.png, focus-Main.png, focus-Profile.png, focus-Checkout.png" >&2
