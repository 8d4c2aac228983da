"""Forms of the arbiter's pages."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator

from pairing.engine import TIE_BREAKS
from tournaments import backup_restore
from tournaments.csv_import import CsvDecisions
from tournaments.federations import federation_error
from tournaments.identity import Candidate, PlayerData
from tournaments.models import Entry, Event, Game, Player, Tournament, parse_schedule, split_fide_id
from tournaments.registration import MAX_RATING, TITLES, Availability, check

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
            "rounds",
            "initial_colour",
            "seeding",
            "late_entry_bye",
            "pairing_rating",
            "rating_system",
            "acceleration",
            "accelerated_rounds",
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
        self.fields["dutch_edition"].required = False  # left out: the tournament's (2026 if new)
        self.fields["rounds"].validators += [MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
        self.fields["rounds"].widget.attrs.update(min=1, max=MAX_ROUNDS)
        self.fields["pairing_rating"].required = False  # FIDE when not given
        for name, label in POINT_FIELDS.items():
            self.fields[name.removesuffix("_points")] = _points_field(label)
            self.initial[name.removesuffix("_points")] = Decimal(getattr(self.instance, name)) / 2
        codes = self.instance.tie_break_codes
        for i in range(TIE_BREAK_SLOTS):
            self.fields[f"tie_break_{i + 1}"] = forms.ChoiceField(
                label=f"Tie-break {i + 1}", choices=TIE_BREAK_CHOICES, required=False
            )
            self.initial[f"tie_break_{i + 1}"] = codes[i] if i < len(codes) else ""
        if self.instance.acceleration != Tournament.Acceleration.EXPLICIT:
            explicit = Tournament.Acceleration.EXPLICIT  # only imported files have them
            field = self.fields["acceleration"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [c for c in Tournament.Acceleration.choices if c[0] != explicit]
        if paired_rounds:
            fixed = ("pairing_system", "dutch_edition", "initial_colour", "seeding")
            for name in (*fixed, *ACCELERATION_FIELDS):
                self.fields[name].disabled = True
                self.fields[name].help_text = "Fixed once round 1 is paired."

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
        return [self[name] for name in self.Meta.fields if name not in REPORT_FIELDS]

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
        if fide_id and not re.fullmatch(r"\d{1,11}", fide_id):
            raise forms.ValidationError("A FIDE ID is up to 11 digits.")
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
        return "\n".join(
            f"{s:%Y-%m-%d}" if (s.hour, s.minute) == (0, 0) else f"{s:%Y-%m-%d %H:%M}"
            for s in starts
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("dutch_edition"):
            data["dutch_edition"] = self.instance.dutch_edition
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
        if commit:
            if tournament.pk is None:
                tournament.save()
            else:  # never write back a revision read before (see Tournament.revision)
                tournament.save(update_fields=[*self.Meta.fields, *POINT_FIELDS, "tie_breaks"])
        return tournament


class PlayerFieldsMixin(forms.Form):
    """A player's data as this tournament registers it (the entry's own copy: another
    tournament's data about the player is never shown nor changed)."""

    name = forms.CharField(max_length=100, help_text="Lastname, Firstname")
    title = forms.ChoiceField(choices=TITLE_CHOICES, required=False)
    sex = forms.ChoiceField(choices=[("", "—"), *Player.Sex.choices], required=False)
    federation = forms.CharField(
        max_length=3, required=False, widget=forms.TextInput(attrs={"size": 4})
    )
    fide_id = forms.RegexField(
        regex=r"^\d{1,11}$",
        required=False,
        label="FIDE ID",
        error_messages={"invalid": "A FIDE ID is up to 11 digits."},
    )
    birth_date = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Never shown on public pages; written to the TRF report.",
    )
    rating = forms.IntegerField(
        min_value=0,
        max_value=MAX_RATING,
        required=False,
        label="FIDE rating",
        help_text="0 or empty = unrated.",
    )
    uscf_id = forms.RegexField(
        regex=r"^\d{8}$",
        required=False,
        label="US Chess ID",
        error_messages={"invalid": "A US Chess ID is 8 digits."},
        help_text="US Chess ratings come from the imported rating supplement.",
    )

    player_fields = PlayerData.FIELDS

    def follow_pairing_rating(self, tournament: Tournament) -> None:
        """The typed rating is a rating of the kind the tournament pairs on (none: no field)."""
        kind = Tournament.PairingRating
        if tournament.pairing_rating == kind.NONE:
            del self.fields["rating"]
            return
        field = self.fields["rating"]
        field.label = kind(tournament.pairing_rating).label
        if tournament.pairing_rating in (kind.USCF_REGULAR, kind.USCF_QUICK):
            field.help_text = (
                "Optional: used for pairing when the player has no US Chess rating on record "
                "(the imported supplement). Never used to rate the event, never stored as the "
                "player's rating."
            )
        elif tournament.pairing_rating == kind.NATIONAL:
            field.help_text = "0 or empty = unrated; used when the player has none on record."

    def clean_federation(self) -> str:
        fed = str(self.cleaned_data.get("federation") or "").upper()
        if fed and (error := federation_error(fed)):
            raise forms.ValidationError(error)
        return fed

    def player_data(self) -> PlayerData:
        data = self.cleaned_data
        return PlayerData(
            name=data["name"],
            title=data.get("title") or "",
            federation=data.get("federation") or "",
            sex=data.get("sex") or "",
            birth_date=data.get("birth_date"),
            fide_id=data.get("fide_id") or "",
            uscf_id=data.get("uscf_id") or "",
        )

    @property
    def main_fields(self) -> list[forms.BoundField]:
        """The fields the template lists (the registration questions are shown apart)."""
        return [self[name] for name in self.fields if name not in ("same_as", "namesake_ok")]


class EntryForm(PlayerFieldsMixin):
    """Register a player, with the tournament's answers to two questions: a namesake already
    registered (register another player with the same name?) and a person on record with the
    same name and birth year (the same person?)."""

    same_as = forms.CharField(required=False)
    """A candidate's player id, or ``NEW_PERSON``."""
    namesake_ok = forms.BooleanField(
        required=False, label="Yes, register another player with the same name"
    )

    NEW_PERSON = "new"

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.follow_pairing_rating(tournament)
        self.namesake_question = ""
        self.candidates: list[Candidate] = []
        self.same_person: int | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        checked = check(self.tournament, self.player_data())
        if checked.refused:
            raise forms.ValidationError(checked.refused)
        if checked.namesakes and not data.get("namesake_ok"):
            self.namesake_question = checked.namesake_question
            self.add_error(None, self.namesake_question)
        self.candidates = checked.candidates
        if self.candidates:
            answer = data.get("same_as") or ""
            chosen = {str(c.player_id): c.player_id for c in self.candidates}
            if answer not in chosen and answer != self.NEW_PERSON:
                self.add_error(
                    None,
                    "Someone with this name and birth year has played here "
                    "before: is this the same person?",
                )
            self.same_person = chosen.get(answer)
        return data


class QuickEntryForm(EntryForm):
    """The row at the bottom of the player list: name, rating, title, federation."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("sex", "fide_id", "uscf_id", "birth_date"):
            del self.fields[name]
        self.fields["name"].widget.attrs.update(placeholder="Lastname, Firstname", autofocus=True)
        if "rating" in self.fields:
            self.fields["rating"].widget.attrs.update(placeholder=self.fields["rating"].label)
        self.fields["federation"].widget.attrs.update(placeholder="Fed")


class EntryEditForm(PlayerFieldsMixin):
    """Correct this tournament's data of a registered player (never another tournament's, nor
    the shared identity's); the rating only before round 1, the pairing number only with manual
    seeding before round 1."""

    pairing_number = forms.IntegerField(min_value=1, max_value=9999, required=False)

    def __init__(
        self, *args: Any, entry: Entry, rating_locked: bool, manual_number: bool, **kwargs: Any
    ) -> None:
        tournament = entry.tournament
        fide = tournament.pairing_rating == Tournament.PairingRating.FIDE
        typed = entry.rating if fide else tournament.typed_rating_of(entry)
        kwargs["initial"] = {name: getattr(entry, name) for name in self.player_fields}
        kwargs["initial"] |= {"rating": typed, "pairing_number": entry.pairing_number}
        super().__init__(*args, **kwargs)
        self.rating_locked = rating_locked
        self.follow_pairing_rating(tournament)
        if rating_locked and "rating" in self.fields:
            self.fields["rating"].disabled = True
            self.fields["rating"].help_text = "Ratings are fixed once round 1 is paired."
        if not manual_number:
            del self.fields["pairing_number"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        posted = str(self.data.get("rating") or "").strip()
        if self.rating_locked and posted not in ("", str(self["rating"].initial or 0)):
            # A disabled field ignores what is posted: say so rather than answer "saved".
            self.add_error(
                "rating",
                "Ratings are fixed once round 1 is paired; an unrated player gets a "
                "provisional rating on the dashboard.",
            )
        return data


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{-(-n // 1024)} KB"


def _file_or_text(data: dict[str, Any], missing: str) -> dict[str, Any]:
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


class CsvImportForm(forms.Form):
    file = forms.FileField(required=False, help_text="A .csv file saved from a spreadsheet.")
    text = forms.CharField(
        required=False,
        label="…or paste the list",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="First line: column names, e.g. name,rating,title,federation,fide_id,"
        "birth_date,sex. Comma, semicolon or tab separated.",
    )

    def clean(self) -> dict[str, Any]:
        return _file_or_text(super().clean() or {}, "Choose a file or paste the list.")


def _whole_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def csv_decisions(post: Any) -> CsvDecisions:
    """The arbiter's answers on the import preview: ``namesake-<line>`` ticked (another player
    with the same name), ``same-<line>`` = the id of the person on record the row is."""
    namesakes = set()
    same_as = {}
    for key, value in post.items():
        prefix, _, line = key.partition("-")
        number = _whole_number(line)
        if number is None:
            continue
        if prefix == "namesake":
            namesakes.add(number)
        elif prefix == "same" and (person := _whole_number(value)) is not None:
            same_as[number] = person
    return CsvDecisions(frozenset(namesakes), same_as)


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

    def clean(self) -> dict[str, Any]:
        return _file_or_text(super().clean() or {}, "Choose a file or paste its text.")


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


class AvailabilityForm(forms.Form):
    round = forms.IntegerField(min_value=1)
    status = forms.ChoiceField(choices=Availability.CHOICES)


class ResultForm(forms.Form):
    result = forms.ChoiceField(choices=Game.Result.choices, required=False)
    confirm = forms.BooleanField(required=False)


class ExchangeForm(forms.Form):
    """Two players of the draft trade places (a pairing number each)."""

    a = forms.IntegerField(label="Player", min_value=1)
    b = forms.IntegerField(label="trades places with", min_value=1)
    confirm = forms.BooleanField(required=False)

    def __init__(self, *args: Any, choices: list[tuple[int, str]] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        if choices is not None:
            for name in ("a", "b"):
                self.fields[name] = forms.TypedChoiceField(
                    label=self.fields[name].label, choices=choices, coerce=int
                )


class SwapColoursForm(forms.Form):
    board = forms.IntegerField(min_value=1)
    confirm = forms.BooleanField(required=False)


# -- events and sections -------------------------------------------------------------------------


class EventForm(forms.ModelForm):
    """An event with several sections, with what the US Chess rating report needs."""

    class Meta:
        model = Event
        fields = (
            "name",
            "place",
            "state",
            "zip_code",
            "country",
            "start_date",
            "end_date",
            "time_control",
            "affiliate_id",
            "chief_td_id",
            "assistant_td_id",
            "send_crosstable",
        )
        labels = {
            "place": "City",
            "zip_code": "ZIP code",
            "affiliate_id": "US Chess affiliate ID",
            "chief_td_id": "Chief TD's US Chess ID",
            "assistant_td_id": "Assistant chief TD's US Chess ID",
            "send_crosstable": "US Chess mails the crosstable to",
        }
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def clean_state(self) -> str:
        state = str(self.cleaned_data.get("state") or "").upper()
        if state and not (len(state) == 2 and state.isalpha()):
            raise forms.ValidationError("Two letters, like CA.")
        return state

    def clean_affiliate_id(self) -> str:
        value = str(self.cleaned_data.get("affiliate_id") or "").upper()
        if value and not re.fullmatch(r"[A-Z]\d{7}", value):
            raise forms.ValidationError("A letter and 7 digits, like A1234567.")
        return value

    def _td_id(self, name: str) -> str:
        value = str(self.cleaned_data.get(name) or "")
        if value and not re.fullmatch(r"\d{8}", value):
            raise forms.ValidationError("A US Chess ID is 8 digits.")
        return value

    def clean_chief_td_id(self) -> str:
        return self._td_id("chief_td_id")

    def clean_assistant_td_id(self) -> str:
        return self._td_id("assistant_td_id")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The event cannot end before it starts.")
        return data


class SectionForm(forms.Form):
    """A new section of an event (a tournament of its own)."""

    name = forms.CharField(max_length=30, help_text="Open, U2000, U1600, …")
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=5)
    pairing_system = forms.ChoiceField(
        choices=Tournament.PairingSystem.choices, initial=Tournament.PairingSystem.DUTCH
    )
    pairing_rating = forms.ChoiceField(
        label="Paired on",
        choices=Tournament.PairingRating.choices,
        initial=Tournament.PairingRating.USCF_REGULAR,
    )
    rating_system = forms.ChoiceField(
        label="Rated in",
        choices=Tournament.RatingSystem.choices,
        initial=Tournament.RatingSystem.REGULAR,
        required=False,
    )


class MoveForm(forms.Form):
    """Move a registered player to another section before round 1."""

    entry = forms.IntegerField(widget=forms.HiddenInput)
    section = forms.IntegerField(label="Move to")


class PairByHandForm(forms.Form):
    """Pair the next round by hand, from a suggested pairing or from no board."""

    round = forms.IntegerField(min_value=1)
    start = forms.ChoiceField(
        choices=[
            ("nearest", "from a suggested pairing (as few broken rules as possible)"),
            ("empty", "from an empty board list"),
        ],
        initial="nearest",
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        required=False,
        max_length=500,
        help_text="Why the round is paired by hand (kept in the round's receipt).",
    )


class AddBoardForm(forms.Form):
    white = forms.IntegerField(min_value=1)
    black = forms.IntegerField(min_value=1)
    confirm = forms.BooleanField(required=False)


class ByeForm(forms.Form):
    """The pairing-allocated bye of a draft: a player's number, or empty for no bye."""

    player = forms.IntegerField(min_value=1, required=False)
    confirm = forms.BooleanField(required=False)


class ProvisionalRatingForm(forms.Form):
    """Dubov A.1: the rating an unrated player is paired with."""

    rating = forms.IntegerField(min_value=1, max_value=MAX_RATING)


class WhatIfForm(forms.Form):
    """The arbiter's what-if (a GET form): how the games in play end for the preview of the
    next round. One ``result-<game pk>`` field per game in play."""

    assume = forms.ChoiceField(
        choices=[
            ("draws", "all draws"),
            ("higher-rated", "the higher-rated player wins (equal ratings: a draw)"),
            ("typed", "as typed below"),
        ],
        initial="draws",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, games: list[Game], choices: list[tuple[str, str]], **kw: Any):
        super().__init__(*args, **kw)
        self.games = games
        for game in games:
            self.fields[f"result-{game.pk}"] = forms.ChoiceField(
                choices=choices, required=False, label=f"Board {game.board}"
            )

    def game_fields(self) -> list[tuple[Game, forms.BoundField]]:
        """Each game in play with its field, for the template."""
        return [(g, self[f"result-{g.pk}"]) for g in self.games]

    def typed(self) -> dict[int, str]:
        """Game pk -> the result typed (valid forms only)."""
        return {g.pk: self.cleaned_data.get(f"result-{g.pk}", "") for g in self.games}


# -- forbidden pairs and fixed boards ------------------------------------------------------------


def _player_choices(entries: list[Entry]) -> list[tuple[int, str]]:
    return [(e.pk, f"{e.pairing_number}. {e.name}") for e in entries]


class ForbiddenPairForm(forms.Form):
    """Players who must not be paired against each other (a pair, or a family or club), in
    every round or only in some."""

    players = forms.TypedMultipleChoiceField(
        coerce=int,
        help_text="Two or more: every pair of them is forbidden (hold Ctrl or ⌘ to choose "
        "several).",
    )
    first_round = forms.IntegerField(min_value=1, required=False, help_text="Empty: from round 1.")
    last_round = forms.IntegerField(
        min_value=1, required=False, help_text="Empty: to the last round."
    )

    def __init__(self, *args: Any, entries: list[Entry], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = _player_choices(entries)
        field.widget.attrs["size"] = min(max(len(entries), 2), 10)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if len(data.get("players") or []) == 1:
            self.add_error("players", "Choose at least two players.")
        first, last = data.get("first_round"), data.get("last_round")
        if first is not None and last is not None and last < first:
            self.add_error("last_round", "The last round comes before the first.")
        return data


class FixedBoardForm(forms.Form):
    """A player's fixed board (empty: none)."""

    entry = forms.TypedChoiceField(coerce=int, label="Player")
    board = forms.IntegerField(
        min_value=1,
        max_value=9999,
        required=False,
        help_text="The player's game is numbered onto this board in every round.",
    )

    def __init__(self, *args: Any, entries: list[Entry], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entry"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = _player_choices(entries)
