#!/usr/bin/env bash
# Makes the diff example shown in the README: a change to examples/TabBarApp that renames a Storyboard ID (which
# breaks Profile's reference to it) and replaces the About screen with a Licenses screen.
#
#   examples/ci/make-example.sh [path/to/sbmap]
#
# Writes examples/ci/example-diff.svg and example-summary.md, and docs/images/pr-diff.png (the README shows it).
set -euo pipefail
cd "$(dirname "$0")"
sbmap="${1:-$(cd ../.. && swift build -c release --show-bin-path)/sbmap}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/before" "$work/after"
cp -R ../TabBarApp/TabBarApp "$work/before/"
cp -R ../TabBarApp/TabBarApp "$work/after/"
settings="$work/after/TabBarApp/Settings/Settings.storyboard"
sed -i.bak \
    -e 's/storyboardIdentifier="AccountSettings"/storyboardIdentifier="Account"/' \
    -e 's/title="About" id="Ab1-Se-Tt1" customClass="AboutViewController"/title="Licenses" id="Li1-Se-Tt1" customClass="LicensesViewController"/' \
    -e 's/destination="Ab1-Se-Tt1" kind="show" identifier="about"/destination="Li1-Se-Tt1" kind="show" identifier="licenses"/' \
    "$settings"
rm -f "$settings.bak"
cd "$work"
# The change adds an error (exit 1): that is the point of the example.
"$sbmap" diff before after -o diff.svg --summary summary.md 2>/dev/null || [ $? -eq 1 ]
"$sbmap" diff before after -o diff.png 2>/dev/null || [ $? -eq 1 ]
cd - >/dev/null
cp "$work/diff.svg" example-diff.svg
cp "$work/diff.png" ../../docs/images/pr-diff.png
cp "$work/summary.md" example-summary.md
echo "examples/ci: example-diff.svg, example-summary.md; docs/images/pr-diff.png" >&2
