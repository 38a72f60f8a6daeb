// Package password implements ports.PasswordHasher with argon2id, encoded in the PHC string
// format so that parameters can be raised later without invalidating stored hashes.
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"

	"github.com/gardenctl/garden/ports"
)

var _ ports.PasswordHasher = Argon2id{}

// Argon2id hashes passwords with argon2id.
type Argon2id struct {
	// MemoryKiB, Iterations and Threads are the argon2id cost parameters.
	MemoryKiB  uint32
	Iterations uint32
	Threads    uint8
}

// Default follows OWASP's argon2id recommendation (19 MiB, 2 iterations, 1 thread): about
// 30 ms a hash on one core of our 2-core reference machine.
var Default = Argon2id{MemoryKiB: 19 * 1024, Iterations: 2, Threads: 1}

// Fast is for tests only: the same algorithm at a trivial cost.
var Fast = Argon2id{MemoryKiB: 64, Iterations: 1, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// Hash implements ports.PasswordHasher.
func (a Argon2id) Hash(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, a.Iterations, a.MemoryKiB, a.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, a.MemoryKiB, a.Iterations, a.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify implements ports.PasswordHasher. It reads the parameters from the hash, not from a.
func (a Argon2id) Verify(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("password hash: not an argon2id PHC string")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errors.New("password hash: unsupported argon2 version")
	}
	var memory, iterations uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &iterations, &threads); err != nil {
		return false, fmt.Errorf("password hash: bad parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("password hash: bad salt: %w", err)
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errors.New("password hash: bad key")
	}
	got := argon2.IDKey([]byte(password), salt, iterations, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
