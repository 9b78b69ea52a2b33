"""hexfort's desktop application (Qt). Imports Qt lazily so the CLI works without it."""
