package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// interfaces prints what FXC's listing prints of the IFCE part after the
// signatures: the class types (their ID is their order), the class
// instances when there are any, and a box per interface slot record with
// the type IDs it may hold above the function tables they call.
func (l *lister) interfaces(x *decode.Interfaces) {
	l.part = "IFCE"
	l.comment("")
	l.comment("Available Class Types:")
	l.comment("")
	l.comment("Name                             ID CB Stride Texture Sampler")
	l.comment("------------------------------ ---- --------- ------- -------")
	for i, t := range x.ClassTypes {
		l.commentAt(fmt.Sprintf("%-30s %4d %9d %7d %7d", Safe(t.Name), i, t.ConstantBufferStride, t.Texture, t.Sampler), "Interfaces/ClassTypes/"+strconv.Itoa(i))
	}
	l.comment("")
	if len(x.ClassInstances) > 0 {
		l.comment("Available Class Instances:")
		l.comment("")
		l.comment("Name                        Type CB CB Offset Texture Sampler")
		l.comment("--------------------------- ---- -- --------- ------- -------")
		slot := func(v uint16) string {
			if v == decode.NoSlot {
				return "-"
			}
			return strconv.Itoa(int(v))
		}
		for i, c := range x.ClassInstances {
			l.commentAt(fmt.Sprintf("%-27s %4d %2d %9d %7s %7s", Safe(c.Name), c.Type, c.ConstantBuffer, c.ConstantBufferOffset, slot(c.Texture), slot(c.Sampler)), "Interfaces/ClassInstances/"+strconv.Itoa(i))
		}
		l.comment("")
	}
	l.commentAt(fmt.Sprintf("Interface slots, %d total:", x.InterfaceSlotCount), "Interfaces/InterfaceSlotCount")
	l.comment("")
	l.comment("            Slots")
	const rule = "+----------+---------+---------------------------------------"
	l.comment(rule)
	for i, s := range x.Slots {
		slots := strconv.FormatUint(uint64(s.FirstSlot), 10)
		if s.SlotSpan > 1 {
			slots += "-" + strconv.FormatUint(uint64(s.FirstSlot)+uint64(s.SlotSpan)-1, 10)
		}
		var types, tables strings.Builder
		for _, t := range s.TypeIDs {
			fmt.Fprintf(&types, "%-5d", t)
		}
		for _, t := range s.TableIDs {
			fmt.Fprintf(&tables, "%-5d", t)
		}
		path := "Interfaces/Slots/" + strconv.Itoa(i)
		l.commentAt(fmt.Sprintf("| Type ID  |   %-6s|%s", slots, types.String()), path+"/TypeIDs")
		l.commentAt("| Table ID |         |"+tables.String(), path+"/TableIDs")
		l.comment(rule)
	}
}
