package main

import (
	"context"
	"errors"
	"io"

	"occamy/cosim/prove"
)

func runProperties(ctx context.Context, w io.Writer, opt prove.Options) error {
	return usageErr(errors.New("prove: --properties not built yet"))
}

func runScaling(ctx context.Context, w io.Writer, fl proveFlags) error {
	return usageErr(errors.New("prove: --scaling not built yet"))
}
