"""Forms of the round pages: results, hand adjustments of a draft, pairing by hand, what-if
previews, forbidden pairs and fixed boards."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import Entry, Game


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

    def __init__(
        self,
        *args: Any,
        games: list[Game],
        choices: list[tuple[str, str]],
        shown: list[Game] | None = None,
        **kw: Any,
    ):
        super().__init__(*args, **kw)
        self.games = games
        self.shown = games if shown is None else shown
        """The games whose result may be typed (issue 27: those of the page of boards shown,
        not a select for each of 5,000 games); the others stay without a result."""
        for game in self.shown:
            self.fields[f"result-{game.pk}"] = forms.ChoiceField(
                choices=choices, required=False, label=f"Board {game.board}"
            )

    def game_fields(self) -> list[tuple[Game, forms.BoundField]]:
        """Each game in play shown with its field, for the template."""
        return [(g, self[f"result-{g.pk}"]) for g in self.shown]

    def typed(self) -> dict[int, str]:
        """Game pk -> the result typed (valid forms only)."""
        return {g.pk: self.cleaned_data.get(f"result-{g.pk}", "") for g in self.shown}


SELECT_LIMIT = 200
"""A list of players longer than this is typed as pairing numbers, not chosen in a select
(issue 27: a select of 10,000 players is a megabyte a page)."""


def _player_choices(entries: list[Entry]) -> list[tuple[int, str]]:
    return [(e.pk, f"{e.pairing_number}. {e.name}") for e in entries]


def _entry_pk(entries: list[Entry], text: str) -> int:
    """The entry of a typed pairing number; ValidationError for anything else."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise forms.ValidationError(f"“{text}” is not a pairing number.")
    found = next((e.pk for e in entries if e.pairing_number == int(text)), None)
    if found is None:
        raise forms.ValidationError(f"No player has pairing number {int(text)}.")
    return found


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
        self.entries = entries
        if len(entries) > SELECT_LIMIT:  # issue 27: typed, not a select of every player
            self.fields["players"] = forms.CharField(
                label="Players (pairing numbers)",
                help_text="Two or more, separated by commas or spaces (12, 57): every pair of "
                "them is forbidden.",
            )
            return
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = _player_choices(entries)
        field.widget.attrs["size"] = min(max(len(entries), 2), 10)

    def clean_players(self) -> list[int]:
        value = self.cleaned_data["players"]
        if not isinstance(value, str):
            return list(value)
        texts = value.replace(",", " ").split()
        return list(dict.fromkeys(_entry_pk(self.entries, t) for t in texts))

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
        self.entries = entries
        field = self.fields["entry"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = _player_choices(entries)
        if len(entries) > SELECT_LIMIT:  # issue 27: the player typed by pairing number
            field.required, field.widget = False, forms.HiddenInput()
            number = forms.CharField(label="Player (pairing number)", required=False)
            self.fields = {"number": number, **self.fields}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "number" in self.fields and not data.get("entry") and "number" not in self.errors:
            typed = (data.get("number") or "").strip()
            try:
                data["entry"] = _entry_pk(self.entries, typed) if typed else None
            except forms.ValidationError as e:
                self.add_error("number", e)
            if not typed:
                self.add_error("number", "Type the player's pairing number.")
        return data
