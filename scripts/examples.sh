#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds sbmap, and maps every app
# in examples/ (findings on stderr; the graph and the maps next to each app). Each example's
# README names the exact commands that made its files (run from the example's folder).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build -c release --product sbmap >&2
sbmap="$(swift build -c release --show-bin-path)/sbmap"

status=0
for app in examples/*/; do
  app="${app%/}"
  name="$(basename "$app")"
  [ -d "$app/$name" ] || continue  # examples/ci and examples/GeneratedApp are made below
  echo "== $name" >&2
  # The examples carry deliberate mistakes, so findings (exit 1) are expected here; usage errors are not.
  # Run from the app's folder so the paths in the outputs do not depend on where the repository lives.
  ( cd "$app" && "$sbmap" check "$name" ) || [ $? -eq 1 ] || status=1
  ( cd "$app" && "$sbmap" render "$name" -o map.svg 2>/dev/null ) || [ $? -eq 1 ] || status=1
  ( cd "$app" && "$sbmap" render "$name" -o map.png 2>/dev/null ) || [ $? -eq 1 ] || status=1
  ( cd "$app" && "$sbmap" render "$name" --view overview -o overview.png 2>/dev/null ) || [ $? -eq 1 ] || status=1
  ( cd "$app" && "$sbmap" export "$name" -o graph.json 2>/dev/null ) || [ $? -eq 1 ] || status=1
  # An example that commits its site (ScreensApp) is published again, the same way. With no git repository in
  # sight (GIT_DIR), the footer names no commit: the committed pages stay the same from one commit to the next.
  if [ -d "$app/site" ]; then
    ( cd "$app" && GIT_DIR=/nonexistent "$sbmap" site "$name" -o site 2>/dev/null ) || [ $? -eq 1 ] || status=1
  fi
done

# A big app, generated (its storyboards are not committed): the overview, and focus maps of three storyboards.
echo "== GeneratedApp" >&2
examples/GeneratedApp/make.sh "$sbmap" || status=1

# The pull-request example: a change to TabBarApp, its diff map and summary.
echo "== ci" >&2
examples/ci/make-example.sh "$sbmap" || status=1

# Where the binary is, and how to have it as `sbmap` anywhere: a new user has no other way to know.
cat <<EOF

sbmap is built: $sbmap
Install it as 'sbmap' (with its man page and bash, zsh and fish completions):
  make install PREFIX=~/.local    # then have ~/.local/bin on PATH
  sudo make install               # or into /usr/local
EOF
exit $status
