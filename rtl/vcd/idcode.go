package vcd

// idCode returns the VCD identifier code of the n-th var: a base-94 number
// written in the printable ASCII characters '!' to '~', least significant
// digit first, so var 0 is "!", var 93 is "~" and var 94 is "!\"".
func idCode(n int) string {
	var b [8]byte
	i := 0
	for {
		b[i] = byte('!' + n%94)
		i++
		n /= 94
		if n == 0 {
			break
		}
		n--
	}
	return string(b[:i])
}
