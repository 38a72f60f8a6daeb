package catalogue

// The store scraper's failures, which the plant database's admins read in an import's details
// and a preview's failures (translated by the HTTP adapter: each is a catalogue key). A value
// that is a failure itself (%v, the %s of a retry) is translated too.
const (
	MsgCatalogueTruncated   = "the catalogue has more than %d products; the rest were not read"
	MsgLinkOtherHost        = "not followed: the link is on another host than %s"
	MsgNextPageOtherHost    = "next listing page not followed: it is on another host than %s"
	MsgListingPageRest      = "listing page %d: %v; later pages were not read"
	MsgListingPage          = "listing page %d: %v"
	MsgNoPermalink          = "the product has no permalink or slug, so it has no page to link to"
	MsgNoHandle             = "the product has no handle, so it has no page to link to"
	MsgNoProductName        = "no product name found on the page"
	MsgTooManyRedirects     = "more than %d redirects"
	MsgNotFollowedOtherHost = "not followed: %s is on another host than %s"
	MsgNotImageAddress      = "not an http(s) image address: %s"
	MsgAfterRetry           = "%s after %d retry"
	MsgAfterRetries         = "%s after %d retries"
	MsgBadURL               = "bad URL %s: %v"
	MsgTooLargeAnswer       = "response larger than %d bytes refused"
	MsgTimedOut             = "timed out after %s"
	MsgCannotReach          = "cannot reach the store: %v"
	MsgHTTPStatus           = "HTTP %s"
	MsgWaitTooLong          = "%s: the store asked to wait %s, more than the %s allowed"
	MsgListingNotHTML       = "the listing page is not HTML"
	MsgPageNotHTML          = "the page is not HTML (%s)"
	MsgPageUnreadable       = "the page cannot be parsed: %v"
	MsgNotExpectedJSON      = "the answer is not the expected JSON: %v"
	MsgNoProductsArray      = "no products array"
	MsgRedirectOtherHost    = "redirect to another host refused: %s"
)
