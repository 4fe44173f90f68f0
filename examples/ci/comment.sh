#!/usr/bin/env bash
# Posts the summary of sbmap-pr.sh as one pull-request comment, updated on each push, where the token may write.
#
#   examples/ci/comment.sh SUMMARY_FILE
#
# Environment (action.yml sets it from the event):
#   GITHUB_REPOSITORY    owner/name of the repository the pull request is in
#   SBMAP_PR             the pull request's number (nothing to comment on without one)
#   SBMAP_HEAD_REPO      owner/name of the repository the pull request comes from
#   SBMAP_EVENT          the event that started the workflow (pull_request, pull_request_target, workflow_run, …)
#   SBMAP_COMMENT        auto (default): comment unless the token is read-only; always; never
#   SBMAP_COMMENT_AUTHOR the login the token comments as (default: the token's user, `gh api user`; where the token
#                        may not ask, as the workflow's own token may not, github-actions[bot])
#   GH_TOKEN             the token gh uses
#
# The comment is found by its marker AND its author: only a comment that starts with the marker and was written by
# the token's own login is updated or deleted, never a comment someone else wrote that starts with the marker.
# It is quiet: a summary that says the map did not change (sbmap-pr.sh's <!-- sbmap: no change --> line) is not
# posted, and an earlier summary comment, which a later push made obsolete, is deleted.
#
# On a `pull_request` from a fork, GitHub gives the workflow a read-only token: posting would fail with 403. Such a
# run is detected (the head repository is not this one) and the comment is skipped with a notice: the summary is in
# the job's summary page, and a second workflow on `workflow_run` can post it (see examples/ci/README.md). A token
# that turns out read-only anyway (an organisation's default permissions) gives a warning, never a failed job: the
# comment is a convenience, the exit status of sbmap-pr.sh is the gate.
set -uo pipefail

summary="${1:?usage: comment.sh SUMMARY_FILE}"
marker="<!-- sbmap-summary -->"
mode="${SBMAP_COMMENT:-auto}"

notice() { echo "::notice title=sbmap::$1"; }
warning() { echo "::warning title=sbmap::$1"; }

case "$mode" in
    never | false) notice "no pull-request comment (comment: $mode)"; exit 0 ;;
    auto | always | true) ;;
    *) echo "::error title=sbmap::comment must be auto, always or never, not '$mode'"; exit 64 ;;
esac
if [ ! -s "$summary" ]; then
    notice "no summary to post ($summary is missing or empty)"
    exit 0
fi
if [ -z "${SBMAP_PR:-}" ] || [ -z "${GITHUB_REPOSITORY:-}" ]; then
    notice "not a pull request: the summary is in the job summary only"
    exit 0
fi
# The token of a `pull_request` run from a fork is read-only (pull_request_target and workflow_run runs are not).
if [ "$mode" = auto ] && [ "${SBMAP_EVENT:-pull_request}" = pull_request ] && [ -n "${SBMAP_HEAD_REPO:-}" ] \
    && [ "$SBMAP_HEAD_REPO" != "$GITHUB_REPOSITORY" ]; then
    notice "pull request from a fork ($SBMAP_HEAD_REPO): the token is read-only, so no comment; the summary is in the job summary (post it from a workflow_run workflow: examples/ci/README.md)"
    exit 0
fi
if ! command -v gh >/dev/null; then
    warning "gh (GitHub CLI) is not installed: no pull-request comment"
    exit 0
fi

comments="repos/$GITHUB_REPOSITORY/issues/$SBMAP_PR/comments"
errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT

# Who the token comments as. A login is letters, digits and dashes, `[bot]` for an app: anything else is not one.
login="${SBMAP_COMMENT_AUTHOR:-}"
if [ -z "$login" ]; then
    login="$(gh api user --jq .login 2>/dev/null)" || login=""
    [ -n "$login" ] || login="github-actions[bot]"   # the workflow's token may not read /user; it comments as this
fi
if ! [[ "$login" =~ ^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$ ]]; then
    warning "the comment author (SBMAP_COMMENT_AUTHOR) is not a GitHub login: no pull-request comment"
    exit 0
fi

# The earlier summary comments: the marker first, then each one's id and author; only the token's own count.
if ! found="$(gh api "$comments" --paginate --jq ".[] | select(.body | startswith(\"$marker\")) | \"\(.id) \(.user.login)\"" 2>"$errors")"; then
    warning "could not read the pull request's comments (is the token allowed pull-requests: write?): $(cat "$errors")"
    exit 0
fi
id=""
while read -r candidate author; do
    if [ "$author" = "$login" ] && [[ "$candidate" =~ ^[0-9]+$ ]]; then id="$candidate"; break; fi
done <<<"$found"

# Nothing changed on the map (sbmap-pr.sh says so on the line after the marker, never anywhere else): nothing to
# say, and an earlier summary is obsolete.
if [ "$(head -1 "$summary")" = "$marker" ] && [ "$(sed -n 2p "$summary")" = "<!-- sbmap: no change -->" ]; then
    if [ -z "$id" ]; then
        notice "the storyboard map did not change: no pull-request comment"
    elif ! result="$(gh api -X DELETE "repos/$GITHUB_REPOSITORY/issues/comments/$id" 2>&1 >/dev/null)"; then
        warning "could not delete the obsolete summary comment: $result"
    else
        notice "the storyboard map no longer changes: the earlier summary comment is deleted"
    fi
    exit 0
fi

if [ -n "$id" ]; then
    request=(-X PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id")
else
    request=(-X POST "$comments")
fi
if ! result="$(gh api "${request[@]}" -F "body=@$summary" 2>&1 >/dev/null)"; then
    warning "could not post the summary comment (a read-only token?): $result"
fi
exit 0
