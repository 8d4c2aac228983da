"""The layout of the FIDE Tournament Report File: the columns and codes of its records (1-based
columns, as in the FIDE text)."""

from __future__ import annotations

ROUND_START = 92
"""Column of round 1's opponent; round r starts at 92 + 10 (r - 1)."""

GAME_CODES = set("10=WDL+- ")
BYE_CODES = set("HFUZ ")
OLD_BYE_CODES = {"+": "U", "-": "Z", "=": "H", "1": "F", "0": "Z", "W": "F", "D": "H", "L": "Z"}
"""Result codes seen with opponent 0000 in older files, read as the TRF26 bye codes."""
COMPLEMENT = {
    "1": "0",
    "0": "1",
    "=": "=",
    "+": "-",
    "-": "+-",
    "W": "L",
    "L": "W",
    "D": "D",
    " ": " ",
}
"""Result code of the opponent that is consistent with a code (``-`` allows double forfeit)."""

HEADER_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "system_code",
    "202": "tie_breaks",
}
IGNORED_COUNTS = {"062", "072"}
"""Records recomputed on writing (number of players, of rated players)."""
KEPT_VERBATIM = {
    "082",
    "172",
    "182",
    "212",
    "222",
    "013",
    "300",
    "310",
    "320",
    "330",
    "352",
    "362",
    "801",
    "802",
    "TNR",
    "ACC",
    "BYE",
    "FOR",
    "XXU",  # US Chess settings (pairing.engine.usswiss.settings)
}
"""Records accepted and written back unchanged, without meaning for pairing."""

XXS_FIELDS = {
    "W": ("win", "black_win"),
    "WW": ("win",),
    "BW": ("black_win",),
    "D": ("draw", "black_draw"),
    "WD": ("draw",),
    "BD": ("black_draw",),
    "WL": ("loss",),
    "BL": ("black_loss",),
    "L": ("loss", "black_loss"),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
}
BB_FIELDS = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}
RECORD_162_FIELDS = {
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "P": ("pab",),
    "X": (),
}
