#!/bin/sh
# Rebuilds the inspector's example files in web/examples/ from the YAML here.
# Needs yaml2obj-19 (Debian llvm-19). Run from the repository root:
#   sh testdata/examples/build.sh
set -eu
src=testdata/examples
out=web/examples
mkdir -p "$out"
yaml2obj-19 "$src/vertex.yaml" -o "$out/vertex.dxbc"
yaml2obj-19 "$src/compute.yaml" -o "$out/compute.dxbc"
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
