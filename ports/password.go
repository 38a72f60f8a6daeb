package ports

// PasswordHasher turns passwords into encoded hashes and checks them.
type PasswordHasher interface {
	// Hash returns an encoded, salted hash of password.
	Hash(password string) (string, error)
	// Verify reports whether password matches encoded. A malformed hash is an error.
	Verify(encoded, password string) (bool, error)
}
