#!/usr/bin/env python3
# Lists the (vertex shader, pixel shader) pairs DirectXTK's effects draw with:
# each effect's VertexShaderIndices and PixelShaderIndices tables name, per
# permutation, an entry of its VertexShaderBytecode and PixelShaderBytecode
# tables (DirectXTK and DirectXTK12 alike). Usage:
#   scripts/directxtk-pairs.py CHECKOUT > testdata/linkage/directxtk-pairs.tsv
import re, sys, pathlib

def table(src, name):
    m = re.search(name + r'\[\]\s*=\s*\{(.*?)\};', src, re.S)
    return m.group(1) if m else None

def strip_comments(s):
    return re.sub(r'//[^\n]*', '', s)

root = pathlib.Path(sys.argv[1]) / 'Src'
pairs = set()
for cpp in sorted(root.glob('*Effect.cpp')):
    src = cpp.read_text(errors='replace')
    vs, vi = table(src, 'VertexShaderBytecode'), table(src, 'VertexShaderIndices')
    ps, pi = table(src, 'PixelShaderBytecode'), table(src, 'PixelShaderIndices')
    if not all([vs, vi, ps, pi]):
        continue
    vsn = re.findall(r'\{\s*(\w+)\s*,\s*sizeof', strip_comments(vs))
    psn = re.findall(r'\{\s*(\w+)\s*,\s*sizeof', strip_comments(ps))
    vin = [int(x) for x in re.findall(r'\d+', strip_comments(vi))]
    pin = [int(x) for x in re.findall(r'\d+', strip_comments(pi))]
    for a, b in zip(vin, pin):
        pairs.add((vsn[a], psn[b]))
for a, b in sorted(pairs):
    print(f'{a}\t{b}')
