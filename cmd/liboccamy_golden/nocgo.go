//go:build !cgo

// Command liboccamy_golden needs cgo: build it with make golden-lib
// (go build -buildmode=c-shared, CGO_ENABLED=1).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "liboccamy_golden: built without cgo; build the library with make golden-lib")
	os.Exit(2)
}
