package decode

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// Structure sizes by version.
const (
	rtsHeaderSize      = 24
	rtsParamHeaderSize = 12
	rtsConstantsSize   = 12
	rtsTableSize       = 8
)

func rtsDescriptorSize(v uint32) int {
	if v >= 2 {
		return 12
	}
	return 8
}

func rtsRangeSize(v uint32) int {
	if v >= 2 {
		return 24
	}
	return 20
}

func rtsSamplerSize(v uint32) int {
	if v >= 3 {
		return 56
	}
	return 52
}

// rtsRegion is a structure already read, to find offsets that point into others.
type rtsRegion struct {
	start, end int
	what       string
}

type rtsDecoder struct {
	r       *binread.Reader
	rs      *rootsig.RootSignature
	regions []rtsRegion

	// Range lists many tables name: a list is decoded for two tables at
	// most; tables maps it (RangesOffset, NumRanges) to the first parameter
	// and how many decoded it, and a third names the first instead
	// (SameRangesAs, counted in shared). rangesLeft bounds lists that
	// overlap without being equal: twice what the root signature holds.
	tables     map[[2]uint32]shared
	rangesLeft int
	shared     int

	// refused is the first thing DXC's root signature verifier
	// (RootSignatureVerifier) rejects the root signature for, as an Error;
	// nil when it passes. Its warning is reported where it is found.
	refused *Problem
}

// refuse reports a warning for something DXC's root signature verifier
// rejects, and keeps the first: the validator and the compiler stop there
// (rootSignatureOf).
func (d *rtsDecoder) refuse(at int, what, format string, args ...any) {
	d.warn(true, at, what, format, args...)
}

// warn reports a warning, kept as the refusal too when refused (refuse).
func (d *rtsDecoder) warn(refused bool, at int, what, format string, args ...any) {
	d.r.ProblemAt(Warning, at, what, format, args...)
	if refused && d.refused == nil {
		d.refused = &Problem{Severity: Error, Offset: d.r.Base + int64(at), Part: d.r.Part, Structure: what, Message: fmt.Sprintf(format, args...)}
	}
}

// claim records [off, off+n) as structure what, for reportOverlaps.
func (d *rtsDecoder) claim(off, n int, what string) {
	d.regions = append(d.regions, rtsRegion{off, off + n, what})
}

// reportOverlaps reports structures that share bytes: offsets in the format
// point anywhere, but writers never share bytes between structures. One sort
// and one sweep, so thousands of parameters cost no more than their number.
func (d *rtsDecoder) reportOverlaps() {
	sort.SliceStable(d.regions, func(i, j int) bool { return d.regions[i].start < d.regions[j].start })
	var cover rtsRegion
	for k, g := range d.regions {
		if k > 0 && g.start < cover.end {
			d.r.ProblemAt(Warning, g.start, g.what, "%s at 0x%x-0x%x and %s (0x%x-0x%x) overlap", g.what, g.start, g.end, cover.what, cover.start, cover.end)
		}
		if k == 0 || g.end > cover.end {
			cover = g
		}
	}
}

// fits reports whether n bytes at off are inside the root signature, and an Error if not.
func (d *rtsDecoder) fits(off uint32, n int64, at int, what, field string) bool {
	if int64(off)+n <= int64(d.r.Len()) {
		return true
	}
	d.r.ProblemAt(Error, at, what, "%s 0x%x puts %s (%d bytes) past the end of the %d-byte root signature; it is not decoded", field, off, what, n, d.r.Len())
	return false
}

// decodeRootSignature reads a serialized root signature from r (an RTS0 part,
// or the bytes of an RDAT root-signature subobject). Offsets inside are from the start of r.
func decodeRootSignature(r *binread.Reader) *rootsig.RootSignature {
	return decodeVerified(r).rs
}

// verified is a decoded root signature and the first thing DXC's root
// signature verifier rejects it for (nil: nothing).
type verified struct {
	rs      *rootsig.RootSignature
	refused *Problem
}

// decodeVerified is decodeRootSignature, keeping what the verifier refuses.
func decodeVerified(r *binread.Reader) verified {
	rs := &rootsig.RootSignature{Parameters: []rootsig.RootParameter{}, Samplers: []rootsig.StaticSampler{}}
	d := &rtsDecoder{r: r, rs: rs}
	r.Seek(0)
	rs.Version = r.U32("Version")
	rs.NumRootParameters = r.U32("NumRootParameters")
	rs.RootParametersOffset = r.U32("RootParametersOffset")
	rs.NumStaticSamplers = r.U32("NumStaticSamplers")
	rs.StaticSamplersOffset = r.U32("StaticSamplersOffset")
	rs.Flags = r.U32("Flags")
	if r.Failed {
		return verified{}
	}
	d.claim(0, rtsHeaderSize, "the root signature header")
	switch rs.Version {
	case 1, 2, 3:
		rs.VersionName = rootsig.VersionName(rs.Version)
	default:
		r.ProblemAt(Error, 0, "root signature header", "root signature version %d is unknown (1 = 1.0, 2 = 1.1, 3 = 1.2): its layout cannot be known, so the rest is shown raw", rs.Version)
		r.Raw("Data", r.Remaining())
		return verified{rs: rs}
	}
	d.setRootFlags()
	d.tables, d.rangesLeft = map[[2]uint32]shared{}, 2*r.Len()/rtsRangeSize(rs.Version)
	d.parameters()
	d.samplers()
	d.reportOverlaps()
	// A warning, as the other rules of what D3D12 takes are: the bytes
	// decode whole (an Error says a structure was cut short).
	if msg := costOver(rs); msg != "" {
		r.ProblemAt(Warning, 4, "root signature cost", "%s", msg)
	}
	found, n := registerOverlaps(rs)
	for _, o := range found {
		d.refuse(o.at, "root signature bindings", "%s", o.msg)
	}
	if n > len(found) {
		r.ProblemAt(Warning, 0, "root signature bindings", "%d more bindings overlap others (the first %d are listed)", n-len(found), len(found))
	}
	if d.shared > 0 {
		r.Problem(Note, "%d descriptor tables name the same ranges as two tables before them: each names the first one's parameter (SameRangesAs) instead of decoding the ranges again", d.shared)
	}
	return verified{rs: rs, refused: d.refused}
}

// costOver says why D3D12 refuses rs for its cost, "" when it does not:
// its parameters cost more than rootsig.MaxCost DWORDs and it is not a
// local root signature.
func costOver(rs *rootsig.RootSignature) string {
	c := rs.Cost()
	if c <= rootsig.MaxCost || rs.LocalRootSignature {
		return ""
	}
	return fmt.Sprintf("the root parameters cost %d DWORDs, more than the %d D3D12 allows (a descriptor table costs 1, a root descriptor 2, each root constant 1): CreateRootSignature refuses this root signature", c, rootsig.MaxCost)
}

func (d *rtsDecoder) setRootFlags() {
	rs, f := d.rs, d.rs.Flags
	rs.SetFlags(f)
	if bad := f &^ rootsig.ValidRootFlags; bad != 0 {
		d.refuse(20, "root signature header", "root signature flags 0x%x have bits 0x%x that no version defines (valid: 0x%x)", f, bad, rootsig.ValidRootFlags)
	}
}

// array checks that the n records of size bytes at off, which the header
// field at at locates, fit in the root signature (else tooLong, with n, size,
// off and the length, is an Error and nothing is read); it claims them for
// what and opens the list at their offset.
func (d *rtsDecoder) array(n int64, size int, off uint32, at int, tooLong, what, list, structure string) bool {
	r := d.r
	if int64(off)+n*int64(size) > int64(r.Len()) {
		r.ProblemAt(Error, at, "root signature header", tooLong, n, size, off, r.Len())
		r.Absent(list) // the file says n, not none: the list is not shown as empty
		return false
	}
	d.claim(int(off), int(n)*size, what)
	r.Seek(int(off))
	r.Begin(list, structure)
	return true
}

func (d *rtsDecoder) parameters() {
	r, rs := d.r, d.rs
	n := int64(rs.NumRootParameters)
	if n == 0 {
		return
	}
	if !d.array(n, rtsParamHeaderSize, rs.RootParametersOffset, 8, "%d root parameters of %d bytes at RootParametersOffset 0x%x run past the end of the %d-byte root signature; none is decoded",
		"the root parameter headers", "Parameters", "root parameters") {
		return
	}
	rs.Parameters = make([]rootsig.RootParameter, n)
	for i := range rs.Parameters {
		p := &rs.Parameters[i]
		r.Begin(fmt.Sprintf("[%d]", i), "root parameter")
		p.ParameterType = rootsig.RootParameterType(r.U32("ParameterType"))
		p.ShaderVisibility = rootsig.ShaderVisibility(r.U32("ShaderVisibility"))
		p.PayloadOffset = r.U32("PayloadOffset")
		r.End()
	}
	r.End()
	for i := range rs.Parameters {
		d.parameter(i, &rs.Parameters[i])
	}
}

// payload checks that the n bytes of p's payload fit (an Error at the
// parameter header at otherwise), claims them for what and opens them as the
// structure named structure at path; nil when they do not fit.
func (d *rtsDecoder) payload(p *rootsig.RootParameter, n int, at int, what, path, structure string) *binread.Reader {
	if !d.fits(p.PayloadOffset, int64(n), at+8, what, "PayloadOffset") {
		return nil
	}
	d.claim(int(p.PayloadOffset), n, what)
	s := d.r.Sub(int(p.PayloadOffset), n, path, structure)
	s.Begin("", structure)
	return s
}

func (d *rtsDecoder) parameter(i int, p *rootsig.RootParameter) {
	r, v := d.r, d.rs.Version
	at := int(d.rs.RootParametersOffset) + i*rtsParamHeaderSize
	what := fmt.Sprintf("root parameter %d", i)
	if !p.ShaderVisibility.Known() {
		d.refuse(at+4, what, "root parameter %d has ShaderVisibility %d, which is not a D3D12_SHADER_VISIBILITY value (0 to 7)", i, uint32(p.ShaderVisibility))
	}
	path := r.Join(fmt.Sprintf("Parameters[%d]", i))
	switch p.ParameterType {
	case rootsig.RootParamConstants32Bit:
		s := d.payload(p, rtsConstantsSize, at, what+"'s constants", path+"/Constants", "root constants")
		if s == nil {
			return
		}
		p.Constants = &rootsig.RootConstants{ShaderRegister: s.U32("ShaderRegister"), RegisterSpace: s.U32("RegisterSpace"), Num32BitValues: s.U32("Num32BitValues")}
		s.End()
	case rootsig.RootParamCBV, rootsig.RootParamSRV, rootsig.RootParamUAV:
		s := d.payload(p, rtsDescriptorSize(v), at, what+"'s descriptor", path+"/Descriptor", "root descriptor")
		if s == nil {
			return
		}
		c := &rootsig.RootDescriptor{}
		c.ShaderRegister = s.U32("ShaderRegister")
		c.RegisterSpace = s.U32("RegisterSpace")
		if v >= 2 {
			c.Flags = s.U32("Flags")
		}
		s.End()
		c.SetFlags(c.Flags)
		if bad := c.Flags &^ rootsig.ValidRootDescriptorFlags; bad != 0 {
			d.refuse(int(p.PayloadOffset)+8, what, "root descriptor %d's flags 0x%x have bits 0x%x that are not root descriptor flags (valid: 0x%x)", i, c.Flags, bad, rootsig.ValidRootDescriptorFlags)
		}
		if bits := c.Flags & 0xE; bits&(bits-1) != 0 {
			d.refuse(int(p.PayloadOffset)+8, what, "root descriptor %d's flags 0x%x combine DATA_VOLATILE, DATA_STATIC_WHILE_SET_AT_EXECUTE and DATA_STATIC, which exclude each other", i, c.Flags)
		}
		p.Descriptor = c
	case rootsig.RootParamDescriptorTable:
		d.table(i, p, at, what, path)
	default:
		r.ProblemAt(Error, at, what, "root parameter %d has ParameterType %d, which is not one of DescriptorTable, Constants32Bit, CBV, SRV, UAV (0 to 4): its payload cannot be read", i, uint32(p.ParameterType))
	}
}

func (d *rtsDecoder) table(i int, p *rootsig.RootParameter, at int, what, path string) {
	r, v := d.r, d.rs.Version
	s := d.payload(p, rtsTableSize, at, what+"'s descriptor table", path+"/Table", "descriptor table")
	if s == nil {
		return
	}
	t := &rootsig.RootDescriptorTable{}
	t.NumRanges = s.U32("NumRanges")
	t.RangesOffset = s.U32("RangesOffset")
	s.End()
	p.Table = t
	t.Ranges = []rootsig.DescriptorRange{}
	if t.NumRanges == 0 {
		r.ProblemAt(Warning, int(p.PayloadOffset), what, "descriptor table %d has no ranges (D3D12 rejects empty tables)", i)
		return
	}
	rsize := rtsRangeSize(v)
	if int64(t.RangesOffset)+int64(t.NumRanges)*int64(rsize) > int64(r.Len()) {
		r.ProblemAt(Error, int(p.PayloadOffset)+4, what, "descriptor table %d: %d ranges of %d bytes at RangesOffset 0x%x run past the end of the %d-byte root signature; none is decoded",
			i, t.NumRanges, rsize, t.RangesOffset, r.Len())
		r.Absent(fmt.Sprintf("Parameters/%d/Table/Ranges", i))
		return
	}
	d.claim(int(t.RangesOffset), int(t.NumRanges)*rsize, what+"'s ranges")
	key := [2]uint32{t.RangesOffset, t.NumRanges}
	sh, named := d.tables[key]
	if named && sh.decoded >= 2 {
		t.SameRangesAs = &sh.first
		d.shared++
		return
	}
	if int(t.NumRanges) > d.rangesLeft {
		r.ProblemAt(Warning, int(p.PayloadOffset)+4, what, "descriptor table %d's %d ranges would bring the ranges decoded past %d, twice what the root signature holds: they overlap other tables' ranges and are not decoded", i, t.NumRanges, 2*r.Len()/rsize)
		return
	}
	if !named {
		sh.first = i
	}
	sh.decoded++
	d.tables[key] = sh
	d.rangesLeft -= int(t.NumRanges)
	t.Ranges = make([]rootsig.DescriptorRange, t.NumRanges)
	s = r.Sub(int(t.RangesOffset), int(t.NumRanges)*rsize, path+"/Table/Ranges", "descriptor ranges")
	var next uint64 // the descriptor an appended range starts at (DXC's iAppendStartSlot)
	for k := range t.Ranges {
		g := &t.Ranges[k]
		s.Begin(fmt.Sprintf("[%d]", k), "descriptor range")
		g.RangeType = rootsig.DescriptorRangeType(s.U32("RangeType"))
		nd := s.U32("NumDescriptors")
		g.BaseShaderRegister = s.U32("BaseShaderRegister")
		g.RegisterSpace = s.U32("RegisterSpace")
		if v >= 2 {
			// DXC and LLVM's structs put Flags before the offset; LLVM's document shows it last.
			g.Flags = s.U32("Flags")
		}
		g.OffsetInDescriptorsFromTableStart = s.U32("OffsetInDescriptorsFromTableStart")
		s.End()
		g.NumDescriptors = int64(nd)
		if nd == rootsig.RangeUnbounded {
			g.NumDescriptors, g.Unbounded = -1, true
		}
		g.Append = g.OffsetInDescriptorsFromTableStart == rootsig.RangeAppend
		g.SetFlags(g.Flags)
		rat := int(t.RangesOffset) + k*rsize
		rwhat := fmt.Sprintf("descriptor table %d range %d", i, k)
		if k > 0 {
			prev := t.Ranges[k-1]
			if (prev.RangeType == rootsig.RangeSampler) != (g.RangeType == rootsig.RangeSampler) {
				d.refuse(rat, rwhat, "descriptor table %d mixes sampler ranges with CBV/SRV/UAV ranges (D3D12 keeps them in separate heaps and rejects such a table)", i)
			}
			if prev.Unbounded && g.Append {
				d.refuse(rat+int(rsize)-4, rwhat, "%s is appended after an unbounded range: its place in the table cannot be known (D3D12 rejects this)", rwhat)
			} else if g.Append && next > 0xFFFFFFFF {
				d.refuse(rat+int(rsize)-4, rwhat, "%s is appended after descriptor 0xFFFFFFFF, where the ranges before it end", rwhat)
			}
		}
		// Where the range's descriptors and registers end, as DXC's
		// DescriptorTableVerifier counts them: neither may pass 0xFFFFFFFF.
		start := next
		if !g.Append {
			start = uint64(g.OffsetInDescriptorsFromTableStart)
		}
		next = 1 << 32
		if !g.Unbounded && nd > 0 {
			next = start + uint64(nd)
			if uint64(g.BaseShaderRegister)+uint64(nd)-1 > 0xFFFFFFFF {
				d.refuse(rat+8, rwhat, "%s's %d registers from %d run past register 0xFFFFFFFF", rwhat, nd, g.BaseShaderRegister)
			} else if next-1 > 0xFFFFFFFF && start <= 0xFFFFFFFF {
				d.refuse(rat+4, rwhat, "%s's %d descriptors from descriptor %d of the table run past descriptor 0xFFFFFFFF", rwhat, nd, start)
			}
		}
		if !g.RangeType.Known() {
			d.refuse(rat, rwhat, "%s has RangeType %d, which is not SRV, UAV, CBV or Sampler (0 to 3)", rwhat, uint32(g.RangeType))
		}
		if nd == 0 {
			d.refuse(rat+4, rwhat, "%s has NumDescriptors 0 (D3D12 rejects empty ranges)", rwhat)
		}
		if bad := g.Flags &^ rootsig.ValidDescriptorRangeFlags; bad != 0 {
			d.refuse(rat+16, rwhat, "%s's flags 0x%x have bits 0x%x that are not descriptor range flags (valid: 0x%x)", rwhat, g.Flags, bad, rootsig.ValidDescriptorRangeFlags)
		} else if g.RangeType == rootsig.RangeSampler && g.Flags&^0x1 != 0 {
			// DXC's verifier rejects the DATA_* flags (0xE) of a sampler range.
			d.warn(g.Flags&0xE != 0, rat+16, rwhat, "%s is a sampler range with flags 0x%x: sampler ranges may only be DESCRIPTORS_VOLATILE (0x1)", rwhat, g.Flags)
		} else if data := g.Flags & 0xE; g.RangeType != rootsig.RangeSampler && (data&(data-1) != 0 || g.Flags&0x9 == 0x9) {
			d.refuse(rat+16, rwhat, "%s's flags 0x%x combine DATA_VOLATILE, DATA_STATIC_WHILE_SET_AT_EXECUTE and DATA_STATIC, or DATA_STATIC with DESCRIPTORS_VOLATILE, which exclude each other", rwhat, g.Flags)
		}
	}
}

func (d *rtsDecoder) samplers() {
	r, rs := d.r, d.rs
	n := int64(rs.NumStaticSamplers)
	if n == 0 {
		return
	}
	if !d.array(n, rtsSamplerSize(rs.Version), rs.StaticSamplersOffset, 16, "%d static samplers of %d bytes at StaticSamplersOffset 0x%x run past the end of the %d-byte root signature; none is decoded",
		"the static samplers", "Samplers", "static samplers") {
		return
	}
	rs.Samplers = make([]rootsig.StaticSampler, n)
	for i := range rs.Samplers {
		at := r.Pos
		m := &rs.Samplers[i]
		r.Begin(fmt.Sprintf("[%d]", i), "static sampler")
		m.Filter = rootsig.SamplerFilter(r.U32("Filter"))
		m.AddressU = rootsig.TextureAddressMode(r.U32("AddressU"))
		m.AddressV = rootsig.TextureAddressMode(r.U32("AddressV"))
		m.AddressW = rootsig.TextureAddressMode(r.U32("AddressW"))
		m.MipLODBias = rootsig.SamplerFloat(r.F32("MipLODBias"))
		m.MaxAnisotropy = r.U32("MaxAnisotropy")
		m.ComparisonFunc = rootsig.ComparisonFunc(r.U32("ComparisonFunc"))
		m.BorderColor = rootsig.StaticBorderColor(r.U32("BorderColor"))
		m.MinLOD = rootsig.SamplerFloat(r.F32("MinLOD"))
		m.MaxLOD = rootsig.SamplerFloat(r.F32("MaxLOD"))
		m.ShaderRegister = r.U32("ShaderRegister")
		m.RegisterSpace = r.U32("RegisterSpace")
		m.ShaderVisibility = rootsig.ShaderVisibility(r.U32("ShaderVisibility"))
		if rs.Version >= 3 {
			m.Flags = r.U32("Flags")
		}
		r.End()
		m.SetFlags(m.Flags)
		d.checkSampler(i, at, m)
	}
	r.End()
}

func (d *rtsDecoder) checkSampler(i, at int, m *rootsig.StaticSampler) {
	r := d.r
	what := fmt.Sprintf("static sampler %d", i)
	// refused: DXC's verifier (StaticSamplerVerifier) rejects the value;
	// it checks the comparison function of a comparison filter only, and
	// not the border colour.
	bad := func(field string, rel int, v uint32, known, refused bool, typ string) {
		if !known {
			d.warn(refused, at+rel, what, "%s has %s %d (0x%x), which is not a %s value", what, field, v, v, typ)
		}
	}
	bad("Filter", 0, uint32(m.Filter), m.Filter.Known(), true, "D3D12_FILTER")
	bad("AddressU", 4, uint32(m.AddressU), m.AddressU.Known(), true, "D3D12_TEXTURE_ADDRESS_MODE")
	bad("AddressV", 8, uint32(m.AddressV), m.AddressV.Known(), true, "D3D12_TEXTURE_ADDRESS_MODE")
	bad("AddressW", 12, uint32(m.AddressW), m.AddressW.Known(), true, "D3D12_TEXTURE_ADDRESS_MODE")
	bad("ComparisonFunc", 24, uint32(m.ComparisonFunc), m.ComparisonFunc.Known(), m.Filter.Comparison(), "D3D12_COMPARISON_FUNC")
	if m.Filter.Comparison() && m.ComparisonFunc == 0 {
		// 0 (None, newer headers) goes with filters that do not compare;
		// DXC's verifier takes 1 (Never) to 8 (Always) for one that does.
		d.warn(true, at+24, what, "%s has a comparison filter (%s) and ComparisonFunc 0 (None): a comparison filter needs a comparison function, 1 (Never) to 8 (Always)", what, m.Filter)
	}
	bad("BorderColor", 28, uint32(m.BorderColor), m.BorderColor.Known(), false, "D3D12_STATIC_BORDER_COLOR")
	bad("ShaderVisibility", 48, uint32(m.ShaderVisibility), m.ShaderVisibility.Known(), true, "D3D12_SHADER_VISIBILITY")
	// DXC's StaticSamplerVerifier: MipLODBias in [-16, 15.99], LODs numbers.
	if b := float32(m.MipLODBias); b != b || b < -16 || b > 15.99 {
		d.refuse(at+16, what, "%s has MipLODBias %g; D3D12 allows -16 to 15.99", what, b)
	}
	if l := float32(m.MinLOD); l != l {
		d.refuse(at+32, what, "%s's MinLOD is not a number", what)
	}
	if l := float32(m.MaxLOD); l != l {
		d.refuse(at+36, what, "%s's MaxLOD is not a number", what)
	}
	if m.MaxAnisotropy > 16 {
		d.refuse(at+20, what, "%s has MaxAnisotropy %d; D3D12 allows at most 16", what, m.MaxAnisotropy)
	}
	if b := m.Flags &^ rootsig.ValidSamplerFlags; b != 0 {
		r.ProblemAt(Warning, at+52, what, "%s's flags 0x%x have bits 0x%x that are not sampler flags (valid: 0x%x)", what, m.Flags, b, rootsig.ValidSamplerFlags)
	}
}

func decodeRootSignaturePart(p *Part, r *binread.Reader) {
	p.RootSignature = decodeRootSignature(r)
	p.Summary = p.RootSignature.String()
}

func init() {
	RegisterPart(PartKind{Name: "RTS0", Title: "root signature", About: "A serialized root signature: parameters, descriptor tables, static samplers and flags.", Unique: true, KnownLayout: true, Key: "RootSignature", Decode: partOnly(decodeRootSignaturePart)})
}
