// Package class is the live class: join codes, teacher keys, device and
// CSRF tokens, what a question asks and how its answers add up, and the
// fan-out of a class's events to the streams that follow it. The database
// parts it uses are store.Classes, store.Events and store.Secrets; its
// pages, phones, streams and API are here too (Room).
package class

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"log/slog"
	"strings"
	"time"

	"gaelab/web/store"
)

// CodeAlphabet is what join codes are made of: digits and capitals without
// the ones read alike (0 O, 1 I L, U V).
const CodeAlphabet = "23456789ABCDEFGHJKMNPQRSTWXYZ"

// CodeLen is the length of a join code: 29^6 ≈ 5.9e8 codes.
const CodeLen = 6

// NewCode returns a random join code.
func NewCode() string { return randomCode(CodeLen) }

// randomCode is n random characters of CodeAlphabet.
func randomCode(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		// 256 % 29 leaves a bias below 1%: harmless for a code that is not a secret.
		b[i] = CodeAlphabet[int(b[i])%len(CodeAlphabet)]
	}
	return string(b)
}

// NormalizeCode reads a code as a person types it: case, spaces and dashes
// do not matter. ok is false when it cannot be a code.
func NormalizeCode(s string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch r {
		case ' ', '-', '\t':
			continue
		}
		if !strings.ContainsRune(CodeAlphabet, r) || b.Len() >= CodeLen {
			return "", false
		}
		b.WriteRune(r)
	}
	if b.Len() < 5 {
		return "", false
	}
	return b.String(), true
}

// NewKey returns a teacher key: 256 random bits, URL-safe.
func NewKey() string { return randomToken(32) }

// HashKey is what the store keeps of a key.
func HashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// KeyMatches reports whether key is the one whose hash is stored, in
// constant time.
func KeyMatches(key, hash string) bool {
	if key == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(HashKey(key)), []byte(hash)) == 1
}

func randomToken(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Signer makes and checks tokens signed with a key every replica shares
// (store.Secret): "random.signature", or "random.signature.tag" when the
// signer has a tag (the store's fingerprint: which database signed it).
type Signer struct {
	key []byte
	tag string
}

// Tagged is s making tokens that end in ".tag" (it checks tokens with or
// without one).
func (s Signer) Tagged(tag string) Signer {
	s.tag = tag
	return s
}

// tokenTag is a token's tag, "" when it has none.
func tokenTag(token string) string {
	if parts := strings.Split(token, "."); len(parts) == 3 {
		return parts[2]
	}
	return ""
}

// NewSigner returns a signer whose key is the store's secret called name.
func NewSigner(ctx context.Context, s store.Secrets, name string) (Signer, error) {
	key, err := s.Secret(ctx, name, 32)
	return Signer{key: key}, err
}

// New returns a fresh signed token.
func (s Signer) New() string {
	id := randomToken(16)
	if s.tag != "" {
		return id + "." + s.sign(id) + "." + s.tag
	}
	return id + "." + s.sign(id)
}

// Check returns the token's random part if the signature is ours.
func (s Signer) Check(token string) (string, bool) {
	id, sig, ok := strings.Cut(token, ".")
	if !ok || len(id) != 22 || len(s.key) == 0 {
		return "", false
	}
	sig, _, _ = strings.Cut(sig, ".") // the tag is a hint, not signed: it only names the database in an error
	return id, hmac.Equal([]byte(sig), []byte(s.sign(id)))
}

func (s Signer) sign(id string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Sweep deletes expired classes, and forgets the addresses whose seats
// are all back, now and then every interval until ctx is done.
func Sweep(ctx context.Context, s interface {
	store.Classes
	store.Seats
	store.Quotas
}, interval time.Duration, logger *slog.Logger) {
	for {
		n, err := s.DeleteExpired(ctx, time.Now())
		if err != nil && ctx.Err() == nil {
			logger.Error("class sweep", "err", err)
		} else if n > 0 {
			logger.Info("class sweep", "deleted", n)
		}
		if _, err := s.DeleteFullSeats(ctx, time.Now()); err != nil && ctx.Err() == nil {
			logger.Error("class sweep: seats", "err", err)
		}
		if _, err := s.DeleteFullQuotas(ctx, time.Now()); err != nil && ctx.Err() == nil {
			logger.Error("class sweep: quotas", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}
