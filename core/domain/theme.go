package domain

// Theme is how the web app looks for a gardener (issue #25 item 6): the device's preference
// ("system", the default), light or dark. It is saved per user so every device follows it.
type Theme string

// The themes.
const (
	ThemeSystem Theme = "system"
	ThemeLight  Theme = "light"
	ThemeDark   Theme = "dark"
)

// MsgTheme answers a theme that is none of the three.
const MsgTheme = "Theme must be system, light or dark"

// ValidateTheme checks that t is one of the three themes.
func ValidateTheme(t Theme) error {
	switch t {
	case ThemeSystem, ThemeLight, ThemeDark:
		return nil
	}
	return &Error{Code: EInvalid, Message: MsgTheme, Fields: map[string]string{"theme": MsgTheme}}
}

// OrSystem is t, or "system" when unset.
func (t Theme) OrSystem() Theme {
	if t == "" {
		return ThemeSystem
	}
	return t
}
