package rootsig

import (
	"encoding/binary"
	"math"
)

// The serialized layout, as DXC's SerializeRootSignatureTemplate
// (lib/DxilRootSignature/DxilRootSignatureSerializer.cpp) lays it out with
// its SimpleSerializer: the 24-byte header; the array of 12-byte parameter
// headers; then each parameter's payload in parameter order, a descriptor
// table's 8-byte header followed at once by its ranges; then the static
// samplers. Every structure is a multiple of 4 bytes, so nothing is padded,
// and empty arrays still get an offset: where they would have started.

// Structure sizes by version.
const (
	headerSize      = 24
	paramHeaderSize = 12
	constantsSize   = 12
	tableSize       = 8
)

// descriptorSize and rangeSize grow by a Flags word in 1.1, samplerSize in 1.2.
func descriptorSize(v uint32) uint32 { return 8 + since(v, Version1_1) }
func rangeSize(v uint32) uint32      { return 20 + since(v, Version1_1) }
func samplerSize(v uint32) uint32    { return 52 + since(v, Version1_2) }

// since is the 4 bytes of a Flags word that version first brought, in v.
func since(v, version uint32) uint32 {
	if v >= version {
		return 4
	}
	return 0
}

// payloadSize is the size of parameter p's payload in version v.
func payloadSize(p *RootParameter, v uint32) uint32 {
	switch {
	case p.ParameterType == RootParamDescriptorTable && p.Table != nil:
		return tableSize + uint32(len(p.Table.Ranges))*rangeSize(v)
	case p.ParameterType == RootParamConstants32Bit && p.Constants != nil:
		return constantsSize
	case p.Descriptor != nil && (p.ParameterType == RootParamCBV || p.ParameterType == RootParamSRV || p.ParameterType == RootParamUAV):
		return descriptorSize(v)
	}
	return 0 // no payload DXC could write
}

// layout sets what the serialized form derives from the parameters and
// samplers (version, counts, offsets) as Encode lays them out in version v.
func (rs *RootSignature) layout(v uint32) {
	rs.Version, rs.VersionName = v, VersionName(v)
	rs.NumRootParameters, rs.NumStaticSamplers = uint32(len(rs.Parameters)), uint32(len(rs.Samplers))
	rs.RootParametersOffset = headerSize
	at := uint32(headerSize + paramHeaderSize*len(rs.Parameters))
	for i := range rs.Parameters {
		p := &rs.Parameters[i]
		p.PayloadOffset = at
		if p.ParameterType == RootParamDescriptorTable && p.Table != nil {
			p.Table.NumRanges, p.Table.RangesOffset = uint32(len(p.Table.Ranges)), at+tableSize
		}
		at += payloadSize(p, v)
	}
	rs.StaticSamplersOffset = at
}

// Encode writes rs as a serialized root signature of version v (Version1_0,
// Version1_1 or Version1_2), byte for byte as DXC's serializer writes it.
// It reads the parameters and samplers and the raw Flags words, not the
// counts, offsets and flag bools, which it lays out anew. Fields the version
// lacks are dropped (flags below 1.1, sampler flags below 1.2). A 1.0 value
// written as 1.1 or 1.2 gets the flags 1.0 means, as DXC's
// ConvertRootSignature gives them (DxilRootSignature.cpp, GetFlags of the 1.0
// structures): DATA_VOLATILE on root descriptors, DESCRIPTORS_VOLATILE |
// DATA_VOLATILE on ranges (DESCRIPTORS_VOLATILE alone on sampler ranges).
// A parameter of a type nobody defined gets its header and no payload.
func Encode(rs *RootSignature, v uint32) []byte {
	up := rs.Version == Version1_0 && v >= Version1_1
	size := uint32(headerSize + paramHeaderSize*len(rs.Parameters))
	for i := range rs.Parameters {
		size += payloadSize(&rs.Parameters[i], v)
	}
	samplersAt := size
	size += uint32(len(rs.Samplers)) * samplerSize(v)

	out := make([]byte, 0, size)
	put := func(words ...uint32) {
		for _, w := range words {
			out = binary.LittleEndian.AppendUint32(out, w)
		}
	}
	put(v, uint32(len(rs.Parameters)), headerSize, uint32(len(rs.Samplers)), samplersAt, rs.Flags)
	at := uint32(headerSize + paramHeaderSize*len(rs.Parameters))
	for i := range rs.Parameters {
		p := &rs.Parameters[i]
		put(uint32(p.ParameterType), uint32(p.ShaderVisibility), at)
		at += payloadSize(p, v)
	}
	at = uint32(headerSize + paramHeaderSize*len(rs.Parameters))
	for i := range rs.Parameters {
		p := &rs.Parameters[i]
		switch n := payloadSize(p, v); {
		case n == 0:
		case p.ParameterType == RootParamDescriptorTable:
			put(uint32(len(p.Table.Ranges)), at+tableSize)
			for _, g := range p.Table.Ranges {
				num := uint32(g.NumDescriptors)
				if g.Unbounded {
					num = RangeUnbounded
				}
				put(uint32(g.RangeType), num, g.BaseShaderRegister, g.RegisterSpace)
				if v >= Version1_1 {
					f := g.Flags
					if up {
						f = 0x1 // DESCRIPTORS_VOLATILE
						if g.RangeType != RangeSampler {
							f |= 0x2 // DATA_VOLATILE: samplers have no data
						}
					}
					put(f) // before the offset, as DxilContainerDescriptorRange1 has it
				}
				put(g.OffsetInDescriptorsFromTableStart)
			}
		case p.ParameterType == RootParamConstants32Bit:
			c := p.Constants
			put(c.ShaderRegister, c.RegisterSpace, c.Num32BitValues)
		default:
			d := p.Descriptor
			put(d.ShaderRegister, d.RegisterSpace)
			if v >= Version1_1 {
				f := d.Flags
				if up {
					f = 0x2 // DATA_VOLATILE
				}
				put(f)
			}
		}
		at += payloadSize(p, v)
	}
	for _, m := range rs.Samplers {
		put(uint32(m.Filter), uint32(m.AddressU), uint32(m.AddressV), uint32(m.AddressW),
			math.Float32bits(float32(m.MipLODBias)), m.MaxAnisotropy, uint32(m.ComparisonFunc), uint32(m.BorderColor),
			math.Float32bits(float32(m.MinLOD)), math.Float32bits(float32(m.MaxLOD)),
			m.ShaderRegister, m.RegisterSpace, uint32(m.ShaderVisibility))
		if v >= Version1_2 {
			put(m.Flags)
		}
	}
	return out
}
