"""Who may do what (see the role matrix in tests/test_security.py and README "Accounts"):

* anybody: the public pages (read-only);
* members of the **Arbiters** group (and superusers): create tournaments, by hand or from a TRF
  file (``tournaments.add_tournament``); a tournament's creator becomes its arbiter;
* a tournament's arbiters (``Tournament.arbiters``): run that tournament and change its entries,
  nothing else; no global permission, no admin;
* **Rating officers** (``ratings.groups``, staff): correct ratings and the shared player
  identities in the admin;
* superusers: the admin, and adding people to these groups.

The group is created by migration ``0006_entry_owned_identity`` and again after every
``migrate``/``flush`` (``post_migrate``), like the rating officers.
"""

from __future__ import annotations

from typing import Any

ARBITERS = "Arbiters"
CREATE_TOURNAMENT = "tournaments.add_tournament"

PERMISSIONS = [("tournaments", "tournament", "add_tournament", "Can add tournament")]
"""(app label, model, codename, name) of the Arbiters group."""


def may_create_tournaments(user: Any) -> bool:
    """The user may create tournaments (a member of the Arbiters group, or a superuser)."""
    return bool(user.has_perm(CREATE_TOURNAMENT))


def ensure_group(
    apps: Any, name: str, permissions: list[tuple[str, str, str, str]], using: str = "default"
) -> None:
    """Create the group ``name`` with its ``permissions`` ((app label, model, codename, name)
    each) when missing (``apps``: an app registry, also a migration's)."""
    content_type = apps.get_model("contenttypes", "ContentType")
    permission = apps.get_model("auth", "Permission")
    group, _ = apps.get_model("auth", "Group").objects.using(using).get_or_create(name=name)
    for app_label, model, codename, label in permissions:
        ct, _ = content_type.objects.using(using).get_or_create(app_label=app_label, model=model)
        perm, _ = permission.objects.using(using).get_or_create(
            content_type=ct, codename=codename, defaults={"name": label}
        )
        group.permissions.add(perm)


def ensure_arbiters(apps: Any, using: str = "default") -> None:
    """Create the Arbiters group and its permission when missing."""
    ensure_group(apps, ARBITERS, PERMISSIONS, using)


def on_post_migrate(sender: Any, apps: Any = None, using: str = "default", **kwargs: Any) -> None:
    if apps is None:
        return
    try:
        apps.get_model("tournaments", "Tournament")
        apps.get_model("auth", "Group")
    except LookupError:  # migrating backwards, or the tables do not exist yet
        return
    ensure_arbiters(apps, using)
