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
#   GH_TOKEN             the token gh uses
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
if ! found="$(gh api "$comments" --paginate --jq ".[] | select(.body | startswith(\"$marker\")) | .id" 2>"$errors")"; then
    warning "could not read the pull request's comments (is the token allowed pull-requests: write?): $(cat "$errors")"
    exit 0
fi
id="$(head -1 <<<"$found")"
if [ -n "$id" ]; then
    request=(-X PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id")
else
    request=(-X POST "$comments")
fi
if ! result="$(gh api "${request[@]}" -F "body=@$summary" 2>&1 >/dev/null)"; then
    warning "could not post the summary comment (a read-only token?): $result"
fi
exit 0
