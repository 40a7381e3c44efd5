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

// A file of many containers (a game's shader cache) is scanned to
// MaxScanHits, and ScanStopped says the scan stopped there; the 10,000 the
// scan stopped at before, without a word, no longer cut such a file short.
func TestScanStopsAtItsBoundAndSaysSo(t *testing.T) {
	one := make([]byte, decode.HeaderSize) // a container with no parts: the header alone
	copy(one, decode.Magic)
	binary.LittleEndian.PutUint16(one[20:], 1)
	binary.LittleEndian.PutUint32(one[24:], decode.HeaderSize)
	for _, n := range []int{20000, decode.MaxScanHits, decode.MaxScanHits + 3} {
		data := make([]byte, 0, 2+n*len(one))
		data = append(data, "XX"...)
		for range n {
			data = append(data, one...)
		}
		found := decode.Scan(data)
		want := min(n, decode.MaxScanHits)
		end, stopped := decode.ScanStopped(found)
		if len(found) != want || stopped != (n >= decode.MaxScanHits) {
			t.Errorf("%d containers: %d found, stopped %v", n, len(found), stopped)
			continue
		}
		if last := found[len(found)-1]; last.Offset != int64(2+(want-1)*len(one)) || last.Size != decode.HeaderSize {
			t.Errorf("%d containers: the last found is at 0x%x, %d bytes", n, last.Offset, last.Size)
		}
		if wantEnd := int64(2 + want*len(one)); stopped && end != wantEnd {
			t.Errorf("%d containers: the scan stopped at 0x%x, want 0x%x", n, end, wantEnd)
		}
	}
}
