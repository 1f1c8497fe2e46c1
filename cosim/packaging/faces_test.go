package packaging

// The block faces, registered for the tests (a command imports them the
// same way).
import _ "occamy/testbench/blocks/all"
