#!/bin/sh
# Rebuilds the linkage fixtures (decode/linkage's tests) from the YAML here.
# Needs yaml2obj-19 (Debian llvm-19). Run from the repository root:
#   sh testdata/linkage/build.sh [OUTDIR]
set -eu
src=testdata/linkage
out=${1:-$src} # the test that rebuilds them names another folder
mkdir -p "$out"
for y in "$src"/*.yaml; do
	n=$(basename "$y" .yaml)
	yaml2obj-19 "$y" -o "$out/$n.dxbc"
done
