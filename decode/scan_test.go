package decode_test

import (
	"encoding/binary"
	"testing"

	"github.com/dxscope/dxscope/decode"
)

// ContainerAt cuts a container out of a larger file at its declared
// FileSize, and leaves the bytes alone when no header there says a size
// that fits.
func TestContainerAt(t *testing.T) {
	c := containerOf([2]string{"PRIV", "abcd"}) // 32 + 4 + 8 + 4 = 48 bytes
	file := append(append([]byte("junk"), c...), "tail"...)
	withSize := func(size uint32) []byte {
		b := append([]byte("junk"), c...)
		binary.LittleEndian.PutUint32(b[4+24:], size)
		return append(b, "tail"...)
	}
	for _, tc := range []struct {
		what    string
		data    []byte
		off     int64
		wantLen int
		wantOK  bool
	}{
		{"a container in the middle", file, 4, 48, true},
		{"FileSize the whole rest", withSize(52), 4, 52, true},
		{"FileSize past the end", withSize(53), 4, 52, false},
		{"FileSize smaller than the header", withSize(31), 4, 52, false},
		{"FileSize exactly the header", withSize(32), 4, 32, true},
		{"no magic there", file, 5, 51, false},
		{"fewer bytes than a header", file[:30], 4, 26, false},
		{"offset at the end", file, int64(len(file)), 0, false},
		{"negative offset", file, -1, 0, false},
	} {
		got, ok := decode.ContainerAt(tc.data, tc.off)
		if len(got) != tc.wantLen || ok != tc.wantOK {
			t.Errorf("%s: %d bytes, %v; want %d bytes, %v", tc.what, len(got), ok, tc.wantLen, tc.wantOK)
		}
		if len(got) > 0 && &got[0] != &tc.data[tc.off] {
			t.Errorf("%s: the bytes returned do not start at the offset", tc.what)
		}
	}
	// The scan finds the container with the size ContainerAt gives it.
	if found := decode.Scan(file); len(found) != 1 || found[0].Offset != 4 || found[0].Size != 48 {
		t.Errorf("Scan found %+v, want one container at 4 of 48 bytes", found)
	}
}
