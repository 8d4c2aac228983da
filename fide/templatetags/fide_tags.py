"""Template filters of the FIDE list: who sees the link to the upload page."""

from __future__ import annotations

from typing import Any

from django import template

from fide.views import may_import

register = template.Library()


@register.filter
def may_import_fide_list(user: Any) -> bool:
    """Administrators and rating officers (the upload page's own check)."""
    return may_import(user)
