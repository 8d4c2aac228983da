"""The public site: read-only pages of every tournament (pairings, standings, crosstable,
players, a player's games), live by polling, rendered from one snapshot and cached per
revision. No login, no model of its own; its URLs keep the paths printed on QR codes."""
