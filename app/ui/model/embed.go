package model

import (
	"net/url"
	"strconv"
	"strings"
)

// Embed is how the page runs inside another site's iframe.
type Embed struct {
	On bool
	// Origin is the "origin" parameter as given (kept in the address).
	Origin string
	// Target is the origin selections are posted to: the valid "origin"
	// parameter, else the referrer's origin. Empty: nothing is posted,
	// for the reason in Why.
	Target string
	Why    string
}

// OriginAccepted says what the origin parameter accepts.
const OriginAccepted = "an http or https origin such as https://portal.example.com (scheme://host[:port], nothing else)"

func loadEmbed(q url.Values) Embed {
	e := Embed{On: q.Get("embed") == "1", Origin: q.Get("origin")}
	if len(e.Origin) > 200 {
		e.Origin = e.Origin[:200]
	}
	if e.Origin != "" {
		if o, ok := Origin(e.Origin); ok {
			e.Target = o
		} else {
			e.Why = "the origin parameter " + strconv.Quote(e.Origin) + " is not " + OriginAccepted
		}
	}
	return e
}

// UseReferrer takes the embedding page's origin from the referrer when no
// origin parameter was given.
func (e *Embed) UseReferrer(ref string) {
	if !e.On || e.Origin != "" {
		return
	}
	u, err := url.Parse(ref)
	if ref == "" || err != nil {
		e.Why = "no origin parameter was given and the browser sent no referrer"
		return
	}
	o, ok := Origin(u.Scheme + "://" + u.Host)
	if !ok {
		e.Why = "no origin parameter was given and the referrer is not an http(s) page"
		return
	}
	e.Target = o
}

// Origin checks an origin: http or https, a host, an optional numeric
// port, and nothing else (no path, query, fragment or user). It returns
// the origin in canonical form (lower-case scheme and host).
func Origin(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery ||
		(u.Path != "" && u.Path != "/") || strings.HasSuffix(s, "#") {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" || u.Hostname() == "" {
		return "", false
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return "", false
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return "", false
	}
	for _, r := range u.Hostname() {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-:[]", r)) {
			return "", false
		}
	}
	return scheme + "://" + strings.ToLower(u.Host), true
}
