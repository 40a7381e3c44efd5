#!/usr/bin/env bash
# outhash: the SHA-256 of every text the dxscope CLI prints, over the shared
# corpus, testdata/ and web/examples/, so a refactoring can show it changed
# no output. One line per (command, file): command, file, exit code,
# sha256(stdout), sha256(stderr); then one line per command with the hash of
# its lines. Compare two runs with diff.
#
#   scripts/outhash.sh [OUT]        (default: stdout; DXSCOPE_CORPUS as for the tests)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${DXSCOPE_CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dxscope" ./cmd/dxscope

# Every file that may hold a container: not the listings, sources, manifests, YAML.
{
  [ -d "$corpus" ] && find "$corpus/real" "$corpus/suspect" -type f
  find testdata web/examples -type f
} | grep -Ev '\.(txt|tsv|md|yaml|sh)$' | LC_ALL=C sort >"$tmp/files"

# Successive files of that list, for diff and diff --text.
paste -d '\t' <(head -n -1 "$tmp/files") <(tail -n +2 "$tmp/files") >"$tmp/pairs"

cat >"$tmp/one" <<'ONE'
#!/usr/bin/env bash
# one FILE [FILE2]: every command over FILE (or the two diffs over FILE FILE2)
bin=$(dirname "$0")/dxscope
run() { # label, args...
  local label=$1; shift
  local code=0
  "$bin" "$@" >"$T.out" 2>"$T.err" </dev/null || code=$?
  printf '%s\t%s\t%d\t%s\t%s\n' "$label" "$F" "$code" \
    "$(sha256sum <"$T.out" | cut -c1-64)" "$(sha256sum <"$T.err" | cut -c1-64)"
}
T=$(mktemp); trap 'rm -f "$T" "$T.out" "$T.err"' EXIT
if [ $# -eq 2 ]; then
  F="$1 $2"
  run diff diff "$1" "$2"
  run diff--text diff --text "$1" "$2"
  exit 0
fi
F=$1
for c in json parts reflect psv rootsig rdat rdef asm dxil dis; do run "$c" "$c" "$1"; done
run asm--code asm --code "$1"
run reflect--json reflect --json "$1"
ONE
chmod +x "$tmp/one"

{
  tr '\n' '\0' <"$tmp/files" | xargs -0 -n 1 -P "$(nproc)" "$tmp/one"
  tr '\t\n' ' \0' <"$tmp/pairs" | xargs -0 -n 1 -P "$(nproc)" sh -c 'exec "$0" $1' "$tmp/one"
} | LC_ALL=C sort >"$tmp/lines"

# The per-command summary: a hash of that command's lines.
for c in $(cut -f1 "$tmp/lines" | LC_ALL=C sort -u); do
  printf '# %s\t%d\t%s\n' "$c" "$(awk -F'\t' -v c="$c" '$1==c' "$tmp/lines" | wc -l)" \
    "$(awk -F'\t' -v c="$c" '$1==c' "$tmp/lines" | sha256sum | cut -c1-64)"
done >"$tmp/summary"

if [ $# -ge 1 ]; then
  cat "$tmp/summary" "$tmp/lines" >"$1"
  cat "$tmp/summary"
else
  cat "$tmp/summary" "$tmp/lines"
fi
