#!/usr/bin/env bash
# The test command: installs what is missing, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --build-tests
swift test --skip-build "$@"
