package design

// TMSection is the transaction map of a traffic manager (the tm: section).
// Placeholder: the scoreboard work (issue 26) owns this file and replaces
// the type with its fields.
type TMSection struct{}
