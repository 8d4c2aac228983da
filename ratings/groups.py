"""The "Rating officers" group and its permissions.

Created by migration ``0002_rating_officers`` and again after every ``migrate``/``flush``
(``post_migrate``), so that a database flushed by a transactional test still has it.
"""

from __future__ import annotations

from typing import Any

from tournaments.roles import ensure_group

RATING_OFFICERS = "Rating officers"

PERMISSIONS = [
    ("ratings", "ratingrecord", "correct_rating", "Can correct a rating (with a reason)"),
    ("ratings", "ratingrecord", "view_ratingrecord", "Can view rating record"),
    ("ratings", "ratingcorrection", "view_ratingcorrection", "Can view rating correction"),
    ("ratings", "ratedevent", "view_ratedevent", "Can view rated event"),
    ("ratings", "ratingchange", "view_ratingchange", "Can view rating change"),
    ("ratings", "rerating", "view_rerating", "Can view re-rating"),
    (
        "ratings",
        "ratingrequest",
        "apply_rating",
        "Can apply or reject an event submitted for rating",
    ),
    ("ratings", "ratingrequest", "view_ratingrequest", "Can view rating request"),
    ("ratings", "uscfmember", "view_uscfmember", "Can view US Chess member"),
    ("ratings", "event", "view_event", "Can view event"),
    ("players", "player", "view_player", "Can view player"),
    ("players", "player", "change_player", "Can change player"),
    ("tournaments", "entry", "view_entry", "Can view entry"),
]
"""(app label, model, codename, name): correct ratings, apply (or reject) events submitted for
rating, view every ratings model (the imported US Chess supplement too) and the events, view
and correct the shared player identities and see the entries linked to them (tournaments only
ever change their own entries)."""


def ensure_rating_officers(apps: Any, using: str = "default") -> None:
    """Create the Rating officers group and its permissions when missing."""
    ensure_group(apps, RATING_OFFICERS, PERMISSIONS, using)


def on_post_migrate(sender: Any, apps: Any = None, using: str = "default", **kwargs: Any) -> None:
    if apps is None:
        return
    try:
        apps.get_model("ratings", "RatingRecord")
        apps.get_model("auth", "Group")
    except LookupError:  # migrating backwards, or the tables do not exist yet
        return
    ensure_rating_officers(apps, using)
