"""QR codes of a tournament's public page (segno), as inline SVG: no image request, no CDN."""

from __future__ import annotations

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe


def public_url(request: HttpRequest, tournament_id: int) -> str:
    """The absolute address of the tournament's public pairings page."""
    return request.build_absolute_uri(reverse("tournament_detail", args=[tournament_id]))


def qr_svg(url: str, label: str = "") -> SafeString:
    """An SVG QR code of ``url`` that scales with its CSS width (segno escapes nothing into
    it but the path data and the title)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=1, border=2, omitsize=True, title=label or url)
    return mark_safe(svg)
