#!/bin/sh
# Rebuilds the inspector's example files in web/examples/ from the YAML here.
# Needs yaml2obj-19 (Debian llvm-19) and Go. Run from the repository root:
#   sh testdata/examples/build.sh [OUTDIR]
set -eu
src=testdata/examples
out=${1:-web/examples} # the test that rebuilds them names another folder
mkdir -p "$out"
yaml2obj-19 "$src/vertex.yaml" -o "$out/vertex.dxbc"
yaml2obj-19 "$src/compute.yaml" -o "$out/compute.dxbc"
# pixel and pixel-sm5: a pixel shader with code, as DXIL (the frame from
# pixel.yaml, the DXIL part added by gen) and as FXC's SM5 tokens (gen writes
# the whole container).
frame=$(mktemp)
yaml2obj-19 "$src/pixel.yaml" -o "$frame"
go run ./testdata/examples/gen "$frame" "$out"
rm -f "$frame"
# damaged: the vertex shader cut off in the middle of its PSV0 part.
head -c 300 "$out/vertex.dxbc" > "$out/damaged.dxbc"
# bundle: a made-up package file holding both shaders after a text header,
# to show how containers inside other files are found.
{
	printf 'EXAMPLE-PACKAGE v1\nThis file is not a container; two shader containers follow.\n'
	cat "$out/vertex.dxbc"
	printf '\0\0\0\0padding between entries\0\0\0\0'
	cat "$out/compute.dxbc"
	printf '\nend of package\n'
} > "$out/bundle.bin"
