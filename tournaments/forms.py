"""Forms of the arbiter's pages."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator

from pairing.engine import TIE_BREAKS, UnknownTieBreak, accelerated_round_count, tie_break
from tournaments import backup_restore
from tournaments.federations import federation_error, fide_id_problem
from tournaments.models import Entry, Tournament, parse_schedule, split_fide_id
from tournaments.registration import TITLES

TIE_BREAK_SLOTS = 5
MAX_ROUNDS = 99
"""TRF round columns are written for each round; no Swiss event has more."""
REPORT_FIELDS = (
    "chief_arbiter",
    "chief_arbiter_fide_id",
    "deputy_arbiters",
    "time_control",
    "time_control_code",
    "round_schedule",
)
"""The FIDE report's data (TRF records 102, 112, 122, 132; TRF26 222)."""
US_FIELDS = (
    "us_alternation_limit",
    "us_equalization_limit",
    "us_accelerated_rounds",
    "us_bye_for_colours",
    "us_bye_to_unrated",
    "us_bye_up_four_rounds",
    "us_harkness",
    "us_colour_priority",
    "us_colours_over_ratings",
    "us_no_third_colour",
    "us_teams_never",
    "us_teams_plus_two",
    "us_last_round_lot",
)
"""The US Chess Swiss TD settings (rules 28L, 28R, 28N, 29E), each with the rules' default."""
TIME_CONTROL_CODE = re.compile(r"(\d+/)?\d+(\+\d+)?(:(\d+/)?\d+(\+\d+)?)*")
POINT_FIELDS = {
    "win_points": "Win",
    "draw_points": "Draw",
    "loss_points": "Loss",
    "bye_points": "Pairing-allocated bye",
    "half_bye_points": "Requested half-point bye",
}
"""Model fields in half-points -> label; the form shows points (1, 0.5, 0)."""
ACCELERATION_FIELDS = ("acceleration", "accelerated_rounds")
ACCELERATION_SYSTEMS = (
    "Acceleration is applied with the FIDE Dutch system only: TCEC Swiss has none, and this "
    "program's Dubov engine does not apply virtual points."
)
BAKU_SCORING = (
    "Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)."
)
TIE_BREAK_CHOICES = [("", "—"), *((code, f"{code} · {tb.name}") for code, tb in TIE_BREAKS.items())]
TITLE_CHOICES = [("", "—"), *((t, t) for t in TITLES)]


def _stored_tie_break(code: str) -> tuple[str, tuple[str, str] | None]:
    """A stored tie-break as its slot shows it: the choice of the same tie-break (an imported
    TRF-2026 record 202 writes ``BH/C1`` for ``BH-C1``), or a choice of its own for one the list
    has not (``KS/L+1``, ``BH/C1/P``), so that saving the settings keeps it."""
    if not code:
        return "", None
    try:
        tb = tie_break(code)
    except UnknownTieBreak:
        return code, (code, code)
    if tb.code in TIE_BREAKS:
        return tb.code, None
    return tb.code, (tb.code, f"{tb.code} · {tb.name}")


def _points_field(label: str) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=Decimal(0),
        max_value=Decimal(50),
        decimal_places=1,
        widget=forms.NumberInput(attrs={"step": "0.5", "inputmode": "decimal"}),
    )


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament. Points are entered as points and stored in half-points;
    the tie-breaks are chosen in order from the C.07 list."""

    class Meta:
        model = Tournament
        fields = (
            "name",
            "place",
            "federation",
            "start_date",
            "end_date",
            "pairing_system",
            "dutch_edition",
            "dubov_edition",
            "rounds",
            "initial_colour",
            "seeding",
            "late_entry_bye",
            "pairing_rating",
            "rating_system",
            "fide_rated",
            "fide_rating_type",
            "acceleration",
            "accelerated_rounds",
            *US_FIELDS,
            *REPORT_FIELDS,
        )
        labels = {
            "initial_colour": "Colour of the top seed in round 1",
            "late_entry_bye": "Late entries",
            "pairing_rating": "Paired on",
            "rating_system": "Rated in (US Chess)",
        }
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
            "deputy_arbiters": forms.Textarea(attrs={"rows": 2}),
            "round_schedule": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args: Any, paired_rounds: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.paired_rounds = paired_rounds
        self.kept_accelerated: int | None = None
        """The accelerated rounds to store when the rounds change after round 1 (Baku)."""
        for name in ("dutch_edition", "dubov_edition", *US_FIELDS):
            self.fields[name].required = False  # left out: the tournament's (2026 if new)
        self.fields["rounds"].validators += [MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
        self.fields["rounds"].widget.attrs.update(min=1, max=MAX_ROUNDS)
        self.fields["pairing_rating"].required = False  # FIDE when not given
        self.fields["fide_rating_type"].required = False  # standard when not given
        for name, label in POINT_FIELDS.items():
            self.fields[name.removesuffix("_points")] = _points_field(label)
            self.initial[name.removesuffix("_points")] = Decimal(getattr(self.instance, name)) / 2
        codes = self.instance.tie_break_codes
        for i in range(TIE_BREAK_SLOTS):
            code, choice = _stored_tie_break(codes[i] if i < len(codes) else "")
            self.fields[f"tie_break_{i + 1}"] = forms.ChoiceField(
                label=f"Tie-break {i + 1}",
                choices=TIE_BREAK_CHOICES + ([choice] if choice else []),
                required=False,
            )
            self.initial[f"tie_break_{i + 1}"] = code
        if self.instance.acceleration != Tournament.Acceleration.EXPLICIT:
            explicit = Tournament.Acceleration.EXPLICIT  # only imported files have them
            field = self.fields["acceleration"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [c for c in Tournament.Acceleration.choices if c[0] != explicit]
        if paired_rounds:
            fixed = (
                "pairing_system",
                "dutch_edition",
                "dubov_edition",
                "initial_colour",
                "seeding",
            )
            for name in (*fixed, *ACCELERATION_FIELDS):
                self.fields[name].disabled = True
                self.fields[name].help_text = "Fixed once round 1 is paired."

    def clean_fide_rating_type(self) -> str:
        return self.cleaned_data.get("fide_rating_type") or Tournament.FideRatingType.STANDARD

    def clean_pairing_rating(self) -> str:
        return self.cleaned_data.get("pairing_rating") or Tournament.PairingRating.FIDE

    @property
    def point_fields(self) -> list[forms.BoundField]:
        return [self[name.removesuffix("_points")] for name in POINT_FIELDS]

    @property
    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_break_{i + 1}"] for i in range(TIE_BREAK_SLOTS)]

    @property
    def main_fields(self) -> list[forms.BoundField]:
        other = (*REPORT_FIELDS, *US_FIELDS)
        return [self[name] for name in self.Meta.fields if name not in other]

    @property
    def us_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in US_FIELDS]

    @property
    def report_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in REPORT_FIELDS]

    def clean_federation(self) -> str:
        fed = str(self.cleaned_data.get("federation") or "").strip().upper()
        if fed and (error := federation_error(fed)):
            raise forms.ValidationError(error)
        return fed

    def clean_chief_arbiter_fide_id(self) -> str:
        fide_id = str(self.cleaned_data.get("chief_arbiter_fide_id") or "").strip()
        if fide_id and (problem := fide_id_problem(fide_id)):
            raise forms.ValidationError(f"A FIDE ID {problem}.")
        return fide_id

    def clean_deputy_arbiters(self) -> str:
        lines = [
            " ".join(x.split())
            for x in str(self.cleaned_data.get("deputy_arbiters") or "").splitlines()
            if x.strip()
        ]
        for number, line in enumerate(lines, start=1):
            name, _ = split_fide_id(line)
            if not name or len(line) > 75:
                raise forms.ValidationError(
                    f"Line {number}: a name (at most 60 characters), then the FIDE ID."
                )
        return "\n".join(lines)

    def clean_time_control_code(self) -> str:
        code = str(self.cleaned_data.get("time_control_code") or "").replace(" ", "")
        if code and not TIME_CONTROL_CODE.fullmatch(code):
            raise forms.ValidationError(
                "Seconds per period and increment, e.g. 5400+30 or 40/5400+30:1800+30."
            )
        return code

    def clean_round_schedule(self) -> str:
        text = str(self.cleaned_data.get("round_schedule") or "")
        try:
            starts = parse_schedule(text)
        except ValueError as e:
            raise forms.ValidationError(f"The {e}.") from e
        # The year padded by hand: strftime's %Y writes year 1 as "1", which does not read
        # back (issue 23, item 13: "0001-01-01" answered 500).
        return "\n".join(
            f"{s.year:04d}-{s:%m-%d}" + ("" if (s.hour, s.minute) == (0, 0) else f" {s:%H:%M}")
            for s in starts
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("dutch_edition", "dubov_edition", *US_FIELDS[:3], "us_colour_priority"):
            if data.get(name) in (None, ""):  # left out: the tournament's, or the rules'
                data[name] = getattr(self.instance, name)
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The tournament cannot end before it starts.")
        points = {name: data.get(name.removesuffix("_points")) for name in POINT_FIELDS}
        for name, value in points.items():
            if value is not None and value * 2 != int(value * 2):
                self.add_error(name.removesuffix("_points"), "Use whole or half points.")
        win, draw, loss = points["win_points"], points["draw_points"], points["loss_points"]
        if None not in (win, draw, loss) and not (win >= draw >= loss):  # type: ignore[operator]
            self.add_error("draw", "A win must be worth at least a draw, a draw at least a loss.")
        codes = [data.get(f"tie_break_{i + 1}") for i in range(TIE_BREAK_SLOTS)]
        chosen = [c for c in codes if c]
        if len(set(chosen)) != len(chosen):
            self.add_error("tie_break_1", "Each tie-break can be chosen once.")
        rounds = data.get("rounds")
        if rounds is not None and rounds < self.paired_rounds:
            self.add_error("rounds", f"{self.paired_rounds} rounds are already paired.")
        self._clean_acceleration(data, points)
        self._clean_us(data)
        self._check_schedule(data)
        return data

    def _clean_acceleration(self, data: dict[str, Any], points: dict[str, Any]) -> None:
        """C.04.7: Baku for the Dutch system, with a win worth two draws and a loss nothing,
        and no more accelerated rounds than rounds."""
        acceleration = data.get("acceleration")
        accelerated, rounds = data.get("accelerated_rounds"), data.get("rounds")
        if acceleration and data.get("pairing_system") != Tournament.PairingSystem.DUTCH:
            self.add_error("acceleration", ACCELERATION_SYSTEMS)
        if acceleration == Tournament.Acceleration.BAKU:
            win, draw, loss = points["win_points"], points["draw_points"], points["loss_points"]
            if None not in (win, draw, loss) and (win != 2 * draw or loss != 0):
                self.add_error("acceleration", BAKU_SCORING)
        if accelerated is not None:
            if acceleration != Tournament.Acceleration.BAKU:
                self.add_error("accelerated_rounds", "Only with Baku acceleration.")
            elif accelerated < 1 or (rounds is not None and accelerated > rounds):
                self.add_error("accelerated_rounds", "Between 1 and the number of rounds.")
        self._keep_accelerated_rounds(rounds)

    def _keep_accelerated_rounds(self, rounds: int | None) -> None:
        """Once round 1 is paired, the rule's number of accelerated rounds (half the rounds,
        C.04.7 1.4) is kept when the rounds change: the rounds paired keep their virtual
        points. Fewer rounds than that number is an error."""
        t = self.instance
        if not self.paired_rounds or t.acceleration != Tournament.Acceleration.BAKU:
            return
        if t.accelerated_rounds is not None or rounds is None or rounds == t.rounds:
            return
        kept = accelerated_round_count(t.rounds)
        if rounds < kept:
            self.add_error(
                "rounds",
                f"Baku acceleration: the first {kept} rounds are accelerated (half of "
                f"{t.rounds}, fixed once round 1 is paired); at least {kept} rounds.",
            )
        self.kept_accelerated = kept

    def _clean_us(self, data: dict[str, Any]) -> None:
        """29E5: the 80-point limit lies within the 200-point one; 28R1: at most the rounds."""
        alternation, equalization = (
            data.get("us_alternation_limit"),
            data.get("us_equalization_limit"),
        )
        if alternation is not None and equalization is not None and alternation > equalization:
            self.add_error("us_alternation_limit", "At most the 200-point rule's limit.")
        accelerated, rounds = data.get("us_accelerated_rounds"), data.get("rounds")
        if accelerated and rounds is not None and accelerated > rounds:
            self.add_error("us_accelerated_rounds", "At most the number of rounds.")

    def _check_schedule(self, data: dict[str, Any]) -> None:
        starts = parse_schedule(data.get("round_schedule") or "")
        rounds, start, end = data.get("rounds"), data.get("start_date"), data.get("end_date")
        if rounds is not None and len(starts) > rounds:
            self.add_error("round_schedule", f"{len(starts)} lines for {rounds} rounds.")
        outside = [
            n for n, s in enumerate(starts, 1) if start and end and not start <= s.date() <= end
        ]
        if outside:
            self.add_error(
                "round_schedule", f"Round {outside[0]} is not between the start and end dates."
            )
        if starts != sorted(starts):
            self.add_error("round_schedule", "The rounds must be in order.")

    def save(self, commit: bool = True) -> Tournament:
        tournament: Tournament = super().save(commit=False)
        for name in POINT_FIELDS:
            value = self.cleaned_data.get(name.removesuffix("_points"))
            if value is not None:
                setattr(tournament, name, int(value * 2))
        tournament.tie_breaks = ",".join(
            code
            for i in range(TIE_BREAK_SLOTS)
            if (code := self.cleaned_data.get(f"tie_break_{i + 1}"))
        )
        if self.kept_accelerated is not None:
            tournament.accelerated_rounds = self.kept_accelerated
        if commit:
            if tournament.pk is None:
                tournament.save()
            else:  # never write back a revision read before (see Tournament.revision)
                tournament.save(update_fields=[*self.Meta.fields, *POINT_FIELDS, "tie_breaks"])
        return tournament


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{-(-n // 1024)} KB"


def file_or_text(data: dict[str, Any], missing: str) -> dict[str, Any]:
    """An uploaded file (UTF-8, else Latin-1) replaces the pasted text; one of them is needed.
    Either is at most ``IMPORT_MAX_BYTES`` and text (a NUL byte means it is not)."""
    limit = settings.IMPORT_MAX_BYTES
    upload = data.get("file")
    if upload:
        if upload.size > limit:
            raise forms.ValidationError(
                f"The file is {_size(upload.size)}; the limit is {_size(limit)}."
            )
        raw = upload.read()
        try:
            data["text"] = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            data["text"] = raw.decode("latin-1")
    text = data.get("text", "")
    if len(text.encode()) > limit:
        raise forms.ValidationError(
            f"The text is {_size(len(text.encode()))}; the limit is {_size(limit)}."
        )
    if "\x00" in text:
        raise forms.ValidationError("This is not a text file (it holds NUL bytes).")
    if not text.strip():
        raise forms.ValidationError(missing)
    return data


class TrfImportForm(forms.Form):
    file = forms.FileField(required=False, label="TRF file")
    text = forms.CharField(
        required=False,
        label="…or paste the file",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "mono"}),
    )
    name = forms.CharField(
        max_length=200, required=False, help_text="Leave empty to use the name in the file."
    )
    pairing_system = forms.ChoiceField(
        choices=[
            ("", "As written in the file (Dutch if not said)"),
            *Tournament.PairingSystem.choices,
        ],
        required=False,
    )
    dutch_edition = forms.ChoiceField(
        label="Dutch rules",
        choices=[("", "As written in the file (record 192)"), *Tournament.DutchEdition.choices],
        required=False,
        help_text="For a FIDE Dutch tournament whose file does not name the edition.",
    )
    dubov_edition = forms.ChoiceField(
        label="Dubov rules",
        choices=[("", "As written in the file (record 192)"), *Tournament.DubovEdition.choices],
        required=False,
        help_text="For a FIDE Dubov tournament whose file does not name the edition.",
    )

    def clean(self) -> dict[str, Any]:
        return file_or_text(super().clean() or {}, "Choose a file or paste its text.")


class BackupRestoreForm(forms.Form):
    file = forms.FileField(
        label="Backup file",
        help_text="A .backup.json file from a tournament's “Download backup”.",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > backup_restore.max_bytes():
            raise forms.ValidationError(
                f"The file is larger than {backup_restore.size(backup_restore.max_bytes())}: "
                f"this is not a backup of one tournament."
            )
        return upload


# -- events and sections -------------------------------------------------------------------------


# -- forbidden pairs and fixed boards ------------------------------------------------------------


class TrfExportForm(forms.Form):
    """What a TRF export holds: the published rounds, or the draft too as the next round;
    TRF16 or TRF26 (which adds record 222, the encoded time control)."""

    ROUNDS_CHOICES = (
        ("published", "the published rounds only"),
        ("draft", "the published rounds and the draft as the next round (no results)"),
    )
    rounds = forms.ChoiceField(choices=ROUNDS_CHOICES, initial="published", required=False)
    version = forms.TypedChoiceField(
        choices=((16, "TRF16"), (26, "TRF26")), coerce=int, initial=16, required=False
    )


class NormSettingsForm(forms.Form):
    """The norms dashboard's settings: the event's exemption from the foreigner requirement
    (FIDE B.01 1.4.3 a-c) and the players outside FIDE (1.4.2 a)."""

    exemption = forms.ChoiceField(
        label="Exemption from the foreigner requirement",
        choices=Tournament.NormExemption.choices,
        required=False,
    )
    outside_fide = forms.TypedMultipleChoiceField(
        label="Players outside FIDE (their games do not count for norms)",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, tournament: Tournament, entries: list[Entry], **kwargs: Any):
        super().__init__(*args, **kwargs)
        field = self.fields["outside_fide"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = [(e.pk, f"{e.pairing_number}. {e.name} ({e.federation})") for e in entries]
        self.initial = {
            "exemption": tournament.norm_exemption,
            "outside_fide": [e.pk for e in entries if e.outside_fide],
        }
