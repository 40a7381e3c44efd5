package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// BCBlockStats is one block id's entry of llvm-bcanalyzer's per-block
// summary: its counts over every instance, and its record histogram.
type BCBlockStats struct {
	Instances, Abbrevs, Records int
	Kinds                       []BCRecordKind // in the tool's order
}

// BCRecordKind is one line of a block's record histogram.
type BCRecordKind struct {
	Name        string // the tool's (LLVM 19's) record name
	Count, Bits int64
}

var (
	reBCBlock = regexp.MustCompile(`^\s*Block ID #(\d+)`)
	reBCField = regexp.MustCompile(`^\s*(Num Instances|Num Abbrevs|Num Records|Tot/Avg Abbrevs|Tot/Avg Records): (\d+)`)
	reBCHist  = regexp.MustCompile(`^\s+(\d+)\s+(\d+)\s.*?\s(\S+)\s*$`)
)

// ParseBCAnalyzer reads llvm-bcanalyzer's summary (the part after
// "Per-block Summary:"), by block id.
func ParseBCAnalyzer(out string) map[uint32]*BCBlockStats {
	res := map[uint32]*BCBlockStats{}
	var cur *BCBlockStats
	inSummary, inHist := false, false
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "Per-block Summary:") {
			inSummary = true
			continue
		}
		if !inSummary {
			continue
		}
		if m := reBCBlock.FindStringSubmatch(line); m != nil {
			id, _ := strconv.Atoi(m[1])
			cur = &BCBlockStats{}
			res[uint32(id)] = cur
			inHist = false
			continue
		}
		if cur == nil {
			continue
		}
		if m := reBCField.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			switch m[1] {
			case "Num Instances":
				cur.Instances = n
			case "Num Abbrevs", "Tot/Avg Abbrevs":
				cur.Abbrevs = n
			case "Num Records", "Tot/Avg Records":
				cur.Records = n
			}
			continue
		}
		if strings.Contains(line, "Record Kind") {
			inHist = true
			continue
		}
		if inHist {
			if m := reBCHist.FindStringSubmatch(line); m != nil {
				c, _ := strconv.ParseInt(m[1], 10, 64)
				b, _ := strconv.ParseInt(m[2], 10, 64)
				cur.Kinds = append(cur.Kinds, BCRecordKind{Name: m[3], Count: c, Bits: b})
			}
		}
	}
	return res
}

// BCAnalyzer runs llvm-bcanalyzer (tool) on bitcode and reads its summary;
// an output it cannot read is an error, so a test cannot pass on nothing.
func BCAnalyzer(tool string, bc []byte) (map[uint32]*BCBlockStats, error) {
	out, err := Run(tool, bc, "-")
	if err != nil {
		return nil, fmt.Errorf("llvm-bcanalyzer-19: %v", err)
	}
	res := ParseBCAnalyzer(out)
	if len(res) == 0 {
		return nil, errors.New("nothing parsed from llvm-bcanalyzer's output: the test is broken")
	}
	return res, nil
}

// BCAnalyzerAs is BCAnalyzer with each block's entry converted by conv: a
// test's own view of the summary (with or without the record names).
func BCAnalyzerAs[T any](tool string, bc []byte, conv func(*BCBlockStats) T) (map[uint32]T, error) {
	all, err := BCAnalyzer(tool, bc)
	if err != nil {
		return nil, err
	}
	res := make(map[uint32]T, len(all))
	for id, b := range all {
		res[id] = conv(b)
	}
	return res, nil
}
