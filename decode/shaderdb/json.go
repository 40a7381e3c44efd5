package shaderdb

import "encoding/json"

// Rows share what they name: 4,000 pipelines name one stream-output
// description, groups name a pipeline, pipelines one input layout, PSDB
// groups one value list. The data holds each once, but encoding/json writes
// a pointer's target at every reference, so the JSON of a 110 KB database
// took 2 GB and 8 s (of 278 KB, more than 24 GB). A database's JSON
// therefore writes a shared description, shader, pipeline state, state
// object, input layout or value list in full the first time, again while
// what it writes again stays under maxRepeat plus repeatPerByte per byte of
// the file (compact JSON), and past that as a stub marked AsAbove. A
// pipeline of real shape is about 10 KB of JSON, written again for each
// group naming it: about 115 bytes per byte of its rows with one group, 230
// with four, so real databases stay under the per-byte part whatever their
// size; the base is for small files.
//
// Vars so that tests can measure past them at small sizes.
var (
	maxRepeat     int64 = 8 << 20
	repeatPerByte int64 = 256
)

// repeats is the state of one JSON encoding of a database: what was
// written, by its address, and how many bytes may still be written again.
type repeats struct {
	size int64 // the database file's size
	left int64
	memo map[any][]byte
}

func newRepeats(size int64) *repeats {
	r := &repeats{size: size}
	r.reset()
	return r
}

// reset starts an encoding: the SODB's or PSDB's MarshalJSON calls it.
func (r *repeats) reset() {
	r.left = maxRepeat + repeatPerByte*r.size
	r.memo = map[any][]byte{}
}

// write returns the JSON of the thing known by key: made by full the first
// time, the same bytes again while the budget lasts, then made by stub
// (also while the thing is being written, so a loop ends).
func (r *repeats) write(key any, full, stub func() ([]byte, error)) ([]byte, error) {
	if r == nil {
		return full()
	}
	if b, ok := r.memo[key]; ok {
		if b != nil && int64(len(b)) <= r.left {
			r.left -= int64(len(b))
			return b, nil
		}
		return stub()
	}
	r.memo[key] = nil
	b, err := full()
	if err != nil {
		delete(r.memo, key)
		return nil, err
	}
	r.memo[key] = b
	return b, nil
}

// list is write for a shared list, known by its first element: it returns
// the list's JSON, or nil when the list is to be written as a stub.
func (r *repeats) list(first any, full func() ([]byte, error)) ([]byte, error) {
	stubbed := false
	b, err := r.write(first, full, func() ([]byte, error) {
		stubbed = true
		return nil, nil
	})
	if stubbed {
		return nil, err
	}
	return b, err
}

// asAbove is what a stub says besides the key: the thing was written above.
type asAbove struct {
	Key     Key
	AsAbove bool
}

type (
	sodbJSON     SODB
	psdbJSON     PSDB
	descJSON     Desc
	shaderJSON   Shader
	pipelineJSON PipelineState
	objectJSON   StateObject
)

// MarshalJSON writes the view with each shared thing in full once (see repeats).
func (s *SODB) MarshalJSON() ([]byte, error) {
	if s.rep != nil {
		s.rep.reset()
	}
	return json.Marshal((*sodbJSON)(s))
}

// MarshalJSON writes the view with each shared value list in full once (see repeats).
func (p *PSDB) MarshalJSON() ([]byte, error) {
	if p.rep != nil {
		p.rep.reset()
	}
	return json.Marshal((*psdbJSON)(p))
}

// MarshalJSON writes the description, or a stub naming it when it was written above.
func (d *Desc) MarshalJSON() ([]byte, error) {
	return d.rep.write(d, func() ([]byte, error) { return json.Marshal((*descJSON)(d)) }, func() ([]byte, error) {
		return json.Marshal(struct {
			Table   string
			Key     Key
			AsAbove bool
		}{d.Table, d.Key, true})
	})
}

// MarshalJSON writes the shader row, or a stub naming it when it was written above.
func (s *Shader) MarshalJSON() ([]byte, error) {
	return s.rep.write(s, func() ([]byte, error) { return json.Marshal((*shaderJSON)(s)) }, func() ([]byte, error) {
		return json.Marshal(asAbove{s.Key, true})
	})
}

// MarshalJSON writes the state object, or a stub naming it when it was written above.
func (o *StateObject) MarshalJSON() ([]byte, error) {
	return o.rep.write(o, func() ([]byte, error) { return json.Marshal((*objectJSON)(o)) }, func() ([]byte, error) {
		return json.Marshal(asAbove{o.Key, true})
	})
}

// MarshalJSON writes the pipeline state, or a stub naming it when it was
// written above; its input layout, shared by the pipelines naming one
// key, is a list written once too.
func (p *PipelineState) MarshalJSON() ([]byte, error) {
	return p.rep.write(p, func() ([]byte, error) {
		if len(p.InputLayout) == 0 || p.rep == nil {
			return json.Marshal((*pipelineJSON)(p))
		}
		layout, err := p.rep.list(&p.InputLayout[0], func() ([]byte, error) { return json.Marshal(p.InputLayout) })
		if err != nil {
			return nil, err
		}
		// The fields of PipelineState in its order, the layout already written.
		out := struct {
			Key                Key
			RootSignatureKey   Key
			RootSignature      *RootSignature
			InputLayoutKey     Key
			InputLayout        json.RawMessage
			Stages             []*Stage
			Descs              []*Desc
			Fields             []Field
			InputLayoutAsAbove bool `json:",omitempty"`
		}{p.Key, p.RootSignatureKey, p.RootSignature, p.InputLayoutKey, layout, p.Stages, p.Descs, p.Fields, layout == nil}
		if layout == nil {
			out.InputLayout = json.RawMessage("null")
		}
		return json.Marshal(out)
	}, func() ([]byte, error) {
		return json.Marshal(asAbove{p.Key, true})
	})
}

// MarshalJSON writes the group with its value list, which groups naming
// one value key share, written once (see repeats).
func (g *PSDBGroup) MarshalJSON() ([]byte, error) {
	var values json.RawMessage
	if len(g.Values) > 0 && g.rep != nil {
		var err error
		if values, err = g.rep.list(&g.Values[0], func() ([]byte, error) { return json.Marshal(g.Values) }); err != nil {
			return nil, err
		}
	} else {
		var err error
		if values, err = json.Marshal(g.Values); err != nil {
			return nil, err
		}
	}
	// The fields of PSDBGroup in its order, the values already written.
	out := struct {
		KeyID         int64
		Key           Key
		Version       int64
		Values        json.RawMessage
		ValuesAsAbove bool `json:",omitempty"`
	}{g.KeyID, g.Key, g.Version, values, values == nil}
	if values == nil {
		out.Values = json.RawMessage("null")
	}
	return json.Marshal(out)
}
