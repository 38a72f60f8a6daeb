// Package ports declares the interfaces the core needs from the outside world, in domain
// vocabulary. Adapters implement them; ports/porttest holds the contract suites every adapter
// of a port must pass.
package ports
