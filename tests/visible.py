"""What a page shows its reader, for tests that a value is not leaked: the text and the form
values, not the URLs and element ids (where a primary key may happen to be 1987 or 2100)."""

from __future__ import annotations

import re


def shown(html: str) -> str:
    """The page's text and the values of its form fields, one string."""
    text = re.sub(r"<[^>]+>", " ", html)
    return " ".join([text, *re.findall(r'value="([^"]*)"', html)])
