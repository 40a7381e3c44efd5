package hostile

// SharedNameDBUG is a 4_0_level_9 pixel shader whose Aon9 code has a DBUG
// comment block of variables variables, each naming one string of n bytes
// (for its scope and its name) and each listing one register entry, shared,
// that says it writes the shader's one instruction. With 4,096 variables and
// 4 KB it is 86 KB; a reader that copies the string once per reference
// makes 32 MB of names, and the listing's comment on that instruction as
// much again.
func SharedNameDBUG(variables, n int) []byte {
	u32s := func(b []byte, vs ...uint32) []byte {
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return b
	}
	// The block after "DBUG": its 40-byte header, the string, the one
	// instruction's position, the variables, the register entry.
	str := make([]byte, n+1, n+4)
	for i := range n {
		str[i] = 'a' + byte(i%26)
	}
	for len(str)%4 != 0 {
		str = append(str, 0)
	}
	const strAt = 40
	instAt := strAt + len(str)
	varAt := instAt + 8
	regAt := varAt + 20*variables
	body := u32s(nil, 0, strAt, 0, 0, 0, 1, uint32(instAt), uint32(variables), uint32(varAt), strAt)
	body = append(body, str...)
	words := 1 + (regAt+12)/4 // the comment's dwords: "DBUG" and the block
	body = u32s(body, 1, uint32(4*(2+words)))
	for range variables {
		body = u32s(body, strAt, strAt, 0, 1, uint32(regAt))
	}
	body = u32s(body, 0, 1<<16, 2|3<<16) // instruction 0 writes components 0-3
	sh := u32s(nil, 0xFFFF0200, 0xFFFE|uint32(words)<<16)
	sh = append(sh, "DBUG"...)
	sh = append(sh, body...)
	sh = u32s(sh, 0x02000001, 0x800F0000, 0xA0E40000, 0x0000FFFF) // mov r0, c0; end
	aon9 := u32s(nil, uint32(36+len(sh)), 0xFFFF0200, uint32(len(sh)), 36, 0, 0, 0, 0, 0)
	return Container(Part{"Aon9", append(aon9, sh...)}, Part{"SHDR", u32s(nil, 4<<4, 2)})
}
