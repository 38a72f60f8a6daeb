// Package totp implements ports.TOTP with pquerna/otp: 6 digits, 30-second steps, SHA-1, the
// parameters every authenticator app reads from an otpauth:// URL.
package totp

import (
	"crypto/subtle"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/gardenctl/garden/ports"
)

var _ ports.TOTP = Codes{}

// Period is the length of one time step.
const Period = 30

// Codes makes and checks TOTP codes.
type Codes struct{}

var opts = totp.ValidateOpts{Period: Period, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// NewSecret implements ports.TOTP: a 160-bit secret (RFC 4226's recommendation).
func (Codes) NewSecret(issuer, account string) (string, string, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Period: Period, SecretSize: 20,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", err
	}
	return key.Secret(), key.URL(), nil
}

// Match implements ports.TOTP. It computes the codes of the step before, the current step and
// the step after, and compares in constant time; the step is returned so that the caller can
// refuse a code whose step was already used (pquerna's Validate does not say which matched).
func (Codes) Match(secret, code string, at time.Time) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	step := at.Unix() / Period
	for _, s := range []int64{step - 1, step, step + 1} {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*Period, 0).UTC(), opts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// Code returns the code of secret at at: for tests and the development commands.
func Code(secret string, at time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, at, opts)
}
