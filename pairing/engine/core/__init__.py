"""What every pairing system shares: the tournament state (C.04.1 / C.04.2 bookkeeping),
errors, colour difference and preference, and the general handling rules."""
