package mailer

// SetAttempts lets the external tests write an attempts record.
func SetAttempts(j *Journal, key string, n int) error { return j.setAttempts(key, n) }
