package cli

import (
	"errors"
	"sort"
	"strings"

	"github.com/gardenctl/garden/core/domain"
)

// OneLine renders an error as the single line gardenctl prints before exiting: a domain error's
// field messages joined, anything else as it is.
func OneLine(err error) string {
	var de *domain.Error
	if errors.As(err, &de) && len(de.Fields) > 1 {
		msgs := make([]string, 0, len(de.Fields))
		for _, m := range de.Fields {
			msgs = append(msgs, m)
		}
		sort.Strings(msgs)
		return strings.Join(msgs, "; ")
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}
