"""Forms of the player pages: register (one player, a quick entry, a CSV list), edit an entry,
byes and withdrawals, a provisional rating."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator

from players.identity import Candidate, PlayerData
from players.models import Player
from tournaments.csv_import import CsvDecisions
from tournaments.federations import federation_error, fide_id_problem
from tournaments.forms import TITLE_CHOICES, file_or_text
from tournaments.models import Entry, Tournament
from tournaments.registration import MAX_RATING, Availability, check, max_rating


class PlayerFieldsMixin(forms.Form):
    """A player's data as this tournament registers it (the entry's own copy: another
    tournament's data about the player is never shown nor changed)."""

    name = forms.CharField(max_length=100, help_text="Lastname, Firstname")
    title = forms.ChoiceField(choices=TITLE_CHOICES, required=False)
    sex = forms.ChoiceField(choices=[("", "—"), *Player.Sex.choices], required=False)
    federation = forms.CharField(
        max_length=3, required=False, widget=forms.TextInput(attrs={"size": 4})
    )
    fide_id = forms.CharField(required=False, label="FIDE ID")
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
        top = max_rating(tournament)
        field.widget.attrs["max"] = top
        field.validators = [v for v in field.validators if not isinstance(v, MaxValueValidator)]
        field.validators.append(
            MaxValueValidator(top, message=f"A rating is a whole number from 0 to {top}.")
        )
        if tournament.pairing_rating in (kind.USCF_REGULAR, kind.USCF_QUICK):
            field.help_text = (
                "Optional: used for pairing when the player has no US Chess rating on record "
                "(the imported supplement). Never used to rate the event, never stored as the "
                "player's rating."
            )
        elif tournament.pairing_rating == kind.NATIONAL:
            field.help_text = "0 or empty = unrated; used when the player has none on record."

    US_FIELDS = ("keep_apart", "assigned_rating")

    def add_us_fields(self, tournament: Tournament) -> None:
        """US Chess pairings: the keep-apart group (28N) and an unrated player's assigned
        rating (ranking), only in a US Chess Swiss section."""
        if not tournament.is_uscf:
            return
        self.fields["keep_apart"] = forms.CharField(
            max_length=40, required=False, label="Team / club / family",
            help_text="Players with the same name here are not paired together while the "
            "US Chess pairing rules allow (28N).",
        )  # fmt: skip
        self.fields["assigned_rating"] = forms.IntegerField(
            min_value=1, max_value=MAX_RATING, required=False, label="Assigned rating",
            help_text="For an unrated player: the rating the TD ranks him by for pairings "
            "(empty: ranked last). Never used to rate the event.",
        )  # fmt: skip

    def clean_assigned_rating(self) -> int | None:
        """An assigned rating ranks an unrated player (29A): beside a rating typed above,
        which pairings use instead, it would be silently ignored, so it is refused."""
        assigned: int | None = self.cleaned_data.get("assigned_rating")
        if assigned and self.cleaned_data.get("rating"):
            raise forms.ValidationError(
                "An assigned rating is for an unrated player; this one has the rating above, "
                "which the pairings use. Leave one of the two empty."
            )
        return assigned

    def us_data(self) -> dict[str, Any]:
        """The US Chess pairing data posted (empty outside US Chess sections)."""
        data = self.cleaned_data
        if "keep_apart" not in self.fields:
            return {}
        return {
            "keep_apart": " ".join(str(data.get("keep_apart") or "").split()),
            "assigned_rating": data.get("assigned_rating"),
        }

    def clean_federation(self) -> str:
        fed = str(self.cleaned_data.get("federation") or "").upper()
        if fed and (error := federation_error(fed)):
            raise forms.ValidationError(error)
        return fed

    def clean_fide_id(self) -> str:
        fide_id = str(self.cleaned_data.get("fide_id") or "")
        if fide_id and (problem := fide_id_problem(fide_id)):
            raise forms.ValidationError(f"A FIDE ID {problem}.")
        return fide_id

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
        self.add_us_fields(tournament)
        self.namesake_question = ""
        self.candidates: list[Candidate] = []
        self.same_person: int | None = None
        if tournament.rating_min is not None:  # a section with a lower limit (issue 23)
            self.fields["plays_up"] = forms.BooleanField(
                required=False,
                label="Plays up",
                help_text=f"Rated below this section's lower limit {tournament.rating_min}, "
                "by the player's choice.",
            )

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
                    "Someone with this name has played here before: is this the same person?",
                )
            self.same_person = chosen.get(answer)
        return data


class QuickEntryForm(EntryForm):
    """The row at the bottom of the player list: name, rating, title, federation."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("sex", "fide_id", "uscf_id", "birth_date", "plays_up", *self.US_FIELDS):
            self.fields.pop(name, None)
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
        kwargs["initial"] |= {name: getattr(entry, name) for name in self.US_FIELDS}
        super().__init__(*args, **kwargs)
        self.rating_locked = rating_locked
        self.follow_pairing_rating(tournament)
        self.add_us_fields(tournament)
        if rating_locked and "rating" in self.fields:
            self.fields["rating"].disabled = True
            self.fields["rating"].help_text = "Ratings are fixed once round 1 is paired."
        if not manual_number:
            del self.fields["pairing_number"]
        if tournament.fide_rated:
            self._add_k_facts(entry)

    K_FACTS = ("fide_k", "fide_rated_games", "fide_reached_2400")

    def _add_k_facts(self, entry: Entry) -> None:
        """What decides the player's K for the FIDE rating change (B.02 8.3.3)."""
        self.fields["fide_k"] = forms.IntegerField(
            label="K factor", min_value=1, max_value=40, required=False,
            help_text="As published on the FIDE list; empty: from the facts below.",
        )  # fmt: skip
        self.fields["fide_rated_games"] = forms.IntegerField(
            label="FIDE-rated games before", min_value=0, max_value=99999, required=False,
            help_text="Empty: 30 or more (K 40 before 30).",
        )  # fmt: skip
        self.fields["fide_reached_2400"] = forms.BooleanField(
            label="FIDE rating has reached 2400", required=False, help_text="K 10."
        )
        for name in self.K_FACTS:
            self.initial[name] = getattr(entry, name)

    def k_facts(self) -> dict[str, Any]:
        """The K facts posted (empty when the tournament is not FIDE rated)."""
        return {n: self.cleaned_data.get(n) for n in self.K_FACTS if n in self.fields}

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


class CsvImportForm(forms.Form):
    file = forms.FileField(required=False, help_text="A .csv file saved from a spreadsheet.")
    text = forms.CharField(
        required=False,
        label="…or paste the list",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="First line: column names, e.g. name,rating,title,federation,fide_id,"
        "birth_date,sex (and plays_up, yes or no, in a section with rating limits). Comma, "
        "semicolon or tab separated.",
    )

    def clean(self) -> dict[str, Any]:
        return file_or_text(super().clean() or {}, "Choose a file or paste the list.")


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


class AvailabilityForm(forms.Form):
    round = forms.IntegerField(min_value=1)
    status = forms.ChoiceField(choices=Availability.CHOICES)


class ProvisionalRatingForm(forms.Form):
    """Dubov A.1: the rating an unrated player is paired with."""

    rating = forms.IntegerField(min_value=1, max_value=MAX_RATING)
