"""USCF rating records, rating history and corrections (see issue 7)."""
