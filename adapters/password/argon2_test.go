package password_test

import (
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/password"
)

func TestArgon2id_HashVerify(t *testing.T) {
	t.Parallel()
	h := password.Fast
	enc, err := h.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("encoding %q", enc)
	}
	if ok, err := h.Verify(enc, "correct horse"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, err := h.Verify(enc, "correct horsE"); ok || err != nil {
		t.Fatalf("wrong password: %v %v", ok, err)
	}
	again, _ := h.Hash("correct horse")
	if again == enc {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	// Parameters come from the stored hash, so a hasher with other costs still verifies it.
	if ok, err := password.Default.Verify(enc, "correct horse"); !ok || err != nil {
		t.Fatalf("verify with other parameters: %v %v", ok, err)
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=x$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=1,p=1$!!$a2V5"} {
		if _, err := h.Verify(bad, "x"); err == nil {
			t.Errorf("Verify(%q) accepted a malformed hash", bad)
		}
	}
}

func BenchmarkArgon2id_Default(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := password.Default.Hash("correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}
