package throughput

import (
	"errors"
	"fmt"

	"occamy/rtl"
)

// paramFlags maps tm.Config fields to the `occamy throughput` flags that
// set them.
var paramFlags = map[string]string{
	"P": "--ports", "B": "--buffer", "K": "--k", "R": "--r", "CellBytes": "--cell-bytes", "MaxPkt": "--size",
	"PD.ReadPorts": "--pd", "PD.WritePorts": "--pd", "PD.ReadLatency": "--pd-latency",
	"CP.ReadPorts": "--cp", "CP.WritePorts": "--cp", "CP.ReadLatency": "--cp-latency",
	"CD.ReadPorts": "--cd", "CD.WritePorts": "--cd",
	"PushoutWait": "--buffer",
}

// FlagError prefixes a tm parameter error with the flag that sets the
// field, so the one-line message names what the user typed.
func FlagError(err error) error {
	var pe *rtl.ParamError
	if errors.As(err, &pe) {
		if fl, ok := paramFlags[pe.Param]; ok {
			return fmt.Errorf("%s: %w", fl, err)
		}
	}
	return err
}
