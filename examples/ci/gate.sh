#!/usr/bin/env bash
# The last step of action.yml: turns the exit status of sbmap-pr.sh into the step's result.
#
#   examples/ci/gate.sh STATUS [FAIL_ON]
#
# 0 passes; 1 (the change has findings at the fail-on level) fails with exit 1; anything else, or no status at all,
# means the comparison did not run (sbmap's 2: I/O, git or Graphviz; 64: bad usage such as a wrong base; 127: no
# sbmap) and fails with that status (2 when it is not one an exit can carry: 256 would wrap to 0): a check that
# checked nothing is never green.
status="${1:-}"
fail_on="${2:-new-errors}"
case "$status" in
    0) exit 0 ;;
    1) echo "::error title=sbmap::this change breaks storyboard links (fail-on: $fail_on); see the job summary"
       exit 1 ;;
    '' | *[!0-9]*) echo "::error title=sbmap::the storyboard check did not run (no exit status); see the step before"
       exit 2 ;;
    *) echo "::error title=sbmap::the storyboard check did not run (exit $status); see the step 'Compare with the base'"
       # An exit status is taken modulo 256: 256 would be a pass, and 01 or 0256 too. Only 2 to 255 as written
       # pass through; any other failure is 2.
       if [[ "$status" =~ ^[1-9][0-9]{0,2}$ ]] && [ "$status" -ge 2 ] && [ "$status" -le 255 ]; then exit "$status"; fi
       exit 2 ;;
esac
