"""The lossless backup of one tournament (docs/backup.md): download it, restore it as a new
tournament."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from tournaments import backup, backup_restore
from tournaments.forms import BackupRestoreForm
from tournaments.views.access import (
    HtmxHttpRequest,
    _get_tournament_for_arbiter,
    _require_tournament_creator,
    posted,
)


@login_required
@require_safe
def tournament_backup(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Everything the tournament owns as a JSON file. Arbiters only: it holds birth dates."""
    tournament = _get_tournament_for_arbiter(request, pk)
    text = backup.export_json(tournament)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="{name}-{day}.backup.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def tournament_restore(request: HtmxHttpRequest) -> HttpResponse:
    """A new tournament from a backup file (members of the Arbiters group); whoever restores
    it becomes its arbiter. A file with a problem saves nothing and names where it is."""
    _require_tournament_creator(request)
    form = BackupRestoreForm(*posted(request, files=True))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = backup_restore.restore(
                form.cleaned_data["file"].read(), request.user.pk or 0, mark=True
            )
        except backup.BackupError as e:
            form.add_error("file", f"This backup cannot be restored: {e}")
        else:
            messages.success(request, f"Restored as {tournament.name}.")
            return redirect("tournament_manage", tournament.pk)
    return render(request, "tournaments/tournament_restore.html", {"form": form})
