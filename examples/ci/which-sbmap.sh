#!/usr/bin/env bash
# The first step of action.yml: which sbmap to install, and from where. Prints `key=value` lines for $GITHUB_OUTPUT:
#
#   examples/ci/which-sbmap.sh ACTION_PATH [VERSION]
#
#   repository=OWNER/NAME   the action's repository, whose releases hold the tarballs
#   ref=REF                 the ref the workflow pinned the action to (v0.2.0, a commit, a branch)
#   version=VERSION         0.2.0 for the release, 0.2.0+3f2a1b4c5d6e for another commit, or the VERSION input
#   prefix=PATH             $RUNNER_TOOL_CACHE/sbmap/VERSION
#
# Inside a composite action `github.action_repository` and `github.action_ref` are empty on current runners, but the
# runner downloads the action to .../_actions/OWNER/NAME/REF, so ACTION_PATH ($GITHUB_ACTION_PATH) names both. A
# local action (`uses: ./`) has no such path: the repository stays unknown (no download; a build from its source).
# The version follows the ref, not what the sources declare: an action pinned to a commit after 0.2.0, whose sources
# still say 0.2.0, is 0.2.0+COMMIT, built from that commit's source and cached under that name.
set -euo pipefail
action="${1:?usage: which-sbmap.sh ACTION_PATH [VERSION]}"
version="${2:-}"
action="${action%/}"
ref="" repository=""
case "$action" in
    */_actions/*/*/*)
        rest="${action##*/_actions/}"
        IFS=/ read -r owner name ref _ <<<"$rest"
        repository="$owner/$name" ;;
esac
# A repository or ref that is not made of the characters GitHub allows is not used (it would go into a URL).
[[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || repository=""
[[ "$ref" =~ ^[A-Za-z0-9_./-]+$ ]] || ref=""
if [ -z "$version" ]; then
    if [ -n "$ref" ]; then
        version="$(bash "$action/scripts/version.sh" --build "$ref")"
    else
        version="$(bash "$action/scripts/version.sh" --build)"
    fi
fi
[[ "$version" =~ ^(source|[0-9A-Za-z.-]+(\+[0-9A-Za-z.-]+)?)$ ]] || {
    echo "::error title=sbmap::'$version' is not an sbmap version (such as 0.2.0 or source)" >&2; exit 64; }
echo "repository=$repository"
echo "ref=$ref"
echo "version=$version"
echo "prefix=${RUNNER_TOOL_CACHE:-${TMPDIR:-/tmp}}/sbmap/$version"
