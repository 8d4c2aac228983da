"""Fixtures of the FIDE list tests."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Group, User

from fide.importer import import_list
from fide.models import FideList
from tests.fide import lists


@pytest.fixture
def officer(db: None) -> User:
    from ratings.groups import RATING_OFFICERS, ensure_rating_officers

    ensure_rating_officers(django_apps)
    user = User.objects.create_user("officer", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name=RATING_OFFICERS))
    return user


@pytest.fixture
def imported(db: None) -> Callable[..., FideList]:
    """Import list bytes (default: the five players of ``tests.fide.lists``)."""

    def run(data: bytes | None = None, source: str = "players_list_foa.txt", **kw) -> FideList:
        return import_list(io.BytesIO(lists.txt() if data is None else data), source=source, **kw)

    return run
