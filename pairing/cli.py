"""``python -m pairing``: pair, check and generate tournaments from TRF files; verify pairing
receipts; rate USCF and FIDE events.

Works like the FIDE-endorsed engines (JaVaFo, bbpPairings): the output of ``pair`` is the
number of pairs, then one ``WHITE BLACK`` line per board, the bye written ``ID 0``.
Exit codes: 0 done, 1 no valid pairing (or ``check`` found differences, or ``verify`` did not
verify), 2 unexpected error, system not implemented or a field past the system's player limit
(``pairing.limits``; ``--no-limit`` lifts it), 3 invalid input file (or, for ``pair``, a file
holding every round its XXR/142 announces). Imports nothing from Django.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from pairing.cli_standings import add_standings_parser
from pairing.engine import (
    POLICIES,
    RULE_SETS,
    SYSTEM_NAMES,
    AccelerationError,
    AssumptionError,
    GeneratorSettings,
    NoValidPairing,
    RatingInputError,
    ReceiptError,
    RoundRobinError,
    TournamentState,
    TrfError,
    apply_declared_acceleration,
    assume_results,
    check_tournament,
    event_from_json,
    explaining_system,
    generate_tournament,
    load_receipt,
    load_trf,
    pairing_system,
    parse_assumptions,
    policy_results,
    rate_event,
    resolve,
    result_to_json,
    round_games,
    round_robin_rounds,
    system_for,
    verify_receipt,
    with_system_record,
    write_trf,
)
from pairing.limits import too_many_to_pair

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_ERROR = 2
EXIT_INVALID_INPUT = 3


def _load(path: str, double: bool, system: str) -> TournamentState:
    """The file's state; a record 192 ``..._BAKU`` without virtual points of its own gets the
    Baku acceleration's (C.04.7)."""
    try:
        state = load_trf(path)
    except OSError as e:
        raise TrfError(f"cannot read {path}: {e.strerror or e}") from e
    try:
        state = apply_declared_acceleration(state, system)
    except AccelerationError as e:
        raise TrfError(str(e)) from e
    if double:
        state = replace(state, double_rounds=True)
    if state.double_rounds and state.rounds_done % 2:
        raise TrfError(
            f"a double-round file needs an even number of round columns, found {state.rounds_done}"
        )
    return state


def _write(text: str, out: str | None) -> None:
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


class TooLarge(Exception):
    """A tournament past the system's limit (``pairing.limits``), without ``--no-limit``."""


def _check_size(args: argparse.Namespace, players: int, system: str = "") -> None:
    problem = too_many_to_pair(system or args.system, players)
    if problem and not args.no_limit:
        raise TooLarge(f"{problem}; --no-limit tries anyway")


def _round_to_pair(state: TournamentState) -> None:
    """Refuse to pair past the rounds the file announces (``XXR``, TRF26 142), as the
    FIDE-endorsed engines do: a finished tournament has no next round."""
    total = state.total_rounds
    if total is not None and state.next_round > total:
        raise TrfError(
            f"the tournament is over: the file announces {total} rounds (XXR or record 142) "
            f"and holds {state.next_round - 1}; there is no round {state.next_round} to pair"
        )


def cmd_pair(args: argparse.Namespace) -> int:
    state = _load(args.file, args.double, args.system)
    _round_to_pair(state)
    _check_size(args, len(state.players))
    if args.assume is not None:
        state = _assumed(state, args.assume, args.system)
    explanation = None
    if args.explain:
        pairing, explanation = explaining_system(args.system)(state)
    else:
        pairing = pairing_system(args.system)(state)
    if not pairing.boards and pairing.bye is None:
        # "0" would read as a pairing of the round: there is none when nobody is available.
        raise NoValidPairing(
            f"nobody to pair in round {state.next_round}: every player is absent or has a bye"
        )
    _write(pairing.output(), args.output)
    if explanation is not None:
        names = {p.id: p.name for p in state.players if p.name}
        sys.stdout.write(("\n" if not args.output else "") + explanation.text(names))
    return EXIT_OK


def _assumed(state: TournamentState, text: str, system: str) -> TournamentState:
    """``--assume``: the state with the games of the round in play that have no result given
    the results ``text`` names (``draws``, ``higher-rated``, or ``BOARD:RESULT,...``); what is
    assumed goes to stderr."""
    games = round_games(state, system)
    if not any(g.pending for g in games):
        raise AssumptionError(
            f"every game of the last round (round {state.next_round - 1}) has a result"
        )
    word = text.strip()
    if word in POLICIES:
        results = policy_results(state, games, word)
    else:
        results = resolve(parse_assumptions(text), games, state.double_rounds)
    shown = []
    for g in games:
        if g.pending:
            assumed = results.get(g.pair, "no result (counts as a draw, C.04.2 D.1)")
            shown.append(f"{g.label(state.double_rounds)} ({g.white}-{g.black}): {assumed}")
    print("assuming " + "; ".join(shown), file=sys.stderr)
    return assume_results(state, results)


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.receipt == "-" else Path(args.receipt).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ReceiptError(f"cannot read {args.receipt}: {e}") from e
    receipt, hash_problems = load_receipt(text)
    # Receipts are public downloads: a crafted one is held to the pairing limits too.
    players = sum(line.startswith("001") for line in receipt.trf.splitlines())
    _check_size(args, players, receipt.system)
    try:
        verification = verify_receipt(receipt, hash_problems)
    except TrfError as e:
        raise ReceiptError(f"$.trf: {e}") from e
    print("\n".join(verification.lines))
    print("verified" if verification.ok else "NOT verified")
    return EXIT_OK if verification.ok else EXIT_NO_PAIRING


def cmd_check(args: argparse.Namespace) -> int:
    state = _load(args.file, args.double, args.system)
    _check_size(args, len(state.players))
    differences = check_tournament(state, pairing_system(args.system))
    for d in differences:
        print(d.describe())
    rounds = state.rounds_done // state.columns_per_round
    print(f"{rounds} rounds checked, {len(differences)} differ")
    return EXIT_OK if not differences else EXIT_NO_PAIRING


def _robin_rounds_problem(system: str, players: int, rounds: int) -> str:
    """More rounds asked of a round robin than its Berger table has ("": none)."""
    kinds = {"round-robin": "round robin", "round-robin-double": "double round robin"}
    if system not in kinds:
        return ""
    table = round_robin_rounds(players, double=system == "round-robin-double")
    if rounds <= table:
        return ""
    counted = f"{table} round{'s' if table != 1 else ''}"
    return f"a {kinds[system]} of {players} players has {counted}, not {rounds}"


def cmd_generate(args: argparse.Namespace) -> int:
    if args.baku and "baku" not in system_for(args.system).accelerations:
        print("error: Baku acceleration is applied with the Dutch system only", file=sys.stderr)
        return EXIT_INVALID_INPUT
    try:
        settings = GeneratorSettings(
            players=args.players,
            rounds=args.rounds,
            seed=args.seed,
            double_rounds=args.double,
            draw_rate=args.draw_rate,
            forfeit_rate=args.forfeit_rate,
            bye_rate=args.bye_rate,
            baku=args.baku,
            unsorted=args.unsorted,
        )
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    _check_size(args, args.players)
    if problem := _robin_rounds_problem(args.system, args.players, args.rounds):
        print(f"error: {problem}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    state = generate_tournament(pairing_system(args.system), settings)
    _write(write_trf(with_system_record(state, args.system)), args.output)
    return EXIT_OK


RATE_HELP = """\
Rate one section of a USCF event (Steps 1-5 of the US Chess rating system) and print JSON.

EVENT.json ("-" reads standard input); omitted fields take their natural default:
  {"system": "regular"|"quick", "dual_rated": bool, "end_date": "YYYY-MM-DD",
   "players": [{"id": str, "rating": number|null,
                "games": int                       N of the rating; omitted or null with a
                                                   rating: unknown, taken as established
                "all_wins": bool, "all_losses": bool,
                "initial_rating": number|null      arbiter-given rating, N = 0
                "fide": int|null, "cfc": int|null,
                "other_rating": number|null,       rating in the OTHER system (Quick for a
                "other_games": int,                Regular event, Regular for a Quick one)
                "birth_date": "YYYY-MM-DD"|null, "adult": bool,
                "wins": int, "draws": int, "events_3plus": int   lifetime, before the event
                "peak_established": number|null, "life_master": bool,
                "floor": number|null}, ...],
   "games": [{"white": id, "black": id, "result": "1-0"|"1/2-1/2"|"0-1"}, ...]}
Forfeits ("+-", "-+", "--") and games with "rated": false are skipped (not rated).

Output: {"rules", "players": [{"id", "pre" (null if unrated), "post" (as stored: integer
under 2011, two decimals under current), "post_shown" (as a crosstable shows it: post
rounded to nearest), "post_exact" (= post), "games_after", "formula", "step3", "step4", "k",
"bonus", "floor", ...}]}
Exit codes: 0 done, 3 invalid input (the problem is named on stderr), 2 unexpected error.

With --system fide: the FIDE Rating Regulations (B.02, 1 March 2024, 8.3.1 as amended from
1 October 2025), docs/fide.md:
  {"end_date": "YYYY-MM-DD", "uncapped_from": 2650|null, "first_event": bool,
   "players": [{"id", "rating": int|null, "k": int|null, "rated_games": int|null,
                "reached_2400": bool, "birth_date": "YYYY-MM-DD"|null,
                "games_in_period": int|null}, ...],
   "games": as above}
Output: {"system": "fide", "players": [{"id", "rating", "k", "k_reason", "games", "score",
"expected", "change_exact", "change", "new_rating", "initial" (unrated players)}]}
"""


def _rate_fide(data: object, args: argparse.Namespace) -> int:
    from pairing.engine import (
        FideRatingError,
        fide_event_from_json,
        fide_result_to_json,
        rate_fide_event,
    )

    try:
        event, written_ids = fide_event_from_json(data)
        results = rate_fide_event(event)
    except FideRatingError as e:
        print(f"invalid input: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    _write(json.dumps(fide_result_to_json(results, written_ids), indent=2) + "\n", args.output)
    return EXIT_OK


def cmd_rate(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"invalid input: cannot read {args.file}: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"invalid input: {args.file} is not valid JSON: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    if args.system == "fide":
        return _rate_fide(data, args)
    try:
        event, written_ids = event_from_json(data)
        result = rate_event(event, RULE_SETS[args.rules])
    except RatingInputError as e:
        print(f"invalid input: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    _write(json.dumps(result_to_json(result, written_ids), indent=2) + "\n", args.output)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairing",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def system_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--system",
            required=True,
            choices=SYSTEM_NAMES,
            help="dutch, dubov: the edition the file's record 192 names (FIDE_DUTCH_2017, "
            "FIDE_DUBOV_2018), else the 2026 edition in force; dutch-2017, dutch-2026, "
            "dubov-2018, dubov-2026: that edition; tcec: TCEC Swiss; uscf: US Chess Swiss "
            "(rules 27-29, settings from an XXU record); round-robin: Berger tables "
            "(C.05 Annex 1), double when record 192 is BERGER_DOUBLEROUNDROBIN or with --double",
        )
        p.add_argument(
            "--double",
            action="store_true",
            help="TCEC double rounds (also selected by a header line 'XXT double'); with "
            "round-robin: a double round robin (round-robin-double)",
        )
        p.add_argument(
            "--no-limit",
            action="store_true",
            help="pair even past the system's player limit (uscf 800: "
            "larger fields take minutes and gigabytes)",
        )

    p = sub.add_parser("pair", help="pair the next round of a TRF file")
    system_args(p)
    p.add_argument("file")
    p.add_argument("-o", "--output", help="write the pairing here instead of stdout")
    p.add_argument(
        "--explain",
        action="store_true",
        help="after the pairing, print why each board and the bye are what they are, "
        "citing the articles of the rules (reasons name players as #N, the starting rank)",
    )
    p.add_argument(
        "--assume",
        metavar="RESULTS",
        help="pair as if the games of the last round without a result had ended so: "
        "'draws', 'higher-rated' (the higher-rated player wins; equal ratings draw), or "
        "BOARD:RESULT items, e.g. '12:1-0,13:1/2' (results 1-0 0-1 1/2 +- -+ --; boards "
        "numbered in C.04.2 D.9 order, TCEC: playing order; 12.2 = board 12, game 2 of a "
        "double round); games not named count as draws",
    )
    p.set_defaults(run=cmd_pair)

    p = sub.add_parser(
        "verify",
        help="re-pair a round's receipt and check the published pairing",
        description="Re-pair the TRF of a pairing receipt (docs/receipts.md) with its system, "
        "apply the arbiter's listed changes, and compare with the published pairing board by "
        "board; the SHA-256 of the TRF and of the pairing are checked. Exit 0 verified, 1 not "
        "(the differing boards are listed), 3 not a readable receipt.",
    )
    p.add_argument("receipt", metavar="RECEIPT", help='the receipt (JSON; "-" reads stdin)')
    p.add_argument(
        "--no-limit",
        action="store_true",
        help="re-pair even past the receipt's system's player limit",
    )
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("check", help="re-pair every round and list the differences")
    system_args(p)
    p.add_argument("file")
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("generate", help="play a random tournament and write its TRF")
    system_args(p)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--draw-rate", type=float, default=0.3)
    p.add_argument("--forfeit-rate", type=float, default=0.0)
    p.add_argument("--bye-rate", type=float, default=0.0)
    p.add_argument(
        "--unsorted",
        type=float,
        default=0.0,
        metavar="FRACTION",
        help="share of players whose pairing number is out of rating order (late entries, "
        "provisional ratings, imported ranks)",
    )
    p.add_argument(
        "--baku",
        action="store_true",
        help="Baku acceleration (C.04.7): virtual points for group A, written as XXA lines",
    )
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser(
        "rate",
        help="rate a USCF event section (or, --system fide, a FIDE event) from a JSON file",
        description=RATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--system",
        choices=("uscf", "fide"),
        default="uscf",
        help="uscf: the US Chess rating system (default); fide: the FIDE Rating Regulations",
    )
    p.add_argument(
        "--rules",
        choices=sorted(RULE_SETS),
        default="current",
        help="USCF only. 2011: the Glickman-Doan text (B = 6, integer ratings); "
        "current: US Chess practice from 2025 (B = 10, decimals). Default: current",
    )
    p.add_argument("file", metavar="EVENT.json")
    p.add_argument("-o", "--output", help="write the JSON here instead of stdout")
    p.set_defaults(run=cmd_rate)

    add_standings_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "system", None) == "round-robin" and getattr(args, "double", False):
        args.system, args.double = "round-robin-double", False  # a double round robin
    try:
        code: int = args.run(args)
        return code
    except TrfError as e:
        print(f"invalid input: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except AssumptionError as e:
        print(f"invalid --assume: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except ReceiptError as e:
        print(f"invalid receipt: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except (NoValidPairing, RoundRobinError) as e:
        print(f"no valid pairing: {e}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except TooLarge as e:
        print(f"too large: {e}", file=sys.stderr)
        return EXIT_ERROR
    except MemoryError:
        print("out of memory: the tournament is too large for this machine", file=sys.stderr)
        return EXIT_ERROR
    except Exception as e:
        print(f"unexpected error: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_ERROR
