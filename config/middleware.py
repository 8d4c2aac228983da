"""Refuse a request whose body is larger than ``REQUEST_MAX_BYTES`` before anything reads it,
with a page that says the limit (a 100 MB upload is never received)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from config.views import too_large


class RequestSizeLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        raw = request.META.get("CONTENT_LENGTH") or "0"
        size = int(raw) if raw.isascii() and raw.isdigit() else 0
        limits = getattr(settings, "REQUEST_MAX_BYTES_BY_PATH", {})
        limit = limits.get(request.path_info, settings.REQUEST_MAX_BYTES)
        if size > limit:
            response = too_large(limit)
            response["Connection"] = "close"  # the rest of the body is never read
            return response
        return self.get_response(request)
