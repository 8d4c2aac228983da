"""Refuse a request whose body is larger than ``REQUEST_MAX_BYTES`` before anything reads it,
with a page that says the limit (a 100 MB upload is never received)."""

from __future__ import annotations

from collections.abc import Callable

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

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


class ConstantCSPMiddleware(CSPMiddleware):
    """django-csp's middleware with the policies built once (issue 27: building the policy and
    the report-only one at every answer was a third of a poll's time in Django). They are the
    settings' (``CONTENT_SECURITY_POLICY``, ``CONTENT_SECURITY_POLICY_REPORT_ONLY``), the same
    for every answer, unless a view changes them for its own answer (django-csp's decorators)
    or uses a nonce: then django-csp builds that answer's as usual."""

    OVERRIDES = (
        "_csp_config",
        "_csp_update",
        "_csp_replace",
        "_csp_config_ro",
        "_csp_update_ro",
        "_csp_replace_ro",
    )

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        super().__init__(get_response)
        self.policies = []
        for header, report_only, setting, exempt in (
            (HEADER, False, "CONTENT_SECURITY_POLICY", "_csp_exempt"),
            (HEADER_REPORT_ONLY, True, "CONTENT_SECURITY_POLICY_REPORT_ONLY", "_csp_exempt_ro"),
        ):
            policy = build_policy(report_only=report_only)
            prefixes = tuple(
                (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            )
            if policy:
                self.policies.append((header, policy, prefixes, exempt))

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        plain = getattr(request, "_csp_nonce", None) is None and not any(
            hasattr(response, name) for name in self.OVERRIDES
        )
        debug_page = response.status_code in (500, 404) and settings.DEBUG
        if not plain or debug_page:
            return super().process_response(request, response)
        for header, policy, prefixes, exempt in self.policies:  # as django-csp does
            if (
                header not in response
                and not getattr(response, exempt, False)
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = policy
        # what django-csp does next: a nonce asked for after the header was written is an error
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
