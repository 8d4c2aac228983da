"""Forms of the arbiter's pages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import MinValueValidator

from pairing.services import TIE_BREAKS
from tournaments.models import Game, Player, Tournament
from tournaments.registration import MAX_RATING, TITLES, Availability

TIE_BREAK_SLOTS = 5
POINT_FIELDS = {
    "win_points": "Win",
    "draw_points": "Draw",
    "loss_points": "Loss",
    "bye_points": "Pairing-allocated bye",
    "half_bye_points": "Requested half-point bye",
}
"""Model fields in half-points -> label; the form shows points (1, 0.5, 0)."""
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
            "rating_system",
        )
        labels = {
            "initial_colour": "Colour of the top seed in round 1",
            "late_entry_bye": "Late entries",
            "rating_system": "USCF rating",
        }
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, paired_rounds: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.paired_rounds = paired_rounds
        self.fields["dutch_edition"].required = False  # left out: the tournament's (2026 if new)
        self.fields["rounds"].validators.append(MinValueValidator(1))
        self.fields["rounds"].widget.attrs.update(min=1, max=99)
        for name, label in POINT_FIELDS.items():
            self.fields[name.removesuffix("_points")] = _points_field(label)
            self.initial[name.removesuffix("_points")] = Decimal(getattr(self.instance, name)) / 2
        codes = self.instance.tie_break_codes
        for i in range(TIE_BREAK_SLOTS):
            self.fields[f"tie_break_{i + 1}"] = forms.ChoiceField(
                label=f"Tie-break {i + 1}", choices=TIE_BREAK_CHOICES, required=False
            )
            self.initial[f"tie_break_{i + 1}"] = codes[i] if i < len(codes) else ""
        if paired_rounds:
            for name in ("pairing_system", "dutch_edition", "initial_colour", "seeding"):
                self.fields[name].disabled = True
                self.fields[name].help_text = "Fixed once round 1 is paired."

    @property
    def point_fields(self) -> list[forms.BoundField]:
        return [self[name.removesuffix("_points")] for name in POINT_FIELDS]

    @property
    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_break_{i + 1}"] for i in range(TIE_BREAK_SLOTS)]

    @property
    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

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
        return data

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
    """A player's own data (shared by every tournament the player enters)."""

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
        min_value=0, max_value=MAX_RATING, required=False, help_text="0 or empty = unrated."
    )

    player_fields = ("name", "title", "sex", "federation", "fide_id", "birth_date")

    def clean_federation(self) -> str:
        fed = str(self.cleaned_data.get("federation") or "").upper()
        if fed and not (len(fed) == 3 and fed.isalpha()):
            raise forms.ValidationError("A three-letter code like USA.")
        return fed


class EntryForm(PlayerFieldsMixin):
    """Register a player: a player known by FIDE ID is entered as stored."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known: Player | None = None

    def clean_fide_id(self) -> str:
        fide_id = str(self.cleaned_data.get("fide_id") or "")
        if fide_id:
            self.known = Player.objects.filter(fide_id=fide_id).first()
        return fide_id

    def player(self) -> Player:
        """The player to enter: the known one, or a new (unsaved) one."""
        if self.known is not None:
            return self.known
        data = self.cleaned_data
        return Player(
            fide_rating=data.get("rating") or 0,
            **{
                name: data.get(name) or ("" if name != "birth_date" else None)
                for name in self.player_fields
            },
        )


class QuickEntryForm(EntryForm):
    """The row at the bottom of the player list: name, rating, title, federation."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("sex", "fide_id", "birth_date"):
            del self.fields[name]
        self.fields["name"].widget.attrs.update(placeholder="Lastname, Firstname", autofocus=True)
        self.fields["rating"].widget.attrs.update(placeholder="Rating")
        self.fields["federation"].widget.attrs.update(placeholder="Fed")


class EntryEditForm(PlayerFieldsMixin):
    """Edit a registered player; the rating only before round 1, the pairing number only with
    manual seeding before round 1."""

    pairing_number = forms.IntegerField(min_value=1, max_value=9999, required=False)

    def __init__(
        self, *args: Any, player: Player, rating_locked: bool, manual_number: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.player = player
        if rating_locked:
            self.fields["rating"].disabled = True
            self.fields["rating"].help_text = "Ratings are fixed once round 1 is paired."
        if not manual_number:
            del self.fields["pairing_number"]

    def clean_fide_id(self) -> str:
        fide_id = str(self.cleaned_data.get("fide_id") or "")
        other = Player.objects.filter(fide_id=fide_id).exclude(pk=self.player.pk).first()
        if fide_id and other is not None:
            raise forms.ValidationError(f"FIDE ID {fide_id} belongs to {other.name}.")
        return fide_id

    def changed_player_fields(self) -> list[str]:
        """Copy the edited fields to the player; their names."""
        changed = []
        for name in self.player_fields:
            value = self.cleaned_data.get(name) or ("" if name != "birth_date" else None)
            if getattr(self.player, name) != value:
                setattr(self.player, name, value)
                changed.append(name)
        return changed


def _file_or_text(data: dict[str, Any], missing: str) -> dict[str, Any]:
    """An uploaded file (UTF-8, else Latin-1) replaces the pasted text; one of them is needed."""
    upload = data.get("file")
    if upload:
        raw = upload.read()
        try:
            data["text"] = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            data["text"] = raw.decode("latin-1")
    if not data.get("text", "").strip():
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
