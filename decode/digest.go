package decode

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"

	"github.com/dxscope/dxscope/decode/report"
)

// DigestStatus says what the container digest at offset 4 is.
type DigestStatus int

// The statuses keep their numbers: the first four are what dxscope has always
// reported; bypass and debug came with the container writer.
const (
	DigestValid         DigestStatus = iota // matches the retail DXBC checksum of the content (DXC's ComputeHashRetail)
	DigestUnsigned                          // all zero: nobody signed the container
	DigestPreviewBypass                     // sixteen 0x02 bytes: PREVIEW_BYPASS, DXC's PreviewByPassHash for preview shader models
	DigestMismatch                          // something else: the content changed after signing
	DigestBypass                            // sixteen 0x01 bytes: BYPASS (hlsl-specs INF-0004), loads unvalidated on runtimes that know it
	DigestDebug                             // matches the debug variant of the checksum (DXC's ComputeHashDebug): loads only with the debug layer
)

var digestStatuses = report.Enum{Type: "DigestStatus", Names: []string{"valid", "unsigned", "preview-bypass", "mismatch", "bypass", "debug"}}

func (s DigestStatus) String() string { return report.EnumString(digestStatuses, s) }

// MarshalJSON writes the status by name.
func (s DigestStatus) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a status written by MarshalJSON.
func (s *DigestStatus) UnmarshalJSON(b []byte) error {
	var n string
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	return report.ParseEnum(digestStatuses, s, []byte(n))
}

// Digest is the result of checking the container digest.
type Digest struct {
	Status   DigestStatus
	Computed HexBytes // the retail checksum of bytes 20..FileSize
}

// The reserved digests of hlsl-specs INF-0004: MD5's rounds cannot produce
// them, so they tell the runtime the container was deliberately not hashed.
var (
	BypassDigest        = [16]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	PreviewBypassDigest = [16]byte{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
)

// DigestStart is where the checksummed bytes begin: right after the digest
// itself, at the header's Version (DXC's HashStartOffset).
const DigestStart = 20

func computeDigest(data []byte, fileSize uint32, stored []byte) Digest {
	end := int64(fileSize)
	if end > int64(len(data)) {
		end = int64(len(data))
	}
	var content []byte
	if end > DigestStart {
		content = data[DigestStart:end]
	}
	sum := Checksum(content)
	d := Digest{Computed: HexBytes(sum[:])}
	switch {
	case bytes.Equal(stored, sum[:]):
		d.Status = DigestValid
	case bytes.Equal(stored, make([]byte, 16)):
		d.Status = DigestUnsigned
	case bytes.Equal(stored, PreviewBypassDigest[:]):
		d.Status = DigestPreviewBypass
	case bytes.Equal(stored, BypassDigest[:]):
		d.Status = DigestBypass
	default:
		// Checked last: the debug variant costs a second pass over the file.
		if dbg := ChecksumDebug(content); bytes.Equal(stored, dbg[:]) {
			d.Status = DigestDebug
		} else {
			d.Status = DigestMismatch
		}
	}
	return d
}

// Checksum computes the retail DXBC container checksum of b (the bytes from
// offset 20 to FileSize), DXC's ComputeHashRetail: MD5's rounds and initial
// state, but the final block stores the bit count as its first word and
// (byteCount<<1)|1 as its last word instead of MD5's trailing 64-bit length.
func Checksum(b []byte) [16]byte {
	n := uint32(len(b))
	return checksum(b, n<<3, n<<1|1)
}

// ChecksumDebug computes the debug variant, DXC's ComputeHashDebug: the same
// as Checksum but for the final block's words, (byteCount<<4)|0xf first and
// (byteCount<<2)|0x10000000 last. The runtime accepts a container signed this
// way only with the debug layer on (hlsl-specs INF-0004).
func ChecksumDebug(b []byte) [16]byte {
	n := uint32(len(b))
	return checksum(b, n<<4|0xf, n<<2|0x10000000)
}

// checksum is MD5 over b with the final block's first and last words given.
func checksum(b []byte, first, last uint32) [16]byte {
	s := [4]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}
	n := len(b)
	full := n &^ 63
	for i := 0; i < full; i += 64 {
		md5Block(&s, b[i:i+64])
	}
	tail := b[full:]
	var blk [64]byte
	if len(tail) <= 55 {
		binary.LittleEndian.PutUint32(blk[0:], first)
		copy(blk[4:], tail)
		blk[4+len(tail)] = 0x80
		binary.LittleEndian.PutUint32(blk[60:], last)
		md5Block(&s, blk[:])
	} else {
		copy(blk[:], tail)
		blk[len(tail)] = 0x80
		md5Block(&s, blk[:])
		blk = [64]byte{}
		binary.LittleEndian.PutUint32(blk[0:], first)
		binary.LittleEndian.PutUint32(blk[60:], last)
		md5Block(&s, blk[:])
	}
	var out [16]byte
	for i, v := range s {
		binary.LittleEndian.PutUint32(out[i*4:], v)
	}
	return out
}

var md5Shift = [4][4]int{{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}}

var md5K = func() (k [64]uint32) {
	// K[i] = floor(abs(sin(i+1)) * 2^32), as RFC 1321 defines; listed to avoid float at init.
	k = [64]uint32{
		0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
		0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
		0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
		0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
		0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
		0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
		0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
		0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
	}
	return
}()

// md5Block runs MD5's 64 steps over one 64-byte block.
func md5Block(s *[4]uint32, blk []byte) {
	var m [16]uint32
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(blk[i*4:])
	}
	a, b, c, d := s[0], s[1], s[2], s[3]
	for i := 0; i < 64; i++ {
		var f uint32
		var g int
		switch i / 16 {
		case 0:
			f, g = (b&c)|(^b&d), i
		case 1:
			f, g = (d&b)|(^d&c), (5*i+1)%16
		case 2:
			f, g = b^c^d, (3*i+5)%16
		default:
			f, g = c^(b|^d), (7*i)%16
		}
		f += a + md5K[i] + m[g]
		a, d, c = d, c, b
		b += bits.RotateLeft32(f, md5Shift[i/16][i%4])
	}
	s[0] += a
	s[1] += b
	s[2] += c
	s[3] += d
}
