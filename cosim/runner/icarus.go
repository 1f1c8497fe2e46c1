package runner

import "context"

func (s *session) runIcarus(ctx context.Context, res *Result) error {
	return setupf("icarus: not yet")
}
