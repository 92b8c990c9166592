package e2e

// benchEnvDone stops what the benchmarks share (their daemon), if they ran.
var benchEnvDone func()
