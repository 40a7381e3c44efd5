#!/usr/bin/env bash
# outmoved: what an intended output change moved, between two outhash.sh
# runs. Per command it counts the files whose exit code, standard output or
# standard error changed; then, for every changed (command, file), it runs
# the old and the new binary and checks that standard output and standard
# error together still hold the same lines (as a multiset: a line may move
# from one stream to the other, or within a stream, but none may appear,
# vanish or change), and that the exit code is the same.
#
#   scripts/outmoved.sh BASE.tsv NEW.tsv OLD_DXSCOPE NEW_DXSCOPE
#
# Exit 0 when every changed output kept its lines, 1 otherwise.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 BASE.tsv NEW.tsv OLD_DXSCOPE NEW_DXSCOPE" >&2; exit 2; }
base=$1 new=$2 old_bin=$3 new_bin=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# command <TAB> file -> code, stdout hash, stderr hash (summary lines dropped)
grep -v '^#' "$base" | LC_ALL=C sort >"$tmp/base"
grep -v '^#' "$new" | LC_ALL=C sort >"$tmp/new"
LC_ALL=C join -t $'\t' -j1 \
  <(awk -F'\t' '{print $1 "|" $2 "\t" $3 "\t" $4 "\t" $5}' "$tmp/base" | LC_ALL=C sort) \
  <(awk -F'\t' '{print $1 "|" $2 "\t" $3 "\t" $4 "\t" $5}' "$tmp/new" | LC_ALL=C sort) >"$tmp/joined"
if [ "$(wc -l <"$tmp/joined")" -ne "$(wc -l <"$tmp/base")" ] || [ "$(wc -l <"$tmp/base")" -ne "$(wc -l <"$tmp/new")" ]; then
  echo "the two runs cover different (command, file) pairs" >&2
  exit 1
fi

printf '%-12s %6s %8s %8s %8s\n' command files exit stdout stderr
awk -F'\t' '{ split($1, k, "|"); c = k[1]; n[c]++
  if ($2 != $5) x[c]++; if ($3 != $6) o[c]++; if ($4 != $7) e[c]++ }
  END { for (c in n) printf "%-12s %6d %8d %8d %8d\n", c, n[c], x[c], o[c], e[c] }' "$tmp/joined" | LC_ALL=C sort
awk -F'\t' '$2 != $5 || $3 != $6 || $4 != $7 { print $1 }' "$tmp/joined" >"$tmp/changed"
echo "$(wc -l <"$tmp/changed") changed (command, file) pairs; checking their lines"

cat >"$tmp/one" <<'ONE'
#!/usr/bin/env bash
# one OLD NEW "command|file": same exit code, same lines in stdout+stderr
old=$1 new=$2 label=${3%%|*} files=${3#*|}
args=("$label")
case $label in
  asm--code) args=(asm --code) ;;
  diff--text) args=(diff --text) ;;
esac
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# shellcheck disable=SC2086 # files: one path, or two for the diffs
co=0; "$old" "${args[@]}" $files >"$T/oo" 2>"$T/oe" </dev/null || co=$?
cn=0; "$new" "${args[@]}" $files >"$T/no" 2>"$T/ne" </dev/null || cn=$?
[ "$co" -eq "$cn" ] || { echo "EXIT $label $files: $co -> $cn"; exit 0; }
if ! cmp -s <(cat "$T/oo" "$T/oe" | LC_ALL=C sort) <(cat "$T/no" "$T/ne" | LC_ALL=C sort); then
  # One write, so parallel runs do not interleave their reports.
  printf 'LINES %s %s\n%s\n' "$label" "$files" \
    "$(diff <(cat "$T/oo" "$T/oe" | LC_ALL=C sort) <(cat "$T/no" "$T/ne" | LC_ALL=C sort) | head -6 | sed 's/^/    /')"
fi
ONE
chmod +x "$tmp/one"
tr '\n' '\0' <"$tmp/changed" | xargs -0 -n 1 -P "$(nproc)" "$tmp/one" "$old_bin" "$new_bin" >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
  cat "$tmp/bad"
  echo "$(grep -c '^[A-Z]' "$tmp/bad") changed outputs lost, gained or changed lines"
  exit 1
fi
echo "every changed output holds the same lines, with the same exit code"
