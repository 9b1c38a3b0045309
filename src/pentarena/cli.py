"""The ``pentarena`` command: serve | worker | backup | restore | play | list | arena | bench |
replay | solve.

``pentarena play pentup --players 3 --ai hard --seat 1`` plays Pent-Up at the terminal;
``pentarena arena pentago --bots medium,hard,openspiel-mcts:1000 --games 100`` plays every
pair of computer players against each other (games of more seats: one match with the
players rotating), in parallel processes with a progress bar, and prints wins, draws and
losses with 95% intervals and Elo differences.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.progress import Progress
from rich.table import Table

from . import __version__, list_games, load_game
from .ai.arena import BOT_ALIASES, BOT_NAMES, wilson
from .ai.bots import LEVELS, make_bot
from .core.errors import GameOptionError, JsonFlaw, json_error, strict_loads
from .core.game import Option, game_info, registered_games, unused_options
from .core.memory import gigabytes, usable_bytes
from .games.pentago.rules import SOLVER_MAX_GB, SOLVER_MAX_THREADS
from .record import SEED_RANGE, computer_named
from .tui.console import TerminalConsole
from .tui.lines import print_sentence
from .tui.views import game_title, plural

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells expect."""


GAME_COMMANDS = ("play", "arena", "bench")
"""The commands whose first argument is a game, and which take that game's options."""

BOOL_WORDS = ("true", "false", "yes", "no", "on", "off", "1", "0")


def check_level(level: str) -> str:
    """``level`` if it is a computer level the commands accept; else GameOptionError."""
    if level not in BOT_NAMES:
        base, at, seconds = level.partition("@")
        if at and base in BOT_NAMES:  # arena's spelling: here the time is its own flag
            try:
                fine = 0 < float(seconds) < math.inf
            except ValueError:
                fine = False
            raise GameOptionError(f"{level!r}: give the level and its time apart here: "
                                  f"--ai {base} --time "
                                  f"{seconds[:20] if fine else 'SECONDS (more than 0)'}")
        raise GameOptionError(f"unknown AI level {level!r}; levels: {', '.join(BOT_NAMES)}")
    return level


# -- argument types: every number is checked by argparse, with a sentence -----------------
def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1 (e.g. --games)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative_int(text: str) -> int:
    """A whole number of at least 0 (0: no limit)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {value}")
    return value


def origin(text: str) -> str:
    """A site's origin, ``scheme://host[:port]`` (--allow-origin), as browsers send it."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        parts = None
    if (parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment
            or "@" in parts.netloc):
        raise argparse.ArgumentTypeError(
            f"an origin is the scheme and host of a site, e.g. https://play.example.org "
            f"(a port may follow: http://localhost:5173), got {text!r}")
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def proxy_addresses(text: str) -> str:
    """Reverse proxies' addresses or networks, comma-separated, or ``*`` (--trust-proxy)."""
    import ipaddress

    items = [item.strip() for item in text.split(",")]
    if items == ["*"]:
        return "*"
    for item in items:
        try:
            (ipaddress.ip_network if "/" in item else ipaddress.ip_address)(item)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{item!r} is not an IP address or network: name the proxies as addresses "
                "or networks, comma-separated (127.0.0.1,10.0.0.0/8), or * for any") from None
    return ",".join(items)


def seat_number(text: str) -> int:
    """A seat: a whole number from 0 (the upper bound depends on the game)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"seats are numbered from 0, got {value}")
    return value


def positive_seconds(text: str) -> float:
    """A time in seconds, more than 0 (e.g. --time)."""
    value = _number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text}")
    return value


def positive_gb(text: str) -> float:
    """An amount of memory in GB, more than 0 (--max-gb)."""
    value = _number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 GB, got {text}")
    return value


def seconds_or_zero(text: str) -> float:
    """A time in seconds, 0 or more (e.g. --delay)."""
    value = _number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 seconds or more, got {text}")
    return value


def port_number(text: str) -> int:
    value = _whole(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is between 1 and 65535, got {value}")
    return value


def seed_number(text: str) -> int:
    """A seed: a whole number that fits in 64 bits (what a game record stores)."""
    value = _whole(text)
    if value not in SEED_RANGE:
        raise argparse.ArgumentTypeError("a seed must fit in 64 bits "
                                         "(between -2**63 and 2**63 - 1)")
    return value


def bot_list(text: str) -> list[str]:
    """--bots: players separated by commas (each checked against the game later)."""
    levels = [b.strip() for b in text.split(",")]
    if not all(levels):
        raise argparse.ArgumentTypeError(f"write the players separated by commas, one level "
                                         f"per seat or more, e.g. mcts,greedy; got {text!r}")
    return levels


# -- game options: -o name=value and --name value, from the game's registered options -----
def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _game_flags() -> set[str]:
    """Every game's option flags (``--players``, ``--no-teams``, …)."""
    names = {name for info in registered_games() for name in info.options}
    return {_flag(n) for n in names} | {"--no-" + _flag(n)[2:] for n in names}


def _is_bool(opt: Option) -> bool:
    return (opt.kind or type(opt.default)) is bool


def _game_options(game: str | None) -> dict[str, Option]:
    """The options of ``game``; for an unknown or missing game, every game's options (so
    that the game's name, not an option, is what the error is about)."""
    if game is not None:
        return dict(game_info(game).options)
    union: dict[str, Option] = {}
    for info in registered_games():
        for name, opt in info.options.items():
            union.setdefault(name, opt)
    return union


def _describe(opt: Option) -> str:
    text = opt.help
    if opt.choices:
        shown = [_show(c) for c in opt.choices if c is not None]
        text += f" (one of: {', '.join(shown)}"
        text += ")" if opt.default is None else f"; default: {_show(opt.default)})"
    elif opt.default is not None:
        text += f" (default: {_show(opt.default)})"
    return text.replace("%", "%%")


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given as ``--name value`` and as ``-o name=value`` (as text; the
    game checks and converts them)."""
    opts: dict[str, Any] = {}
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise GameOptionError(f"-o expects name=value, e.g. -o players=3; got {item!r}")
        key = key.strip().replace("-", "_")
        if key in opts and opts[key] != value.strip():
            raise GameOptionError(f"option {key!r} is given twice: {opts[key]!r} and "
                                  f"{value.strip()!r}")
        opts[key] = value.strip()
    for dest, value in vars(args).items():
        if not dest.startswith("opt_") or value is None:
            continue
        key = dest[4:]
        if key in opts and str(opts[key]).lower() != str(value).lower():
            raise GameOptionError(f"option {key!r} is given twice: {opts[key]!r} and {value!r}")
        opts[key] = value
    return opts


def _load_game(args: argparse.Namespace):
    """The game with the options given; an option that the others leave without effect
    (Pentomino's --target with 2 players) is refused, not ignored."""
    given = _options(args)
    try:
        game = load_game(args.game, **given)
    except GameOptionError as exc:  # in the words typed: --touch-move, not 'touch_move'
        said = str(exc)
        for name in given:  # "option 'touch_move' must be …" (not "no option 'colour'")
            if said.startswith(f"option {name!r} "):
                said = _flag(name) + said[len(f"option {name!r}"):]
        raise GameOptionError(said) from None
    unused = unused_options(game.name, game.options)
    for name in given:
        if name in unused:
            raise GameOptionError(f"{_flag(name)} does not apply here: {unused[name]}")
    return game


def _add_game_options(p: argparse.ArgumentParser, game: str | None) -> None:
    p.add_argument("game", help="game name (see 'pentarena list'); "
                                "'%(prog)s GAME --help' lists its options"
                   if game is None else f"game name: {game}")
    title = f"{game} options" if game else "game options"
    if game is None:
        description = ("each game's options; 'pentarena <command> GAME --help' lists them "
                       "with their choices and defaults")
    else:
        description = "also accepted as -o name=value"
    group = p.add_argument_group(title, description)
    for name, opt in _game_options(game).items():
        flags = [_flag(name)] + ([f"--{name}"] if "_" in name else [])
        help_text = _describe(opt) if game else argparse.SUPPRESS
        if _is_bool(opt):
            group.add_argument(*flags, dest=f"opt_{name}", nargs="?", const="true",
                               default=None, metavar="{true,false}", help=help_text)
            group.add_argument("--no-" + name.replace("_", "-"), dest=f"opt_{name}",
                               action="store_const", const="false",
                               help=f"the same as {flags[0]} false" if game else argparse.SUPPRESS)
        else:
            metavar = ("{" + ",".join(map(str, opt.choices)) + "}" if opt.choices
                       else name.upper())
            group.add_argument(*flags, dest=f"opt_{name}", default=None, metavar=metavar,
                               help=help_text)
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a game option as name=value (the same as --name value)")
    p.add_argument("--seed", type=seed_number, default=None,
                   help="seed for shuffles and the AI")


def _bare_option(argv: list[str], items: list[str], extra: list[str]) -> str | None:
    """What is wrong with the first ``-o`` given without ``=`` (``-o variant draft``:
    argparse takes 'variant' as the option and leaves 'draft' over), suggesting the word
    after it as its value; None when every ``-o`` has its ``=``."""
    for item in items:
        if "=" in item:
            continue
        key = item.strip()
        after = next((argv[i + 1] for i, word in enumerate(argv[:-1])
                      if word == item and argv[i + 1] in extra
                      and not argv[i + 1].startswith("-")), None)
        example = f"{key}={after or 'VALUE'}" if key and not key.startswith("-") else "players=3"
        return f"-o expects name=value, e.g. -o {example}; got {item!r}"
    return None


def _find_game(argv: list[str]) -> tuple[str | None, str | None]:
    """The command and, for play/arena/bench, the registered game named after it."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in GAME_COMMANDS:
        return command, None
    rest = argv[argv.index(command) + 1:]
    known = {info.name for info in registered_games()}
    return command, next((a for a in rest if a in known), None)


def _normalise_bool_flags(argv: list[str], game: str | None) -> list[str]:
    """``--teams`` alone means true: spell it ``--teams=true`` so that the next word (a
    game name, say) is never taken as its value; ``--teams false`` stays as it is.  Once
    the game is named, a word after the flag can only be meant as its value (``--teams
    maybe``): it is given to the flag, which refuses it with the values it takes, rather
    than left over as an unrecognized argument."""
    flags = {f for name, opt in _game_options(game).items() if _is_bool(opt)
             for f in (_flag(name), f"--{name}")}
    out = []
    named = False  # whether the game's name has been seen
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        if arg == "--":
            out.extend(argv[i:])
            break
        following = argv[i + 1] if i + 1 < len(argv) else None
        if arg in flags and (following is None or following.lower() not in BOOL_WORDS):
            if named and following is not None and not following.startswith("-"):
                arg += "=" + following
                skip = True
            else:
                arg += "=true"
        named = named or arg == game
        out.append(arg)
    return out


def cmd_list(args: argparse.Namespace, console: Console) -> int:
    """The games with their options as the flags that set them (as ``play GAME --help``
    words them), then the AI levels: a line each, wrapped under itself."""
    def rows(pairs) -> Padding:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column()
        for first, second in pairs:
            table.add_row(first, second)
        return Padding(table, (0, 0, 0, 4))

    with console.capture() as captured:  # then written without the tables' padding
        for g in list_games():
            console.print(f"[bold]{g['name']}[/bold] — {g['title']}: {g['description']}",
                          markup=True, highlight=False)
            options = game_info(g["name"]).options
            if options:
                console.print(rows((_flag(name), _describe(opt).replace("%%", "%"))
                                   for name, opt in options.items()), highlight=False)
        console.print("AI levels (--ai):", markup=False, highlight=False)
        console.print(rows({**LEVELS, **BOT_ALIASES}.items()), highlight=False)
        console.print("Options go after the game name, as --name value or -o name=value; "
                      "'pentarena play GAME --help' lists them.", markup=False,
                      highlight=False)
    # no line ends in spaces (the grid pads every cell to its column; a wrapped line keeps
    # the space it broke at): copied or piped, the text is as it reads
    console.file.write("".join(line.rstrip() + "\n"
                               for line in captured.get().splitlines()))
    console.file.flush()
    return 0


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from .tui.terminal import TerminalGame

    game = _load_game(args)
    level = check_level(args.ai or "medium")
    if game_info(game.name).solo and (args.hotseat or args.seat):
        raise GameOptionError(f"{'--hotseat' if args.hotseat else '--seat'} is for games of "
                              "several players: a puzzle has one seat, yours")
    if args.hotseat and args.seat:
        raise GameOptionError("--seat names the people's seats when the computer plays the "
                              "others, and --hotseat makes every seat a person: give one "
                              "or the other")
    twice = sorted({s for s in args.seat or [] if args.seat.count(s) > 1})
    if twice:
        raise GameOptionError(f"--seat {twice[0]} is given twice: each person at the keyboard "
                              "takes a seat of their own")
    humans = set(range(game.num_players)) if args.hotseat else set(args.seat or [0])
    bad = [s for s in humans if not 0 <= s < game.num_players]
    if bad:
        raise GameOptionError(f"--seat must be between 0 and {game.num_players - 1}")
    if len(humans) == game.num_players:  # no computer seat: its options would be ignored
        why = ("a puzzle has no computer opponent" if game_info(game.name).solo else
               "--hotseat makes every seat a person" if args.hotseat else
               "every seat is a person (--seat)")
        for flag, given in (("--ai", args.ai is not None), ("--time", args.time is not None)):
            if given:
                raise GameOptionError(f"{flag} is for the computer's seats, and {why}")
    save = _save_target(args.save)
    bots = [None if s in humans else
            make_bot(level, seed=None if args.seed is None else args.seed + s,
                     time_limit=args.time)
            for s in range(game.num_players)]
    meta = {"players": ["person" if b is None else f"computer: {level}" for b in bots],
            "program": "pentarena play"}
    tg = TerminalGame(game, bots, console=console, seed=args.seed, save_path=save, meta=meta)
    tg.run()
    return 1 if tg.save_failed else 0


def _save_target(value: str | None, own: Path | None = None) -> Path | None:
    """``--save FILE`` as a path, checked before the game starts (a missing folder, or a
    folder: refused, or the game's moves would be lost at its end; a file there already,
    other than ``own`` — the record resumed —: refused, or it would be overwritten)."""
    save = Path(value).expanduser() if value else None
    if (save is not None and save.is_file()
            and (own is None or save.resolve() != own.expanduser().resolve())):
        raise GameOptionError(f"--save: {str(save)!r} exists already; name a new file (a "
                              "saved game goes on with 'pentarena resume FILE', which saves "
                              "back to FILE)")
    if save is not None and not save.parent.is_dir():
        raise GameOptionError(f"--save: the folder {str(save.parent)!r} does not exist")
    if save is not None and save.is_dir():
        raise GameOptionError(f"--save: {str(save)!r} is a folder; name a file to write the "
                              f"record to, e.g. {str(save / 'game.json')!r}")
    return save


def _saved_seats(record, n: int, level: str | None) -> tuple[list[str | None], list[str],
                                                            bool]:
    """Who played each of the ``n`` seats of a saved game: the computer's level (``level``
    if given), or None for a person — read from ``meta.players`` ('person', 'computer:
    medium', or the server's 'computer (medium)'; a name is a person); without it, seat 0
    a person and the others the computer — the players' words for the record (a person's
    name kept), and whether ``meta.players`` was there but named no seats."""

    saved = record.meta.get("players")
    unread = saved is not None and not (isinstance(saved, list) and len(saved) == n)
    if not (isinstance(saved, list) and len(saved) == n):
        saved = ["person"] + ["computer: medium"] * (n - 1)
    levels: list[str | None] = []
    for who in saved:
        found = computer_named(who)
        levels.append((level or found) if found else None)
    for chosen in levels:
        if chosen is not None:
            check_level(chosen)
    # a person's name stays as the record gave it ('Rita'); the computer's in our words
    words = [(who if isinstance(who, str) and who.strip() else "person") if lv is None
             else f"computer: {lv}" for who, lv in zip(saved, levels)]
    return levels, words, unread


def cmd_resume(args: argparse.Namespace, console: Console) -> int:
    """Go on with a game saved in the terminal, from its record."""
    from .record import GameRecord
    from .tui.terminal import TerminalGame, shell_word

    path = Path(args.file).expanduser()
    record = GameRecord.load(path)
    final = record.final_state()
    if final.is_terminal() or record.resigned(final) is not None:
        raise GameOptionError(f"the game in {args.file} is over: 'pentarena replay "
                              f"{shell_word(args.file)}' shows it")
    n = final.game.num_players
    levels, words, unread = _saved_seats(record, n, args.ai and check_level(args.ai))
    if unread:
        print_sentence(console, f"The record's meta.players does not name its {n} seats: you "
                       "play seat 0 and the computer the others.", "yellow")
    bots = [None if lv is None else make_bot(lv, time_limit=args.time) for lv in levels]
    if all(b is None for b in bots) and (args.ai or args.time):
        raise GameOptionError(f"{'--ai' if args.ai else '--time'} is for the computer's "
                              "seats, and every seat of this game is a person's")
    save = _save_target(args.save, own=Path(path)) or path
    # (how a game ended is this game's to say: a 'resigned' or 'solved_from' that did not
    # apply to the record read is not copied on)
    meta = {**{k: v for k, v in record.meta.items() if k not in ("resigned", "solved_from")},
            "players": words, "program": "pentarena play"}
    tg = TerminalGame(final.game, bots, console=console, seed=record.seed, save_path=save,
                      meta=meta, record=record)
    tg.run()
    return 1 if tg.save_failed else 0


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    """Round robins (two-seat games) or a rotating match, in parallel processes."""
    from .ai.arena import labels, round_robin, schedule

    game = _load_game(args)
    options = dict(game.options)
    total = len(schedule(game.name, options, args.bots, args.games, 0))
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{game.name}: {plural(total, 'game')}", total=total)
        result = round_robin(game.name, options, args.bots, args.games, args.time,
                             args.seed or 0, args.jobs, lambda: progress.advance(task))
    if isinstance(result, list):
        _print_table(console, _pairs_table(game, result))
        _print_table(console, _standings(labels(args.bots), result))
    else:
        table = Table(title=f"{plural(result.games, 'game')} of {_title(game)}, seats rotating")
        for col in ("player", "games", "points", "score", "95% interval"):
            table.add_column(col)
        # best first, as the two-seat standings (a tie keeps the --bots order)
        for name, p in sorted(zip(result.players, result.points), key=lambda np: -np[1]):
            lo, hi = wilson(p, result.games)
            table.add_row(name, str(result.games), f"{p:g}", f"{p / result.games:.1%}",
                          f"{lo:.1%} – {hi:.1%}")
        _print_table(console, table)
    return 0


def _print_table(console: Console, table: Table) -> None:
    """``table``, or where the terminal is too narrow for it (rich would squeeze its
    columns to a letter or two), its title and a line per row: the first cell, then every
    other cell after its heading ('easy: against random, won–drawn–lost 4–0–0, …')."""
    natural = console.measure(table, options=console.options.update_width(10_000))
    if natural.minimum <= console.width:
        console.print(table)
        return
    headings = [str(column.header) for column in table.columns]
    rows = zip(*(list(column.cells) for column in table.columns))
    if table.title:
        print_sentence(console, str(table.title), "bold")
    for cells in rows:
        print_sentence(console, f"{cells[0]}: " + ", ".join(
            f"{heading} {cell}" for heading, cell in zip(headings[1:], cells[1:])))


def _elo_text(value: float) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return f"{value:+.0f}".replace("-", "−")


def _title(game) -> str:
    """The game's title and the options that differ from the defaults (arena tables)."""
    return game_title(game.name, game.options, changed_only=True)


def _pairs_table(game, records) -> Table:
    table = Table(title=f"{_title(game)}: every pair, seats alternated")
    for col in ("player", "against", "won–drawn–lost", "score", "95% interval", "Elo (95%)"):
        table.add_column(col, no_wrap=col != "against", overflow="fold")
    for r in records:
        lo, hi = r.interval
        d, dlo, dhi = r.elo
        table.add_row(r.first, r.second, f"{r.wins}–{r.draws}–{r.losses}",
                      f"{r.score:.1%}", f"{lo:.1%}–{hi:.1%}",
                      f"{_elo_text(d)} ({_elo_text(dlo)}…{_elo_text(dhi)})")
    return table


def _standings(players, records) -> Table:
    """Each player's score over all its games."""
    points = {p: 0.0 for p in players}
    games = {p: 0 for p in players}
    for r in records:
        points[r.first] += r.points
        points[r.second] += r.games - r.points
        games[r.first] += r.games
        games[r.second] += r.games
    table = Table(title="standings")
    for col in ("player", "points", "games", "score"):
        table.add_column(col)
    for p in sorted(players, key=lambda p: -points[p] / max(1, games[p])):
        table.add_row(p, f"{points[p]:g}", str(games[p]), f"{points[p] / max(1, games[p]):.1%}")
    return table


BENCH_MAX_PLIES = 100_000
"""A bench game that has not ended after this many plies is stopped (and said so)."""


def _not_a_removal(move: Any) -> bool:
    return getattr(move, "kind", None) != "remove"


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    """Random games through the public API (legal_moves + apply at every ply).

    A solo puzzle has no end under random play (a random move may take a piece back), so
    its bench measures random *fillings*: random placements, never a removal, until no
    remaining piece fits or the region is covered."""
    import random
    import time

    game = _load_game(args)
    solo = game_info(game.name).solo
    rng = random.Random(args.seed or 0)
    plies = solved = stopped = 0
    what = f"random {game.name} fillings" if solo else f"random {game.name} games"
    start = time.perf_counter()
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(what, total=args.games)
        for g in range(args.games):
            state = game.new_initial_state(seed=(args.seed or 0) + g)
            for _ in range(BENCH_MAX_PLIES):
                if state.is_terminal():
                    break
                moves = state.legal_moves()
                if solo:
                    moves = [m for m in moves if _not_a_removal(m)]
                    if not moves:
                        break  # stuck: no remaining piece fits
                state.apply(rng.choice(moves))
                plies += 1
            else:
                stopped += 1
            solved += state.is_terminal()
            progress.advance(task)
    elapsed = max(time.perf_counter() - start, 1e-9)
    if solo:
        console.print(f"{game!r}: {args.games / elapsed:.1f} random fillings/s, "
                      f"{plies / elapsed:.0f} placements/s (random placements, never a "
                      f"removal, until no piece fits); {solved} of {plural(args.games, 'filling')} "
                      f"covered the region", markup=False, highlight=False)
    else:
        console.print(f"{game!r}: {args.games / elapsed:.1f} random games/s, "
                      f"{plies / elapsed:.0f} plies/s (legal_moves() + apply() at every ply)",
                      markup=False, highlight=False)
    if stopped:
        console.print(f"{plural(stopped, 'game')} had not ended after {BENCH_MAX_PLIES:,} plies "
                      f"and {'was' if stopped == 1 else 'were'} stopped", markup=False)
    return 0


def cmd_worker(args: argparse.Namespace, console: Console) -> int:
    import asyncio
    import logging

    from .server.logs import setup_logging
    from .server.startup import not_in_memory, shown_url, startup_errors

    with startup_errors(args.database_url):
        from .server.cluster import run_worker

        not_in_memory(args.database_url)
        setup_logging(args.log_format, logging.INFO)
        line = f"Pentarena worker: Redis {shown_url(args.redis_url)}  (Ctrl+C to stop)"
        if args.log_format == "text":
            console.print(line, markup=False)
        else:  # every line a JSON object
            logging.getLogger("pentarena.worker").info("%s", line)
        asyncio.run(run_worker(args.redis_url, args.database_url, args.processes))
    return 0


def from_environment(name: str, flag: str, kind: Callable[[str], Any], default: Any) -> Any:
    """A flag's default from the environment variable ``name``; a value it does not take
    is said of the variable (which nobody typed on the command line)."""
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        return kind(text)
    except argparse.ArgumentTypeError as exc:
        raise ValueError(f"${name} (the default of {flag}): {exc}") from None


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    from .server.app import serve
    from .server.startup import startup_errors

    if args.away_seconds is None:
        args.away_seconds = from_environment("PENTARENA_AWAY_SECONDS", "--away-seconds",
                                             non_negative_int, 120)
    if args.idle_seconds is None:
        args.idle_seconds = from_environment("PENTARENA_IDLE_SECONDS", "--idle-seconds",
                                             non_negative_int, 600)
    if args.heartbeat_seconds is None:
        args.heartbeat_seconds = from_environment("PENTARENA_HEARTBEAT_SECONDS",
                                                  "--heartbeat-seconds", positive_int, 20)
    with startup_errors(args.database_url):
        serve(args.host, args.port, args.database_url, args.allow_origin or (), args.redis_url,
              args.log_format, args.connections_per_address, args.tables_per_minute,
              args.trust_proxy, args.away_seconds,
              seat_changes_per_minute=args.seat_changes_per_minute,
              idle_seconds=args.idle_seconds, heartbeat_seconds=args.heartbeat_seconds)
    return 0


def cmd_backup(args: argparse.Namespace, console: Console) -> int:
    """Copy the server's SQLite database to a new file, safely while the server runs."""
    from .server.backup import backup

    tables = backup(args.database_url, args.file)
    console.print(f"Backed up {plural(tables, 'table')} to {args.file}", markup=False,
                  highlight=False)
    return 0


def cmd_restore(args: argparse.Namespace, console: Console) -> int:
    """Give a stopped server's SQLite database back from a backup, keeping the one it
    replaces."""
    from .server.backup import restore

    tables, kept = restore(args.database_url, args.file)
    console.print(f"Restored {plural(tables, 'table')} from {args.file}"
                  + (f"; the database it replaced is kept as {kept}" if kept else ""),
                  markup=False, highlight=False)
    return 0


def _players_line(record, view, earlier: list[list[dict]]) -> str:
    """Who played each seat, as the record's ``meta`` names them ('Players — White (seat
    0): Ann; Black (seat 1): Bobby until move 4, then Carol'); '' when it names nobody.
    ``earlier``: ``record.earlier_players`` (who held each seat before)."""
    names = record.meta.get("players")
    if not (isinstance(names, list) and len(names) == len(earlier)):
        return ""
    parts, named = [], False
    for seat, (who, held) in enumerate(zip(names, earlier)):
        chain = [f"{h['name'] or '?'} until move {h['until']}" for h in held]
        if isinstance(who, str) and who.strip() and who.strip() != "person":
            chain.append(who.strip())
        elif who == "person":  # unnamed: said as such once another seat is named
            chain.append("a person")
        named = named or any(c != "a person" for c in chain)
        if chain:
            parts.append(f"{view.seat_name(seat)}: {', then '.join(chain)}")
    return f"Players — {'; '.join(parts)}" if named else ""


REPLAY_FILE_WIDTH = 1000
"""Characters a line of ``replay`` may take written to a file or a pipe (not a terminal)."""


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Print a game record move by move; ``--analyse``: then judge every move (as the
    browser's post-game analysis does).  Exit status 1 when ``--analyse`` was asked of a
    record that cannot be analysed (an unfinished game, a puzzle), with a sentence why."""
    import time

    from .record import GameRecord
    from .tui.analysis import SECONDS_PER_MOVE, show_analysis, unavailable
    from .tui.views import view_for

    if args.seconds_per_move is not None and not args.analyse:
        raise GameOptionError("--seconds-per-move is the time --analyse spends judging a "
                              "move: add --analyse, or leave it out")
    record = GameRecord.load(args.file)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        # a file or a pipe: no terminal to widen, so every board whole (a wide Pent-Up
        # table lost its outer columns) and the sentences unwrapped
        console.width = REPLAY_FILE_WIDTH
    states = record.states()
    final = states[-1]
    # the meta that cannot be (resigned, earlier players, solved from): said before anything
    resigned = record.resigned(final)
    earlier = record.earlier_players(final.game.num_players)
    solved_from = record.solved_from()  # a puzzle: the computer's moves from there on
    view = view_for(record.game)
    setup = ("dealt from the recorded deck, " if record.deck is not None
             else f"seed {record.seed}, " if record.seed is not None else "")
    console.print(f"{game_title(record.game, record.options)} — {setup}"
                  f"{plural(len(record.moves), 'move')}",
                  style="bold", markup=False, highlight=False)
    players = _players_line(record, view, earlier)
    if players:
        console.print(players, markup=False, highlight=False)
    for ply, (text, state) in enumerate(zip(record.moves, states[1:]), start=1):
        mover = states[ply - 1].current_player
        news = (view.computer_news(text) if solved_from is not None and ply > solved_from
                and hasattr(view, "computer_news")
                else view.move_news(mover, text, state))
        console.print(f"{ply}. {news}", markup=False, highlight=False)
        move = state.parse_move(text)
        round_over = view.round_over(state, move)
        console.print(view.board(state, move) if round_over is None else round_over)
        if args.delay:
            time.sleep(args.delay)
    if hasattr(view, "finished_by_computer"):  # a puzzle: who solved it, as it was played
        view.finished_by_computer = solved_from
    if final.is_terminal():
        console.print(view.result(final))
    elif resigned is not None:  # the game ended there: its player gave it up
        console.print(view.resigned(final, resigned), markup=False, highlight=False)
    else:
        console.print(view.status(final))
    if not args.analyse:
        return 0
    why_not = None if resigned is not None else unavailable(final)
    if why_not is not None:
        if not game_info(record.game).solo:  # a game that is not over
            why_not = (f"Not analysed: the analysis needs a finished game, and this record "
                       f"stops after {plural(len(record.moves), 'move')}, before the end.")
        console.print(why_not, style="yellow", markup=False, highlight=False)
        return 1
    show_analysis(console, view, states[0], record.moves,
                  args.seconds_per_move or SECONDS_PER_MOVE)
    return 0


def _state_from_file(text: str, name: str):
    """The last position of a record file (``play --save``, the browser's export) or a
    saved state (JSON) of game ``name``; None when ``text`` names no file."""
    from .record import GameRecord

    path = Path(text).expanduser()
    if not path.is_file():
        if path.suffix.lower() == ".json":  # meant as a file, not a position
            raise GameOptionError(f"{text}: no such file")
        return None
    try:
        data = strict_loads(path.read_bytes())  # UTF-8 with or without a BOM
    except JsonFlaw as exc:  # NaN, 1e400, a name given twice: read one way only
        raise GameOptionError(f"{text}: {exc.words('the file')}") from None
    except (OSError, ValueError) as exc:  # not JSON, or not text
        why = json_error(exc) if isinstance(exc, ValueError) else exc
        raise GameOptionError(f"{text}: not a JSON record or state ({why})") from None
    if not isinstance(data, dict) or data.get("game") != name:
        other = data.get("game") if isinstance(data, dict) else None
        known = {info.name for info in registered_games()}
        said = ("" if not (isinstance(other, str) and other in known) else
                f" (it is a {other} one: 'pentarena solve {other} {text}' reads it)"
                if other in ("pentago", "pentomino") else f" (it is a {other} one: "
                "'pentarena solve' takes Pentago and Pentomino positions)")
        raise GameOptionError(f"{text}: not a {name.capitalize()} record or state{said}")
    try:
        if "format" in data:
            return GameRecord.from_json(data).final_state()
        options = data.get("options") or {}
        return load_game(name, **options).state_from_json(data)
    except (TypeError, ValueError) as exc:
        raise GameOptionError(f"{text}: {exc}") from None


def _play_moves(state, moves: str | None, commas: bool = True):
    """``state`` after the ``--moves``: move text separated by semicolons, or by commas
    too where a move has none (Pentago, unless the moves are separated by semicolons: its
    move list's words may hold commas, 'c3, turns top-left ↻')."""
    text = moves or ""
    if commas and ";" not in text:
        text = text.replace(",", ";")
    for i, move in enumerate(m.strip() for m in text.split(";")):
        if not move:
            continue
        if not commas and move.count(":") > 1:
            raise GameOptionError(f"--moves: move {i + 1} ({move!r}) holds several moves: "
                                  f"separate them with ';' (a placement's squares are "
                                  f"separated by commas)")
        try:
            state.apply(move)
        except ValueError as exc:
            raise GameOptionError(f"--moves: move {i + 1} ({move!r}): {exc}") from None
    return state


def pentago_position(text: str | None, moves: str | None):
    """The Pentago state ``pentarena solve pentago`` is given: a position (rows of W, B
    and . separated by /, then optionally /w or /b), a record file (``play --save``, the
    browser's export) or a saved state (JSON), or ``start`` (the empty board) — then the
    ``--moves`` played from there (move text separated by commas or semicolons)."""
    game = load_game("pentago")
    if text is None and not moves:
        raise GameOptionError("give a position to solve: rows of W, B and . separated by / "
                              "(e.g. 'WWB.../....../....../....../....../....../b'), a record "
                              "or saved state, or 'start' with --moves")
    if text is None or text.strip().lower() in ("", "start", "empty"):
        state = game.new_initial_state()
    else:
        state = _state_from_file(text, "pentago")
    if state is None:
        try:
            state = game.new_initial_state(position=text)
        except ValueError as exc:
            looks = text.count("/") >= 5 and re.fullmatch(r"[WBwb./\s]+", text)
            what = ("is not a position Pentago can have" if looks
                    else "is neither a file nor a position")
            raise GameOptionError(
                f"{text!r} {what}: {exc} (e.g. "
                f"'WWB.../....../....../....../....../....../b')") from None
    return _play_moves(state, moves)


def pentomino_position(text: str, moves: str | None):
    """The 2-player Pentomino state ``pentarena solve pentomino POSITION`` is given:
    ``start`` (the empty board), ``draft:ILNPWZ/FTUVXY`` (the placement phase of a draft
    game with these sets: the first picked first, so the second places first), or a
    record file or saved state (JSON) — then the ``--moves`` played from there (separated
    by semicolons: a placement's squares are separated by commas)."""
    spec = text.strip()
    if spec.lower() in ("start", "empty"):
        state = load_game("pentomino").new_initial_state()
    elif spec.lower().startswith("draft:"):
        sets = [list(part.strip().upper()) for part in spec[6:].split("/")]
        try:
            state = load_game("pentomino", variant="draft").new_initial_state(sets=sets)
        except ValueError as exc:
            raise GameOptionError(f"{text!r}: {exc} (e.g. 'draft:ILNPWZ/FTUVXY')") from None
    else:
        state = _state_from_file(spec, "pentomino")
        if state is None:
            raise GameOptionError(f"{text!r} is neither a file nor a position: give 'start', "
                                  f"'draft:ILNPWZ/FTUVXY', or a record or saved state (JSON)")
    return _play_moves(state, moves, commas=False)


VALUE_WORDS = {1: "wins", 0: "draws", -1: "loses"}
PENTAGO_EXAMPLE = "WBW.BB/BW..W./WWB.BW/BBW.WB/W.B.../.W..B./w"
"""A position ``solve pentago --help`` shows (14 empty cells, a draw; as the README's)."""
PENTAGO_MOVES_EXAMPLE = ("WBWW../.BW..B/..BB../W.B.../B.B..B/.WWW.W", "a2 TL cw, f4 BR ccw")
"""A position and ``--moves`` that ``solve pentago --help`` shows (16 empty cells left,
solved in seconds; as the README's)."""


def _in_background(job: Any, console: Console, columns: tuple, description: str, *,
                   disable: bool, total: float | None = None, **fields: Any) -> tuple[Any, float]:
    """(``job()``'s result, the seconds it took), run in a daemon thread — a native solver
    runs without the GIL, and Ctrl-C leaves at once — while a progress line shows; a bar
    filling over ``total`` seconds when given, else a spinner."""
    import threading
    import time

    result: list[Any] = []
    started = time.perf_counter()
    worker = threading.Thread(target=lambda: result.append(job()), daemon=True)
    with Progress(*columns, console=console, transient=True,
                  disable=disable or not console.is_terminal) as progress:
        task = progress.add_task(description, total=total, **fields)
        worker.start()
        while worker.is_alive():
            worker.join(0.1)
            if total is not None:
                progress.update(task, completed=min(time.perf_counter() - started, total * 0.99))
    return (result[0] if result else None), time.perf_counter() - started


def cmd_solve_pentago(args: argparse.Namespace, console: Console) -> int:
    """The exact value of a Pentago position and of every move (the midgame solver)."""
    import json as json_module
    import os

    from rich.progress import BarColumn, SpinnerColumn, TextColumn, TimeElapsedColumn

    from .games.pentago.notation import PentagoMove

    state = pentago_position(args.region, args.moves)
    if state.is_terminal():
        raise GameOptionError("the game is over in this position: there is nothing to solve")
    me = state.current_player
    empty = state._empty_count()
    estimate, memory = state._solve_estimate()
    usable = usable_bytes() * 0.9
    if memory > min(args.max_gb * 1e9, usable):
        limit = (f"--max-gb {args.max_gb:g}" if args.max_gb * 1e9 <= usable
                 else f"the {gigabytes(usable)} this process may use")
        raise GameOptionError(
            f"{empty} empty cells need about {gigabytes(memory)}, more than {limit}; the "
            f"solver takes positions with up to 20 empty cells on a machine with 16 GB")
    # (every core by default, up to what the solver takes: SOLVER_MAX_THREADS)
    threads = args.threads or min(os.cpu_count() or 1, SOLVER_MAX_THREADS)
    if args.time and estimate / threads > args.time:
        console.print(f"not tried: the estimate for {empty} empty cells is "
                      f"{estimate / threads:.1f} s on {plural(threads, 'thread')}, more than "
                      f"--time {args.time:g}; give more --time", markup=False)
        return 1
    if not args.json:
        console.print(str(state), markup=False, highlight=False)
    columns = (SpinnerColumn(), TextColumn("solving {task.description}"), BarColumn(),
               TimeElapsedColumn(), TextColumn("(estimate {task.fields[estimate]})"))
    solved, seconds = _in_background(
        lambda: state.solve_moves(args.time, threads, args.max_gb), console, columns,
        f"{empty} empty cells", disable=args.json, total=estimate / threads,
        estimate=f"{estimate / threads:.1f} s")
    if solved is None:
        console.print(f"gave up after --time {args.time:g} s (the estimate for {empty} "
                      f"empty cells was {estimate / threads:.1f} s on "
                      f"{plural(threads, 'thread')}, on a busy machine it takes longer); give "
                      f"more --time" if args.time else "not solved", markup=False)
        return 1
    value, moves = solved
    colour = ("White", "Black")[me]
    if args.json:
        console.print_json(json_module.dumps({
            "position": state.to_json()["board"], "to_move": me, "empty": empty,
            "value": value, "seconds": round(seconds, 3),
            "moves": {str(m): v for m, v in moves}}))
        return 0
    console.print(f"{colour} to move, {plural(empty, 'empty cell')}: {colour} "
                  f"{VALUE_WORDS[value]} with perfect play  (solved in {seconds:.2f} s on "
                  f"{plural(threads, 'thread')})", markup=False, highlight=False)
    by_cell: dict[int, list[tuple[PentagoMove, int]]] = {}
    for m, v in sorted(moves, key=lambda mv: (mv[0].cell, mv[0][1], mv[0][2])):
        by_cell.setdefault(m.cell, []).append((m, v))
    for v, title in ((1, "winning"), (0, "drawing"), (-1, "losing")):
        words = []
        for cell_moves in by_cell.values():
            here = [m for m, mv in cell_moves if mv == v]
            if len(here) == 8:  # every turn after this placement
                words.append(f"{str(here[0]).split()[0]} (any turn)")
            else:
                words.extend(str(m) for m in here)
        count = sum(1 for _, mv in moves if mv == v)
        if count:
            console.print(f"{title} moves ({count}):", style="bold", markup=False)
            console.print(_columns(words, console.width), markup=False, highlight=False)
    return 0


def _columns(words: list[str], width: int = 88) -> str:
    """``words`` in as many aligned columns as fit in ``width`` characters."""
    cell = max(len(w) for w in words) + 2
    per_line = max(1, width // cell)
    return "\n".join("  " + "".join(w.ljust(cell) for w in words[i:i + per_line]).rstrip()
                     for i in range(0, len(words), per_line))


def cmd_solve_pentomino(args: argparse.Namespace, console: Console) -> int:
    """Prove Golomb's game a first-player win from the empty board, resumably; or solve
    one position of the 2-player placement phase."""
    from ._native import PentominoProver
    from .games.pentomino import golomb

    if args.draft and not args.from_start:
        raise GameOptionError("--draft goes with --from-start: the proof of the draft "
                              "variant from the first pick")
    if args.from_start and args.region is not None:
        raise GameOptionError("--from-start proves the game from the empty board: give it "
                              "without a position")
    if not args.from_start:
        if args.region is None:
            raise GameOptionError("give a position to solve ('start', 'draft:ILNPWZ/FTUVXY', "
                                  "or a record or saved state), or --from-start for the "
                                  "proof from the empty board")
        return solve_pentomino_position(args, console)
    if args.draft:
        return prove_draft(args, console)
    path = Path(args.checkpoint or golomb.DEFAULT_CHECKPOINT)
    firsts = None
    if args.first:
        state = load_game("pentomino").new_initial_state()
        firsts = [state.move_to_action(args.first)]
    _check_tables(args.table_bits)
    prover = PentominoProver(args.table_bits)
    print_sentence(console, f"proving from the empty board; checkpoint {path} (resumes where it "
                            f"stopped); table {prover.table_usage()[0] / 2**20:,.0f} MB")

    def report(line: str, progress: golomb.ProofProgress) -> None:
        console.print(f"[{len(progress.answers)}/{progress.replies}] {line}  "
                      f"({progress.nodes:,} nodes, {progress.seconds:,.0f} s)", markup=False)

    progress = golomb.run_proof(path, prover, firsts, report, args.time)
    if progress.first is not None and args.book:
        golomb.write_book(progress, Path(args.book))
    if progress.done:
        console.print(f"proved: the first player wins with {golomb.board_tables()[0][progress.first]} "
                      f"({progress.replies} distinct replies refuted, {progress.nodes:,} nodes, "
                      f"{progress.seconds:,.0f} s of search)", markup=False)
        return 0
    console.print(f"stopped: {len(progress.answers)} of {progress.replies} replies refuted so far; "
                  "run the same command again to go on", markup=False)
    return 0


def prove_draft(args: argparse.Namespace, console: Console) -> int:
    """Prove who wins the draft variant from the first pick, resumably."""
    from ._native import PentominoProver
    from .games.pentomino import draft_proof

    if args.first:
        raise GameOptionError("--first is for Golomb's game; the draft's proof chooses its "
                              "drafts itself")
    path = Path(args.checkpoint or draft_proof.DEFAULT_CHECKPOINT)
    _check_tables(args.table_bits, args.threads or 1)
    provers = [PentominoProver(args.table_bits, False) for _ in range(args.threads or 1)]
    print_sentence(console, f"proving the draft variant from the first pick; checkpoint {path} "
                            f"(resumes where it stopped); {plural(len(provers), 'thread')}, a "
                            f"table of {provers[0].table_usage()[0] / 2**20:,.0f} MB each")

    def report(line: str, progress: draft_proof.DraftProgress) -> None:
        console.print(f"[{len(progress.splits)} drafts] {line}  ({progress.nodes:,} nodes, "
                      f"{progress.seconds:,.0f} s)", markup=False)

    progress = draft_proof.run_proof(path, provers, report, args.time)
    if args.book:
        draft_proof.write_book(progress, Path(args.book))
    result = progress.result()
    if result is None:
        console.print(f"stopped: {len(progress.splits)} drafts proved so far; run the same "
                      "command again to go on", markup=False)
        return 0
    winner = "the second picker (who places first)" if result else "the first picker"
    first = draft_proof.Picks(progress.value).best_pick(0, 0)
    opening = "" if first is None else f", first picking {draft_proof.letters(1 << first)}"
    console.print(f"proved: {winner} wins the draft game{opening} ({len(progress.splits)} of "
                  f"the 924 drafts proved, {progress.nodes:,} nodes, {progress.seconds:,.0f} s "
                  f"of search)", markup=False)
    return 0


def _check_tables(table_bits: int, count: int = 1) -> None:
    """Refuse ``--table-bits`` whose ``count`` transposition tables (16 bytes an entry)
    would not fit in what this process may use, before the native core tries to allocate
    them."""
    need, usable = count * (16 << table_bits), usable_bytes() * 0.9
    if need > usable:
        tables = f"{count} tables" if count > 1 else "the table"
        raise GameOptionError(f"--table-bits {table_bits}: {tables} would need "
                              f"{gigabytes(need)}, more than the {gigabytes(usable)} this "
                              f"process may use; give fewer bits (each one less halves it)")


def solve_pentomino_position(args: argparse.Namespace, console: Console) -> int:
    """The exact value of a 2-player Pentomino placement position for the player to move,
    and a move that keeps it (when lost: the move whose refutation is the most work)."""
    import json as json_module

    from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn

    from ._native import PentominoProver
    from .games.pentomino.rules import letters
    from .tui.views import view_for

    state = pentomino_position(args.region, args.moves)
    if state.game.players != 2:
        raise GameOptionError("only the 2-player game is solved (3-4 players play rounds "
                              "for points)")
    if state.is_terminal():
        raise GameOptionError("the game is over in this position: there is nothing to solve")
    if state.phase != "place":
        raise GameOptionError("the draft is not finished: the proof search starts with the "
                              "placement phase (give the sets: 'draft:ILNPWZ/FTUVXY')")
    seat = state.current_player
    placed = len(state.placed)
    pieces = "".join(letters(state.available(seat)))
    _check_tables(args.table_bits)
    prover = PentominoProver(args.table_bits, state.game.variant == "standard")
    if not args.json:
        console.print(str(state), markup=False, highlight=False)
    columns = (SpinnerColumn(), TextColumn("proving {task.description}"), TimeElapsedColumn())
    solution, seconds = _in_background(
        lambda: state.perfect_move(args.time, memory={"prover": prover}), console, columns,
        f"from {plural(placed, 'piece')} placed", disable=args.json)
    if solution is None:
        console.print(f"not solved within {args.time:g} s; give more --time", markup=False)
        return 1
    nodes = prover.nodes
    if args.json:
        console.print_json(json_module.dumps({
            "to_move": seat, "placed": placed, "pieces": pieces, "value": solution.value,
            "move": str(solution.move), "nodes": nodes, "seconds": round(seconds, 3)}))
        return 0
    who = view_for("pentomino").seat_name(seat)  # as 'play' names the seats
    name = who.split(" (")[0]
    how = "by the opening book of the proof" if nodes == 0 else f"{nodes:,} positions"
    # the draft's own set, or the pool both players place from
    owned = f"{name}'s pieces" if state.game.variant == "draft" else "pool"
    console.print(f"{who} to move ({plural(placed, 'piece')} placed, {owned} {pieces}): "
                  f"{name} {VALUE_WORDS[solution.value]} with perfect play  (proved in "
                  f"{seconds:.2f} s, {how})", markup=False, highlight=False)
    if solution.value == 1:
        console.print(f"winning move: {solution.move}", markup=False, highlight=False)
    else:
        console.print(f"every move loses; the longest defence: {solution.move}", markup=False,
                      highlight=False)
    return 0


SOLVE_DEFAULTS: dict[str, Any] = {
    "pieces": "FILNPTUVWXYZ", "count": False, "moves": None, "time": None, "threads": None,
    "max_gb": SOLVER_MAX_GB, "json": False, "from_start": False, "draft": False, "checkpoint": None,
    "first": None, "table_bits": 25, "book": None}
"""The options of ``pentarena solve`` and their defaults (the parser's)."""
SOLVE_TAKES: dict[str, tuple[str, ...]] = {
    "puzzle": ("pieces", "count"),
    "pentago": ("moves", "time", "threads", "max_gb", "json"),
    "a pentomino position": ("moves", "time", "json", "table_bits"),
    "pentomino --from-start": ("time", "checkpoint", "first", "table_bits", "book"),
    # (--first: refused by the draft's proof itself, with why)
    "pentomino --from-start --draft": ("time", "threads", "checkpoint", "table_bits", "book",
                                       "first"),
}
"""Which options each kind of ``solve`` reads (besides pentomino's --from-start and --draft,
which choose the kind): any other given is refused, not ignored."""


def _check_solve_options(args: argparse.Namespace) -> None:
    """GameOptionError naming an option given to a kind of solve that does not read it."""
    kind = args.kind if args.kind != "pentomino" else (
        "a pentomino position" if not args.from_start else
        "pentomino --from-start --draft" if args.draft else "pentomino --from-start")
    takes = SOLVE_TAKES[kind]
    given = [k for k, default in SOLVE_DEFAULTS.items() if getattr(args, k) != default]
    for name in given:
        if name not in takes and not (args.kind == "pentomino" and name in ("from_start", "draft")):
            flags = ", ".join(_flag(t) for t in takes)
            raise GameOptionError(f"{_flag(name)} does not apply to solve {kind}; it takes "
                                  f"{flags}")


def cmd_solve(args: argparse.Namespace, console: Console) -> int:
    """Solve a pentomino puzzle: one solution, or --count them all up to symmetry; or a
    Pentago position exactly."""
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from .games.pentomino import REGIONS
    from .games.pentomino.puzzle import PuzzleGame

    if not (args.kind == "pentomino" and args.draft and not args.from_start):
        _check_solve_options(args)  # (--draft without --from-start: said below)
    if args.kind == "pentago":
        return cmd_solve_pentago(args, console)
    if args.kind == "pentomino":
        return cmd_solve_pentomino(args, console)
    if args.region is None:
        raise GameOptionError("give the region: 'pentarena solve puzzle 6x10'")
    game = load_game("pentomino-puzzle", region=args.region, pieces=args.pieces)
    assert isinstance(game, PuzzleGame)
    if args.count:
        columns = (TextColumn("counting {task.description}"), BarColumn(),
                   TextColumn("{task.percentage:>3.0f}%  {task.fields[found]} found"),
                   TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True,
                      disable=not console.is_terminal) as progress:
            task = progress.add_task(game.region if game.region in REGIONS else "region",
                                     total=100, found=0)
            report = game.count_solutions(
                progress=lambda found, pct: progress.update(task, completed=pct, found=found))
        console.print(f"{plural(report.count, 'solution')} up to symmetry ({report.raw} searched, "
                      f"{report.nodes:,} placements tried) in {report.seconds:.2f} s")
        return 0
    state = game.new_initial_state()
    rest = state.completion()
    if rest is None:
        console.print("no solution: this region cannot be tiled with these pieces")
        return 1
    for piece, mask in rest:
        state.apply(f"{piece}:" + ",".join(game.grid.squares(mask)))
    console.print(str(state))
    console.print("  ".join(state.history()))
    return 0


class _EpilogAsWritten(argparse.HelpFormatter):
    """Help whose paragraphs are wrapped to the terminal, except text with line breaks of
    its own (the examples of an epilog), which is printed as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def build_parser(game: str | None = None) -> argparse.ArgumentParser:
    """The ``pentarena`` parser; ``game`` adds that game's options to play/arena/bench
    (without it they accept every game's options, unlisted)."""
    parser = argparse.ArgumentParser(
        prog="pentarena", description="Play the Pent games (Pent-Up, Pentago, Pentomino, "
        "Pentic) at the terminal or in the browser, pit computer players against each "
        "other, and solve positions and puzzles. 'pentarena COMMAND --help' says more.")
    parser.add_argument("--version", action="version", version=f"pentarena {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the games, their options and the AI levels")
    levels = ", ".join(BOT_NAMES)
    play = sub.add_parser("play", help="play a game in the terminal")
    _add_game_options(play, game)
    play.add_argument("--ai", default=None, help=f"computer level: {levels} (default: medium)")
    play.add_argument("--time", type=positive_seconds, default=None,
                      help="computer seconds per move")
    play.add_argument("--seat", type=seat_number, action="append",
                      help="your seat, from 0 (repeat for several people at one keyboard)")
    play.add_argument("--hotseat", action="store_true", help="every seat is a person")
    play.add_argument("--save", metavar="FILE", default=None,
                      help="write the game record (JSON) to FILE when the game ends or you "
                           "quit; 'pentarena replay FILE' reads it")
    arena = sub.add_parser("arena", help="computer against computer, with win rates")
    _add_game_options(arena, game)
    arena.add_argument("--bots", required=True, type=bot_list,
                       help=f"players separated by commas: levels ({levels}), a level with "
                            f"its seconds a move (hard@1.5), python-LEVEL (the level without "
                            f"the game's native search, as before it had one), reference-LEVEL "
                            f"(the same on the pure-Python engine, as before the native "
                            f"core), or "
                            f"openspiel-mcts:SIMS (Pentago, OpenSpiel's MCTS); two-seat games "
                            f"play every pair")
    arena.add_argument("--games", type=positive_int, default=20,
                       help="games per pair (or of the match), at least 1 (default: 20)")
    arena.add_argument("--time", type=positive_seconds, default=None, help="seconds per move")
    arena.add_argument("--jobs", type=positive_int, default=None,
                       help="games played at once, each in its own process (default: cores)")
    serve = sub.add_parser("serve", help="start the web server (lobby, tables, browser play)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only; "
                            "0.0.0.0 for every network interface)")
    serve.add_argument("--port", type=port_number, default=8000,
                       help="the TCP port (default: 8000)")
    serve.add_argument("--database-url", default=None,
                       help="SQLAlchemy URL (default: SQLite in $PENTARENA_DATA, else "
                            "~/.local/share/pentarena)")
    serve.add_argument("--allow-origin", action="append", metavar="ORIGIN", type=origin,
                       help="another origin whose pages may use this server, e.g. "
                            "https://play.example.org (default: only the server's own)")
    serve.add_argument("--redis-url", default=None,
                       help="share tables with other instances through Redis (e.g. "
                            "redis://127.0.0.1:6379/0); computer moves then go to "
                            "'pentarena worker' processes")
    serve.add_argument("--log-format", choices=["text", "json"], default="text",
                       help="json: one JSON object per log line")
    serve.add_argument("--connections-per-address", type=non_negative_int, default=256,
                       metavar="N", help="most connections one address may hold open "
                       "(loopback exempt; 0: no limit, e.g. behind a proxy on another host)")
    serve.add_argument("--tables-per-minute", type=positive_int, default=60, metavar="N",
                       help="most tables one address may create (or import) in a minute")
    serve.add_argument("--seat-changes-per-minute", type=positive_int, default=60, metavar="N",
                       help="most seats one address may take, leave or free in a minute "
                            "(each is sent to the whole table)")
    serve.add_argument("--away-seconds", type=non_negative_int, metavar="N", default=None,
                       help="how long a player's seat must have had no connection before "
                            "another player may free it for a new invite (default: "
                            "$PENTARENA_AWAY_SECONDS, else 120)")
    serve.add_argument("--idle-seconds", type=non_negative_int, metavar="N", default=None,
                       help="... or how long a player may have the turn without moving, "
                            "connected or not (default: $PENTARENA_IDLE_SECONDS, else 600)")
    serve.add_argument("--heartbeat-seconds", type=positive_int, metavar="N", default=None,
                       help="how often each connection is pinged, and how long its answer "
                            "is waited for before a connection gone silent is closed (its "
                            "seat then away); pages ping as often (default: "
                            "$PENTARENA_HEARTBEAT_SECONDS, else 20)")
    serve.add_argument("--trust-proxy", default=None, metavar="ADDRESSES", type=proxy_addresses,
                       help="reverse proxies (comma-separated addresses, e.g. 127.0.0.1) "
                            "whose X-Forwarded-For/-Proto headers name the client and say it "
                            "came by HTTPS (default: none: a client is the address it "
                            "connects from, and cannot claim another)")
    worker = sub.add_parser("worker", help="think for computer seats of every instance "
                                           "sharing a Redis (see 'serve --redis-url')")
    worker.add_argument("--redis-url", required=True,
                        help="the Redis the server instances share (their --redis-url)")
    worker.add_argument("--database-url", default=None,
                        help="the same database as the server instances")
    worker.add_argument("--processes", type=positive_int, default=None,
                        help="thinking processes (default: cores - 1)")
    worker.add_argument("--log-format", choices=["text", "json"], default="text",
                        help="json: one JSON object per log line")
    for name, what, file in (
            ("backup", "copy the server's SQLite database to a new file (safe while the "
             "server runs)", "the new file to write"),
            ("restore", "give a stopped server's SQLite database back from a backup (the "
             "database it replaces is kept beside it)", "a file pentarena backup wrote")):
        command = sub.add_parser(name, help=what)
        command.add_argument("file", help=file)
        command.add_argument("--database-url", default=None,
                             help="the server's --database-url (default: SQLite in "
                                  "$PENTARENA_DATA, else ~/.local/share/pentarena)")
    resume = sub.add_parser(
        "resume", help="go on with a game saved in the terminal (play --save, save FILE)",
        description="Go on with a saved game where it stopped: its game, options, deal and "
                    "moves from the record, the same seats for people and the computer (its "
                    "meta.players: 'person', 'computer: LEVEL'; a record naming players "
                    "gives every seat to a person), written back to FILE when the game ends or "
                    "you quit (Ctrl-C too).")
    resume.add_argument("file", help="the record a game's --save or 'save FILE' wrote")
    resume.add_argument("--ai", default=None,
                        help=f"the computer's level instead of the one saved: {levels}")
    resume.add_argument("--time", type=positive_seconds, default=None,
                        help="computer seconds per move")
    resume.add_argument("--save", metavar="FILE", default=None,
                        help="write the record to FILE instead of the file resumed")
    replay = sub.add_parser("replay", help="print a game record (JSON) move by move")
    replay.add_argument("file", help="a game record: the JSON a game's 'save FILE', the "
                        "browser's Export record or GET /api/tables/ID/record gives")
    replay.add_argument("--delay", type=seconds_or_zero, default=0.0,
                        help="seconds between moves")
    replay.add_argument("--analyse", action="store_true",
                        help="then judge every move of the finished game (✓ good, ?! "
                             "mistake, ? blunder), as the browser's analysis does")
    replay.add_argument("--seconds-per-move", type=positive_seconds, default=None,
                        metavar="SECONDS",
                        help="--analyse: the time judging one move takes (default: 1)")
    solve = sub.add_parser(
        "solve", help="solve a pentomino puzzle (or count its solutions), a Pentago "
                      "position exactly (its value and every move's), or who wins a "
                      "2-player Pentomino position",
        description="'solve puzzle REGION': a tiling of the region (--count: every one up "
                    "to symmetry).  'solve pentago POSITION': the exact value (win, draw "
                    "or loss for the player to move) of the position and of every legal "
                    "move, by retrograde analysis over the empty cells — up to 18 empty "
                    "cells in seconds, 20 in about a minute (8 GB).  'solve pentomino "
                    "POSITION': who wins a 2-player position of the placement phase "
                    "(Golomb's game, touch-move, or a draft's) with perfect play, and a move "
                    "that does it.",
        formatter_class=_EpilogAsWritten,
        epilog="Golomb's game: pentarena solve pentomino --from-start "
               "[--checkpoint FILE] [--book FILE]\n"
               "  pentarena solve pentomino --from-start --draft  # the draft variant\n"
               "  pentarena solve pentomino game.json          # who wins from here, and how\n"
               "  pentarena solve pentomino draft:ILNPWZ/FTUVXY  # a draft's placement phase\n"
               "Pentago examples:\n"
               f"  pentarena solve pentago '{PENTAGO_EXAMPLE}'\n"
               "  pentarena solve pentago game.json            # a record: its last position\n"
               "  pentarena solve pentago '{}' --moves '{}'".format(*PENTAGO_MOVES_EXAMPLE))
    solve.add_argument("kind", choices=["puzzle", "pentago", "pentomino"],
                       help="what to solve: a pentomino tiling puzzle, a Pentago position, "
                            "or a 2-player Pentomino position")
    solve.add_argument("region", nargs="?", default=None, metavar="REGION|POSITION",
                       help="puzzle: 6x10, 5x12, 4x15, 3x20, 8x8-centre, or rows of #/. "
                            "separated by /.  pentago: six rows of W, B and . (rank 1 "
                            "first) separated by /, then optionally /w or /b for the side to "
                            "move; or a game record or saved state (JSON file); or 'start'.  "
                            "pentomino: a record or saved state of a 2-player game (JSON "
                            "file), 'start', or 'draft:ILNPWZ/FTUVXY' (the placement phase "
                            "of a draft with these sets)")
    solve.add_argument("--pieces", default=SOLVE_DEFAULTS["pieces"], help="puzzle: the pieces to use")
    solve.add_argument("--count", action="store_true", help="puzzle: count every solution")
    solve.add_argument("--moves", default=None, metavar="MOVES",
                       help="pentago, pentomino: moves to play first, separated by "
                            "commas or semicolons (pentomino: semicolons), e.g. 'c3 TL cw, "
                            "d4 BR ccw' or 'L:e3,e4,e5,e6,f6; I:a1,a2,a3,a4,a5'")
    solve.add_argument("--time", type=positive_seconds, default=None,
                       help="pentago, a pentomino position: give up after this many "
                            "seconds; pentomino --from-start: stop (between two replies) "
                            "after this many (default: no limit)")
    solve.add_argument("--threads", type=positive_int, default=None,
                       help="pentago: solver threads (default: every core); pentomino "
                            "--draft: drafts proved at once (default: 1)")
    solve.add_argument("--max-gb", type=positive_gb, default=SOLVE_DEFAULTS["max_gb"], metavar="GB",
                       help=f"pentago: memory the solver may use (default: {SOLVER_MAX_GB:g})")
    solve.add_argument("--json", action="store_true",
                       help="pentago, a pentomino position: print the values as JSON")
    solve.add_argument("--from-start", action="store_true",
                       help="pentomino: prove Golomb's game from the empty board")
    solve.add_argument("--draft", action="store_true",
                       help="pentomino --from-start: prove the draft variant (its picks, and "
                            "each draft they need from its first placement)")
    solve.add_argument("--checkpoint", default=None, metavar="FILE",
                       help="pentomino: the proof's checkpoint (JSON lines; resumed if present; "
                            "default golomb-proof.jsonl, with --draft draft-proof.jsonl)")
    solve.add_argument("--first", default=None, metavar="MOVE",
                       help="pentomino: the first move to prove (default: try them in order)")
    solve.add_argument("--table-bits", type=positive_int, default=SOLVE_DEFAULTS["table_bits"],
                       help="pentomino: log2 of the transposition table's entries (16 bytes "
                            "each; default 25: 512 MB)")
    solve.add_argument("--book", default=None, metavar="FILE",
                       help="pentomino: write the opening book of what is proved to FILE")
    bench = sub.add_parser("bench", help="random games per second through the public API "
                                         "(puzzles: random placements until stuck)")
    _add_game_options(bench, game)
    bench.add_argument("--games", type=positive_int, default=100,
                       help="number of games, at least 1 (default: 100)")
    return parser


COMMANDS = {"list": cmd_list, "play": cmd_play, "resume": cmd_resume, "arena": cmd_arena,
            "bench": cmd_bench, "serve": cmd_serve, "worker": cmd_worker, "replay": cmd_replay,
            "solve": cmd_solve, "backup": cmd_backup, "restore": cmd_restore}


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns its exit status (0 fine, 1 failed, 2 bad arguments or
    options, 130 interrupted by Ctrl-C).  argparse exits with status 2 on a bad argument."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command, game = _find_game(argv)
    if command in GAME_COMMANDS:
        argv = _normalise_bool_flags(argv, game)
    parser = build_parser(game)
    args, extra = parser.parse_known_args(argv)
    bare = _bare_option(argv, getattr(args, "option", None) or [], extra)
    if bare is not None:
        print_sentence(TerminalConsole(), bare, lead="error: ", lead_style="bold red")
        return 2
    if extra:
        flag = next((a for a in extra if a.startswith("--")), None)
        # the command's own usage, not the list of commands
        sub = parser._subparsers._group_actions[0].choices.get(command, parser)
        name = flag.split("=")[0] if flag is not None else None
        elsewhere = [other for other, p in parser._subparsers._group_actions[0].choices.items()
                     if other != command and name in p._option_string_actions]
        if elsewhere and name not in _game_flags():  # bench pentago --ai easy
            commands = ", ".join(elsewhere[:-1]) + " and " * (len(elsewhere) > 1) + elsewhere[-1]
            sub.error(f"{command} takes no {name} (a flag of {commands}; "
                      f"'pentarena {command} --help' lists its flags)")
        if command in GAME_COMMANDS and game is not None and flag is not None:
            # most likely an option of another game (arena pentago --players 3)
            options = ", ".join(_flag(k) for k in game_info(game).options) or "none"
            sub.error(f"{game} has no option {flag.split('=')[0]} (its options: {options}; "
                         f"'pentarena {command} {game} --help' lists every flag)")
        sub.error(f"unrecognized arguments: {' '.join(extra)}")
    console = TerminalConsole()
    try:
        return COMMANDS[args.command](args, console)
    except KeyboardInterrupt:
        console.print("\nInterrupted.", markup=False, highlight=False)
        return EXIT_INTERRUPTED
    except (GameOptionError, ValueError, OSError) as exc:
        # on a terminal wrapped to its width; else one line (a log, a service manager)
        print_sentence(console, _error_text(exc), lead="error: ", lead_style="bold red",
                       wrap=console.is_terminal)
        return 2


def _error_text(exc: Exception) -> str:
    """What went wrong, in a sentence: a file error as 'FILE: what' ('game.json: no such
    file or directory') rather than Python's '[Errno 2] …'."""
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror[0].lower()}{exc.strerror[1:]}"
    return str(exc)


if __name__ == "__main__":
    sys.exit(main())
