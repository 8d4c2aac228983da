"""Error pages that say what happened and what to do, never a traceback: a request too large
(413), the database down (503), anything else (500). They render without the database, the
session or the logged-in user, which may be what failed."""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from config.health import database_problem

logger = logging.getLogger("swissmanager")


def error_page(status: int, title: str, message: str) -> HttpResponse:
    html = render_to_string("error.html", {"title": title, "message": message})
    response = HttpResponse(html, status=status)
    response["Cache-Control"] = "no-store"
    return response


def too_large(limit: int) -> HttpResponse:
    return error_page(
        413,
        "Too large",
        f"The request is larger than this server accepts ({limit / 2**20:.0f} MB). A TRF or "
        f"player list to import may be at most {settings.IMPORT_MAX_BYTES / 2**20:.0f} MB; "
        f"split it into smaller files.",
    )


def database_down(problem: str) -> HttpResponse:
    response = error_page(
        503,
        "The database is not reachable",
        "The server cannot reach its database right now; nothing was changed. Try again in a "
        "minute. (The server's log says why; the administrator should check DATABASE_URL.)",
    )
    response["Retry-After"] = "30"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return too_large(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    return error_page(400, "Bad request", "The server could not understand this request.")


def server_error(request: HttpRequest) -> HttpResponse:
    error = sys.exc_info()[1]
    if isinstance(error, DatabaseError) and (problem := database_problem()):
        logger.error("%s", problem)
        return database_down(problem)
    return error_page(
        500,
        "Something went wrong",
        "The server could not answer this request; it has been logged. Nothing was half-saved: "
        "every change is made whole or not at all. Try again, or go back.",
    )
