"""Reading FIDE's list files (pure functions): the TXT by its header's positions, the XML
element by element, either zipped; errors name the line or the element."""

from __future__ import annotations

import io

import pytest

from fide.listfile import FideListError, ListedPlayer, open_list, txt_columns
from fide.names import name_key, prefix_end
from tests.fide import lists

CARLSEN = ListedPlayer(
    1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "",
    2837, 0, 10, 2824, 0, 10, 2890, 0, 10, 1990, "",
)  # fmt: skip
"""lists.CARLSEN as its fields mean it (written from the TXT line by hand)."""


def read(data: bytes) -> tuple[str, list[ListedPlayer]]:
    kind, players = open_list(io.BytesIO(data))
    return kind, list(players)


def test_txt_columns_are_where_the_header_puts_them():
    """Each label starts its column; the widths of tests/fide/lists.HEADER: ID 0-14, Name
    15-75, Fed 76-79 ... B-day 152-157, Flag from 158 to the end (the widths summed)."""
    columns = txt_columns("".join(label.ljust(w) for label, w in lists.HEADER))
    assert columns[0] == ("fide_id", 0, 15)
    assert columns[1] == ("name", 15, 76)
    assert columns[2] == ("federation", 76, 80)
    assert columns[-2] == ("birth_year", 152, 158)
    assert columns[-1] == ("flag", 158, None)


def test_txt_players_read_field_by_field():
    kind, players = read(lists.txt())
    assert kind == "txt"
    assert players[0] == CARLSEN
    hou, muller, carlsson, newcomer = players[1:]
    assert (hou.title, hou.w_title, hou.rapid_rating, hou.blitz_rating) == ("GM", "WGM", None, 2591)
    assert hou.flag == "wi"
    assert hou.inactive
    assert (muller.name, muller.o_title, muller.standard_games, muller.standard_k) == (
        "Müller, Jörg-Peter",
        "FA,NI",
        9,
        20,
    )
    assert muller.inactive
    assert (carlsson.standard_rating, carlsson.rapid_rating, carlsson.rapid_k) == (None, 1702, 40)
    assert not carlsson.inactive  # "w": a woman, active
    assert newcomer.fide_id == 150301400
    assert newcomer.birth_year is None  # 0000: not given


def test_txt_columns_moved_are_still_read():
    """FIDE's widths are not fixed by us: a header with wider columns moves every field."""
    wide = tuple((label, w + 2) for label, w in lists.HEADER)
    header = "".join(label.ljust(w) for label, w in wide)
    line = "".join(v.ljust(w) for v, (_, w) in zip(lists.CARLSEN, wide, strict=True))
    _, players = read(f"{header}\n{line}\n".encode())
    assert players == [CARLSEN]


def test_latin1_txt_is_read():
    data = lists.txt((lists.MULLER,)).decode().encode("latin-1")
    _, players = read(data)
    assert players[0].name == "Müller, Jörg-Peter"


def test_xml_players_are_the_txt_players():
    kind, players = read(lists.xml())
    assert kind == "xml"
    assert players == read(lists.txt())[1]


@pytest.mark.parametrize(
    ("member", "data", "kind"),
    [
        ("players_list_foa.txt", lists.txt(), "txt"),
        ("players_list_xml_foa.xml", lists.xml(), "xml"),
    ],
)
def test_zip_as_downloaded(member, data, kind):
    found, players = read(lists.zipped(member, data))
    assert found == kind
    assert players[0] == CARLSEN
    assert len(players) == 5


def test_malformed_txt_line_is_named():
    bad = (*lists.HOU[:8], "25x0", *lists.HOU[9:])
    with pytest.raises(FideListError, match=r"^line 3: SRtng must be a number, not '25x0'$"):
        read(lists.txt((lists.CARLSEN, bad, lists.MULLER)))


@pytest.mark.parametrize(
    ("index", "value", "message"),
    [
        (0, "15O3014", "the FIDE ID must be a number, not '15O3014'"),
        (1, "", "the name is missing"),
        (3, "X", "Sex must be M or F, not 'X'"),
        (17, "19", "B-day must be a year, not '19'"),
        (18, "x", "Flag must be i, w or wi, not 'x'"),
        # '²'.isdigit() is true but int('²') fails: a number is ASCII digits only.
        (8, "25²0", "SRtng must be a number, not '25²0'"),
        (17, "19²0", "B-day must be a year, not '19²0'"),
    ],
)
def test_each_field_is_checked(index, value, message):
    bad = list(lists.CARLSEN)
    bad[index] = value
    with pytest.raises(FideListError, match=f"^line 2: {message}"):
        read(lists.txt((tuple(bad),)))


def test_not_a_list_header():
    with pytest.raises(FideListError, match=r"line 1: not a FIDE list header \(missing .*SRtng"):
        read(lists.txt(header="ID Number      Name        Fed"))


def test_malformed_xml_player_is_named():
    bad = (*lists.HOU[:8], "high", *lists.HOU[9:])
    data = lists.xml((lists.CARLSEN, bad))
    with pytest.raises(FideListError, match=r"<player> number 2 \(fideid 8602980\): SRtng"):
        read(data)


def test_broken_xml_says_where():
    with pytest.raises(FideListError, match="malformed after player 1"):
        read(lists.xml((lists.CARLSEN,)).replace(b"</playerslist>", b"<player><fideid>"))


def test_xml_of_something_else():
    with pytest.raises(FideListError, match="root element is <html>"):
        read(b"<html><body/></html>")


def test_zip_without_a_list():
    with pytest.raises(FideListError, match=r"holds no \.txt or \.xml"):
        read(lists.zipped("readme.pdf", b"%PDF"))


def test_name_key_folds_case_accents_and_punctuation():
    assert name_key("Müller, Jörg-Peter") == "muller jorg peter"
    assert name_key("  MÜLLER,jörg ") == "muller jorg"
    assert name_key("Søren Łukasz") == "soren lukasz"
    assert prefix_end("carl") == "carm"


def test_a_zero_rating_is_not_rated_but_zero_games_are_zero():
    """FIDE writes an unrated player's rating empty (older lists: 0); games 0 are a count."""
    zero = (*lists.CARLSSON[:8], "0", "0", "40", *lists.CARLSSON[11:])
    _, (player,) = read(lists.txt((zero,)))
    assert (player.standard_rating, player.standard_games, player.standard_k) == (None, 0, 40)
