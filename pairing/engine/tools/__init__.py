"""Tools around the pairing systems: the free pairing checker, the random tournament
generator, and the rule checks of hand-adjusted pairings."""
