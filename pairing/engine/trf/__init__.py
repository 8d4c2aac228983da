"""FIDE Tournament Report File (TRF16, TRF26) reader and writer, with the engine extensions
(``XXR``, ``XXC``, ``XXS``, ``XXA``, ``XXP``, ``XXZ``, ``XXT``, bbpPairings ``BB?``) and this
program's ``XXF`` (a player's fixed board: ``XXF NNNN BBBB``, the starting rank at columns
5-8, the board number at 10-13, one line per player).

Reading either succeeds completely or raises :class:`TrfError` naming the line and column;
nothing is half-loaded. Column numbers below are 1-based, as in the FIDE text.
"""

from pairing.engine.trf.reader import load_trf, read_trf
from pairing.engine.trf.writer import write_trf

__all__ = ["load_trf", "read_trf", "write_trf"]
