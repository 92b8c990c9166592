package daemon

import "fmt"

// InUseError is a data directory that another pbem serve holds (LockData).
type InUseError struct {
	Dir  string // the data directory
	Lock string // its lock file
	PID  string // the holder's process id, as its lock file says; "" if unknown
}

func (e *InUseError) Error() string {
	who := "another process"
	if e.PID != "" {
		who = "another pbem serve, pid " + e.PID + ","
	}
	return fmt.Sprintf("%s holds the data directory %s (it has %s locked): two daemons on one directory would answer every mail twice. Stop it first (systemctl stop pbem), or give this one another data directory", who, e.Dir, e.Lock)
}
