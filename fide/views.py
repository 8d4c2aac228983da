"""The FIDE list pages: the upload page and its progress (administrators and rating officers
only), and the look-up the arbiters' registration uses (``GET /fide/lookup/?q=``)."""

from __future__ import annotations

import os
import tempfile
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.middleware import HtmxDetails

from fide import jobs
from fide.forms import LookupForm, UploadForm
from fide.importer import current_list
from fide.lookup import LIMIT, lookup
from fide.models import FideList
from ratings.groups import RATING_OFFICERS

HISTORY_SHOWN = 12
"""Earlier imports listed on the upload page."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def may_import(user: Any) -> bool:
    """Administrators (superusers) and rating officers (staff in the Rating officers group)
    import the list; everybody else only reads it."""
    if not user.is_authenticated or not user.is_active:
        return False
    return bool(
        user.is_superuser or (user.is_staff and user.groups.filter(name=RATING_OFFICERS).exists())
    )


def _officer(request: HttpRequest) -> None:
    if not may_import(request.user):
        raise PermissionDenied("Only administrators and rating officers import the FIDE list.")


def _upload_page(request: HttpRequest, form: UploadForm, status: int = 200) -> HttpResponse:
    context = {
        "form": form,
        "current": current_list(),
        "history": FideList.objects.select_related("imported_by")[:HISTORY_SHOWN],
    }
    return render(request, "fide/upload.html", context, status=status)


@csrf_exempt  # checked in _upload, after the permission: the CSRF check reads the body
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    """Refuse anybody but an officer before the body (up to 1 GiB) is read; only then the
    CSRF check (which reads the multipart body for the token) and the import."""
    _officer(request)
    return _upload(request)


@csrf_protect
def _upload(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _upload_page(request, UploadForm())
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _upload_page(request, form, 400)
    upload = form.cleaned_data["file"]
    handle, path = tempfile.mkstemp(prefix="fide-list-")
    with os.fdopen(handle, "wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    job_id = jobs.start(path, upload.name, upload.size, form.cleaned_data["month"], request.user.pk)
    return redirect("fide_import_progress", job_id=job_id)


@require_GET
def import_progress(request: HtmxHttpRequest, job_id: str) -> HttpResponse:
    """The job's progress: polled by htmx while running (the partial), reloaded without
    JavaScript."""
    _officer(request)
    job = jobs.state(job_id)
    if job is None:
        raise Http404("No such import (or it finished more than a day ago).")
    list_id = job.get("list_id")
    imported = FideList.objects.filter(pk=list_id).first() if list_id else None
    context = {"job": job, "job_id": job_id, "imported": imported}
    template = "fide/progress.html#progress" if request.htmx else "fide/progress.html"
    return render(request, template, context)  # 200 even when failed: htmx swaps it in


@require_GET
@login_required
def lookup_players(request: HtmxHttpRequest) -> HttpResponse:
    """Players of the list matching ``q`` (a FIDE ID or the start of a name): the partial for
    htmx (the registration's picker), the page otherwise."""
    form = LookupForm(request.GET or None)
    q = form.cleaned_data["q"] if form.is_valid() else ""
    try:
        limit = min(max(int(request.GET.get("limit", LIMIT)), 1), 100)
    except ValueError:
        limit = LIMIT
    context = {"form": form, "q": q, "players": lookup(q, limit), "current": current_list()}
    template = "fide/lookup.html#results" if request.htmx else "fide/lookup.html"
    return render(request, template, context)
