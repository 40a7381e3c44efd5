package decode

// CArray is a container written as a C or C++ array initializer, the way
// fxc /Fh and dxc -Fh write a shader into a header ("const unsigned char
// g_main[] = { 0x44, 0x58, 0x42, 0x43, ... };", or in decimal), and the way
// test suites keep one as 32-bit words ("static const DWORD ps_code[] =
// {0x43425844, ...};", little-endian).
type CArray struct {
	Name   string // the array's identifier
	Line   int    // the 1-based line of its name
	Offset int64  // the text offset of its opening brace
	Bytes  []byte // the container its values spell, cut at its FileSize
}

// MaxCArrays bounds how many arrays CArrays returns, as MaxScanHits bounds
// Scan: the arrays' bytes are at most twice the text's size whatever it
// holds, their entries are not.
const MaxCArrays = 100_000

// CArrays finds the containers a C or C++ source text spells as array
// initializers: an identifier, its brackets, "=" and a brace of integer
// literals (hexadecimal or decimal, with their u/l suffixes; comments and
// a trailing comma allowed) whose values start with the DXBC magic, as
// bytes (0x44, 0x58, 0x42, 0x43) or as one little-endian word (0x43425844),
// and hold a container header whose FileSize fits. It reads the text once,
// front to back, so it costs time linear in the text whatever it holds.
func CArrays(text []byte) []CArray {
	var out []CArray
	// state: 0 nothing, 1 after an identifier, 2 inside its brackets,
	// 3 after the brackets, 4 after "=".
	state, nameAt, nameEnd, nameLine, line := 0, 0, 0, 0, 1
	for i := 0; i < len(text) && len(out) < MaxCArrays; {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(text) && (text[i+1] == '/' || text[i+1] == '*'):
			j, lines := skipComment(text, i)
			i, line = j, line+lines
		case isIdentStart(c):
			j := i
			for j < len(text) && isIdentChar(text[j]) {
				j++
			}
			if state != 2 { // a size inside the brackets ([N], [kSize]) keeps the name
				nameAt, nameEnd, nameLine, state = i, j, line, 1
			}
			i = j
		case c == '[' && (state == 1 || state == 3):
			state = 2
			i++
		case c == ']' && state == 2:
			state = 3
			i++
		case state == 2 && (c >= '0' && c <= '9' || c == '+' || c == '*' || c == '(' || c == ')'):
			i++
		case c == '=' && state == 3:
			state = 4
			i++
		case c == '{' && state == 4:
			a, j, lines := readCArray(text, i)
			if a != nil {
				a.Name, a.Line, a.Offset = string(text[nameAt:nameEnd]), nameLine, int64(i)
				out = append(out, *a)
			}
			i, line, state = j, line+lines, 0
		default:
			state = 0
			i++
		}
	}
	return out
}

// readCArray reads the brace at text[open] to its closing brace. It returns
// the container its values spell (nil when they spell none, or when the
// brace holds more than integer literals), where reading stopped and how
// many newlines it passed.
func readCArray(text []byte, open int) (*CArray, int, int) {
	var b []byte
	words, lines, n := false, 0, 0
	for i := open + 1; i < len(text); {
		c := text[i]
		switch {
		case c == '}':
			if n == 0 {
				return nil, i + 1, lines
			}
			cont, ok := ContainerAt(b, 0)
			if !ok {
				return nil, i + 1, lines
			}
			return &CArray{Bytes: cont}, i + 1, lines
		case c == '\n':
			lines++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(text) && (text[i+1] == '/' || text[i+1] == '*'):
			j, l := skipComment(text, i)
			i, lines = j, lines+l
		case c >= '0' && c <= '9':
			v, j, ok := readInteger(text, i)
			if !ok {
				return nil, j, lines
			}
			if n == 0 {
				// The first value says how the array is written, and
				// whether it can be a container at all.
				switch v {
				case 0x44:
					words = false
				case 0x43425844:
					words = true
				default:
					return nil, skipBrace(text, j, &lines), lines
				}
			}
			switch {
			case words && v <= 0xffffffff:
				b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
			case !words && v <= 0xff:
				b = append(b, byte(v))
			default:
				return nil, skipBrace(text, j, &lines), lines
			}
			n++
			i = j
		default: // anything else (a cast, a string, a nested brace) is not a byte array
			return nil, skipBrace(text, i, &lines), lines
		}
	}
	return nil, len(text), lines
}

// readInteger reads a C integer literal at text[i]: decimal or 0x
// hexadecimal, with u/l suffixes. ok is false for one too large for 32 bits
// or malformed (an octal or float spelling stops the array too).
func readInteger(text []byte, i int) (v uint64, end int, ok bool) {
	j := i
	if j+1 < len(text) && text[j] == '0' && (text[j+1] == 'x' || text[j+1] == 'X') {
		j += 2
		start := j
		for j < len(text) && hexDigit(text[j]) >= 0 {
			if v = v<<4 | uint64(hexDigit(text[j])); v > 0xffffffff {
				return 0, j, false
			}
			j++
		}
		if j == start {
			return 0, j, false
		}
	} else {
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			if v = v*10 + uint64(text[j]-'0'); v > 0xffffffff {
				return 0, j, false
			}
			j++
		}
	}
	for j < len(text) && (text[j] == 'u' || text[j] == 'U' || text[j] == 'l' || text[j] == 'L') {
		j++
	}
	if j < len(text) && isIdentChar(text[j]) {
		return 0, j, false
	}
	return v, j, true
}

// skipBrace returns where the brace being read closes (or the end of the
// text), counting the newlines it passes into lines.
func skipBrace(text []byte, i int, lines *int) int {
	for ; i < len(text); i++ {
		switch text[i] {
		case '}':
			return i + 1
		case '\n':
			*lines++
		}
	}
	return len(text)
}

// skipComment returns where the comment at text[i] ends and how many
// newlines it holds (a line comment ends before its newline).
func skipComment(text []byte, i int) (int, int) {
	if text[i+1] == '/' {
		for j := i + 2; j < len(text); j++ {
			if text[j] == '\n' {
				return j, 0
			}
		}
		return len(text), 0
	}
	lines := 0
	for j := i + 2; j+1 < len(text); j++ {
		switch {
		case text[j] == '*' && text[j+1] == '/':
			return j + 2, lines
		case text[j] == '\n':
			lines++
		}
	}
	return len(text), lines
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func hexDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
