"""A live section that a new revision does not change keeps the section of before (issue 27).

A result changes a few of a tournament's live sections (the pairings that show it, the two
players' pages), not all of them: the standings count the finished rounds only, and a
player's page shows their own games and place. A section computed for a new revision whose
content is that of the section computed last is not stored anew: the section of before
(its HTML, its gzipped bytes and the revision it shows, hence its ETag) answers for the new
revision too, so its polls stay 304 (nothing new for the phone) and nothing is gzipped again.

Two ways to know that nothing changed, both exact:

- a player's page (computed by the hundred in one pass, ``public/views.py``): a digest of
  everything its section shows (:func:`digest` of the build's context and the few values the
  template reads from the tournament and its view), kept with the page's pointer to the
  section computed last (``live.latest_key``); equal digests, and the template is not
  rendered at all;
- every other section: rendered, then compared with the section of before, their
  ``data-revision`` aside (:func:`same`)."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import fractions
import hashlib
from typing import Any, TypeGuard

from django.db import models

PLAIN = (str, int, float, bool, fractions.Fraction, decimal.Decimal, datetime.date)


class Unknown(Exception):
    """A value :func:`inputs` cannot take apart: the section is rendered."""


def inputs(value: Any) -> Any:
    """``value`` as plain nested tuples of what it holds: a model instance's every column
    (its related rows are named by their keys: what a section shows of them is passed on its
    own), a dataclass's every field, the items of a list, tuple or dict. Anything else raises
    :class:`Unknown`."""
    if value is None or isinstance(value, PLAIN):
        return value
    if isinstance(value, enum.Enum):
        return (type(value).__name__, inputs(value.value))
    if isinstance(value, models.Model):
        columns = tuple(getattr(value, f.attname) for f in value._meta.concrete_fields)
        return (type(value).__name__, tuple(inputs(c) for c in columns))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__name__, tuple(inputs(getattr(value, f.name)) for f in fields))
    if isinstance(value, list | tuple):
        return tuple(inputs(v) for v in value)
    if isinstance(value, dict):
        return tuple((inputs(k), inputs(v)) for k, v in value.items())
    raise Unknown(type(value).__name__)


def digest(*values: Any) -> str:
    """A digest of everything ``values`` hold (:func:`inputs`), or "" when one of them is of a
    kind it cannot take apart (then nothing is known: the section is rendered)."""
    try:
        plain = inputs(values)
    except Unknown:
        return ""
    return hashlib.blake2b(repr(plain).encode(), digest_size=16).hexdigest()


def same(
    before: Any, section: tuple[str, str, str, int]
) -> TypeGuard[tuple[str, str, str, int, bytes]]:
    """The section ``before`` (a section tuple: its HTML, the live round's label, the page
    title, the revision it shows) shows what ``section`` (the same, just rendered) shows."""
    if not isinstance(before, tuple) or len(before) != 5:
        return False
    html, label, title, revision = section
    shown = before[3]
    html = html.replace(f'data-revision="{revision}"', f'data-revision="{shown}"', 1)
    return before[:3] == (html, label, title)
