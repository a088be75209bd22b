package inspect

import (
	"fmt"
	"net/url"
	"slices"

	"gaelab/web/bounded"
)

// Views answer from the stored analysis (issue #32, finding 4): an
// analysis is cached under its upload and its resolved config (the
// defaults, then the file's sidecar, then the query's keys), not under the
// query's spelling, so ?gamma=1.0, ?gamma=1 and no gamma at all are one
// analysis. A view's query is resolved before any analysis: an unknown key
// or a bad value is refused at once (400), and a view that needs a new
// analysis spends one of the address's uploads (meterView).

// sidecarBytes bounds the sidecars remembered per upload (a few hundred
// bytes each), which resolve a view's config without reading its file.
const sidecarBytes = 1 << 20

func newSidecarCache() *bounded.Cache[string, []byte] {
	return bounded.New(sidecarBytes, func(k string, v []byte) int { return bounded.StringBytes(k) + len(v) })
}

// unknownKey is the first key of a view's config that is no config key
// (ConfigKeys, format); nil when there is none.
func unknownKey(config url.Values) error {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range config {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		if k != "format" && !slices.Contains(ConfigKeys, k) {
			return errorf("invalid_value", k, "unknown query parameter (known: %v, %v)", inspectPageKeys, ConfigKeys)
		}
	}
	return nil
}

// resolveConfig is the config a query gives an upload whose sidecar is
// sidecar (nil: none), as Prepare resolves it, without the file.
func resolveConfig(sidecar []byte, q url.Values) (Config, error) {
	c := DefaultConfig()
	if err := c.ApplyQuery(url.Values{"response_length": q["response_length"]}); err != nil {
		return c, err
	}
	if sidecar != nil {
		if err := c.ApplySidecar(sidecar); err != nil {
			return c, err
		}
	}
	if err := c.ApplyQuery(q); err != nil {
		return c, err
	}
	c.Resolve()
	return c, c.Validate()
}

// analysisKey names an analysis: the upload's content (SHA-256, hex), the
// format it was read as and its resolved config, the kinds it allows
// among them (they make its verdict).
func analysisKey(sum, format string, c Config) string {
	allow := slices.Sorted(slices.Values(c.Allow))
	return fmt.Sprintf("%s|%s|%v|%v|%v|%q|%v|%q|%q|%d|%v|%q|%q", sum, format, c.Gamma, c.Lam, c.KLCoef, c.KLPenalty, c.UseKLInReward,
		c.Estimator, c.Ver, c.ResponseLength, c.NormAdvByStd, c.Ignored, allow)
}

// keep caches a as the analysis of the upload sum read with config, and
// remembers the upload's sidecar.
func (u *Uploads) keep(sum string, config url.Values, a *Analysis) {
	u.sidecars.Put(sum, sidecarOf(a))
	u.cache.Put(analysisKey(sum, config.Get("format"), a.Config), a)
}

// sidecarOf is an analysis's sidecar, never nil ([]byte{} for none), so
// that a remembered "none" is told from "not known".
func sidecarOf(a *Analysis) []byte {
	if a.Batch == nil || a.Batch.Sidecar == nil {
		return []byte{}
	}
	return a.Batch.Sidecar
}

// cached is the cached analysis the view's query resolves to, if its
// upload's sidecar is known here; a query that does not resolve is its
// error, before any analysis.
func (u *Uploads) cached(sum string, config url.Values) (*Analysis, bool, error) {
	sc, ok := u.sidecars.Get(sum)
	if !ok {
		return nil, false, nil
	}
	if len(sc) == 0 {
		sc = nil
	}
	c, err := resolveConfig(sc, config)
	if err != nil {
		return nil, false, err
	}
	a, ok := u.cache.Get(analysisKey(sum, config.Get("format"), c))
	return a, ok, nil
}
