#!/usr/bin/env bash
# Fuzz canaldsl with atheris for a fixed budget, one process on one core, then keep the
# minimised corpus in fuzz/corpus/ (a few files, kept in git).
#
#   fuzz/run.sh [SECONDS] [WORKDIR]     (default: 1800 s, a fresh folder under /tmp)
#
# Needs atheris (`pip install atheris`; not a test dependency). Seeds: every .canal and .broken
# file of the repository plus the kept corpus. Crashes land in WORKDIR/artifacts/ as crash-*;
# each becomes a regression test (tests/test_fuzz_regressions.py, input in tests/data/fuzz/).
# The figures (executions, coverage, corpus size) are the last lines of WORKDIR/fuzz.log.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PYTHON=${PYTHON:-python3}
BUDGET=${1:-1800}
WORK=${2:-$(mktemp -d /tmp/canaldsl-fuzz-run.XXXXXX)}
mkdir -p "$WORK/seeds" "$WORK/corpus" "$WORK/artifacts" "$WORK/cwd" fuzz/corpus
find examples scenarios tests canaldsl -name '*.canal' -o -name '*.broken' | sort | while read -r f; do
  cp "$f" "$WORK/seeds/$(echo "$f" | tr '/' '_')"
done
cp fuzz/corpus/* "$WORK/seeds/" 2>/dev/null || true
# libFuzzer's merge runs the target again as argv[0] (fuzz_check.py, `#!/usr/bin/env python3`):
# put the chosen Python first on the PATH.
PYTHON=$(command -v "$PYTHON")
PATH="$(dirname "$PYTHON"):$PATH"
export PATH
echo "fuzzing for ${BUDGET}s in $WORK ($(ls "$WORK/seeds" | wc -l) seeds)"
# The fuzzer runs in an empty folder, so a `board "FILE"` it invents finds nothing to read.
(cd "$WORK/cwd" && PYTHONHASHSEED=0 "$ROOT/fuzz/fuzz_check.py" \
  "$WORK/corpus" "$WORK/seeds" \
  -max_total_time="$BUDGET" -max_len=16384 -timeout=60 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$WORK/artifacts/") >"$WORK/fuzz.log" 2>&1 || status=$?
tail -n 25 "$WORK/fuzz.log"
# Keep only a minimised corpus: a set cover, the fewest inputs reaching every feature found.
rm -rf "$WORK/minimised" && mkdir -p "$WORK/minimised"
(cd "$WORK/cwd" && "$ROOT/fuzz/fuzz_check.py" -set_cover_merge=1 "$WORK/minimised" \
  "$WORK/corpus" "$WORK/seeds" -max_len=16384 >"$WORK/merge.log" 2>&1) || true
if [ -n "$(ls "$WORK/minimised")" ]; then
  rm -f fuzz/corpus/*
  cp "$WORK/minimised"/* fuzz/corpus/
fi
echo "kept $(ls fuzz/corpus | wc -l) corpus files ($(du -sh fuzz/corpus | cut -f1)); crashes: $(ls "$WORK/artifacts" | wc -l)"
exit "${status:-0}"
