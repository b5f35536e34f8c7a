#!/usr/bin/env bash
# Commit subjects are at most 72 characters, so that `git log --oneline` reads as a changelog; the why goes in the
# body. `scripts/commit-subjects.sh FILE` checks one message (the commit-msg hook); with no argument it checks
# every commit since the rule began (CI). Subjects of merges that git wrote are checked too.
set -euo pipefail
MAX=72
# The first commit written under the rule: the ones before it are history, left as they are.
SINCE=a462c96

if [ $# -gt 0 ]; then
  subject=$(grep -v '^#' "$1" | head -n 1)
  if [ "${#subject}" -gt "$MAX" ]; then
    echo "commit-msg: the subject is ${#subject} characters; keep it to $MAX and put the why in the body:" >&2
    echo "  $subject" >&2
    exit 1
  fi
  exit 0
fi

if ! git cat-file -e "$SINCE^{commit}" 2>/dev/null; then
  echo "Commit subjects: $SINCE is not in this clone's history (a shallow clone?); nothing to check." >&2
  exit 0
fi
long=$(git log --format='%h %s' "$SINCE^..HEAD" | awk -v max="$MAX" '{ s = substr($0, index($0, " ") + 1) } length(s) > max')
if [ -n "$long" ]; then
  echo "Commit subjects over $MAX characters since $SINCE:" >&2
  echo "$long" >&2
  exit 1
fi
echo "Commit subjects since $SINCE: each at most $MAX characters."
