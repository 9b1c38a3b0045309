"""The ``pentarena`` command: serve | play | list | arena | bench | replay | solve.

``pentarena play pentup --players 3 --ai hard --seat 1`` plays Pent-Up at the terminal;
``pentarena arena pentup --bots mcts,greedy --games 100`` pits computer players against
each other with a progress bar and prints the win rates.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from . import list_games, load_game
from .ai.bots import LEVELS, choose_for, make_bot
from .core.errors import GameOptionError


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        opts["players"] = args.players
    if getattr(args, "scoring", None) is not None:
        opts["scoring"] = args.scoring
    if getattr(args, "teams", None) is not None:
        opts["teams"] = args.teams
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise GameOptionError(f"write options as key=value, got {item!r}")
        opts[key.strip()] = value.strip()
    return opts


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game name (see 'pentarena list')")
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument("--scoring", help="scoring rule (Pent-Up: standard, misere, advanced)")
    p.add_argument("--teams", action=argparse.BooleanOptionalAction, default=None,
                   help="Pent-Up with 4 players: partners 0+2 v 1+3 (default) or not")
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                   help="any other game option")
    p.add_argument("--seed", type=int, default=None, help="seed for shuffles and the AI")


def cmd_list(args: argparse.Namespace, console: Console) -> int:
    for g in list_games():
        console.print(f"[bold]{g['name']}[/bold] — {g['title']}: {g['description']}")
        for name, opt in g["options"].items():
            choices = f" (one of {', '.join(map(str, opt['choices']))})" if opt["choices"] else ""
            console.print(f"    {name} = {opt['default']}{choices}  {opt['help']}")
    console.print("AI levels: " + ", ".join(f"{k} ({v})" for k, v in LEVELS.items()))
    return 0


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from .tui.terminal import TerminalGame

    game = load_game(args.game, **_options(args))
    humans = set(range(game.num_players)) if args.hotseat else set(args.seat or [0])
    bad = [s for s in humans if not 0 <= s < game.num_players]
    if bad:
        raise GameOptionError(f"--seat must be between 0 and {game.num_players - 1}")
    bots = [None if s in humans else
            make_bot(args.ai, seed=None if args.seed is None else args.seed + s,
                     time_limit=args.time)
            for s in range(game.num_players)]
    TerminalGame(game, bots, console=console, seed=args.seed).run()
    return 0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_arena(game, levels: list[str], games: int, time_limit: float | None, seed: int,
              progress: Progress | None = None) -> list[float]:
    """Play ``games`` games rotating the bots through the seats; points per bot
    (a win 1, a shared win split)."""
    n = game.num_players
    if len(levels) != n:
        raise GameOptionError(f"{game.name} needs {n} bots, got {len(levels)}")
    points = [0.0] * n
    task = progress.add_task("arena", total=games) if progress else None
    for g in range(games):
        order = [(g + k) % n for k in range(n)]  # order[seat] = bot index
        bots = [make_bot(levels[b], seed=seed + 1000 * g + b, time_limit=time_limit)
                for b in order]
        state = game.new_initial_state(seed=seed + g)
        while not state.is_terminal():
            state.apply(choose_for(bots[state.current_player], state))
        rewards = state.returns()
        for seat, b in enumerate(order):
            points[b] += rewards[seat]
        if progress:
            progress.advance(task)
    return points


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    game = load_game(args.game, **_options(args))
    levels = [b.strip() for b in args.bots.split(",")]
    with Progress(console=console, transient=True) as progress:
        points = run_arena(game, levels, args.games, args.time, args.seed or 0, progress)
    table = Table(title=f"{args.games} games of {game!r}")
    for col in ("bot", "points", "win rate", "95% interval"):
        table.add_column(col)
    for level, p in zip(levels, points):
        lo, hi = wilson(p, args.games)
        table.add_row(level, f"{p:g}", f"{p / args.games:.1%}", f"{lo:.1%} – {hi:.1%}")
    console.print(table)
    return 0


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    """Random games through the public API (legal_moves + apply at every ply)."""
    import random
    import time

    game = load_game(args.game, **_options(args))
    rng = random.Random(args.seed or 0)
    plies = 0
    start = time.perf_counter()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"random {game.name} games", total=args.games)
        for g in range(args.games):
            state = game.new_initial_state(seed=(args.seed or 0) + g)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_moves()))
                plies += 1
            progress.advance(task)
    elapsed = time.perf_counter() - start
    console.print(f"{game!r}: {args.games / elapsed:.1f} random games/s, "
                  f"{plies / elapsed:.0f} plies/s (legal_moves() + apply() at every ply)")
    return 0


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    from .server.app import serve

    serve(args.host, args.port, args.database_url, args.allow_origin or ())
    return 0


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Print a game record move by move."""
    import time

    from .record import GameRecord
    from .tui.views import view_for

    record = GameRecord.load(args.file)
    states = record.states()
    view = view_for(record.game)
    console.print(f"[bold]{record.game}[/bold] {record.options} seed={record.seed}, "
                  f"{len(record.moves)} moves")
    for ply, (text, state) in enumerate(zip(record.moves, states[1:]), start=1):
        mover = states[ply - 1].current_player
        console.print(f"[bold]{ply}.[/bold] {view.seat_name(mover)} plays {text}")
        console.print(view.board(state, state.parse_move(text)))
        if args.delay:
            time.sleep(args.delay)
    final = states[-1]
    if final.is_terminal():
        console.print(view.result(final))
    else:
        console.print(view.status(final))
    return 0


def cmd_solve(args: argparse.Namespace, console: Console) -> int:
    """Solve a pentomino puzzle: one solution, or --count them all up to symmetry."""
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from .games.pentomino import REGIONS
    from .games.pentomino.puzzle import PuzzleGame

    if args.kind != "puzzle":
        raise GameOptionError("only 'pentarena solve puzzle REGION' is available")
    game = load_game("pentomino-puzzle", region=args.region, pieces=args.pieces)
    assert isinstance(game, PuzzleGame)
    if args.count:
        columns = (TextColumn("counting {task.description}"), BarColumn(),
                   TextColumn("{task.percentage:>3.0f}%  {task.fields[found]} found"),
                   TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(args.region if args.region in REGIONS else "region",
                                     total=100, found=0)
            report = game.count_solutions(
                progress=lambda found, pct: progress.update(task, completed=pct, found=found))
        console.print(f"{report.count} solutions up to symmetry ({report.raw} searched, "
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pentarena", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the games, their options and the AI levels")
    play = sub.add_parser("play", help="play a game in the terminal")
    _add_game_options(play)
    play.add_argument("--ai", default="medium", help=f"computer level: {', '.join(LEVELS)}")
    play.add_argument("--time", type=float, default=None, help="computer seconds per move")
    play.add_argument("--seat", type=int, action="append",
                      help="your seat (repeat for several people at one keyboard)")
    play.add_argument("--hotseat", action="store_true", help="every seat is a person")
    arena = sub.add_parser("arena", help="computer against computer, with win rates")
    _add_game_options(arena)
    arena.add_argument("--bots", required=True, help="one level per seat, e.g. mcts,greedy")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--time", type=float, default=None, help="seconds per move")
    serve = sub.add_parser("serve", help="start the web server (lobby, tables, browser play)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--database-url", default=None,
                       help="SQLAlchemy URL (default: SQLite in ~/.local/share/pentarena)")
    serve.add_argument("--allow-origin", action="append", metavar="ORIGIN",
                       help="another origin whose pages may use this server, e.g. "
                            "https://play.example.org (default: only the server's own)")
    replay = sub.add_parser("replay", help="print a game record (JSON) move by move")
    replay.add_argument("file")
    replay.add_argument("--delay", type=float, default=0.0, help="seconds between moves")
    solve = sub.add_parser("solve", help="solve a pentomino puzzle (or count its solutions)")
    solve.add_argument("kind", choices=["puzzle"])
    solve.add_argument("region", help="6x10, 5x12, 4x15, 3x20, 8x8-centre, or rows of #/. "
                                      "separated by /")
    solve.add_argument("--pieces", default="FILNPTUVWXYZ")
    solve.add_argument("--count", action="store_true", help="count every solution")
    bench = sub.add_parser("bench", help="random games per second through the public API")
    _add_game_options(bench)
    bench.add_argument("--games", type=int, default=100)
    return parser


COMMANDS = {"list": cmd_list, "play": cmd_play, "arena": cmd_arena, "bench": cmd_bench,
            "serve": cmd_serve, "replay": cmd_replay, "solve": cmd_solve}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    console = Console()
    try:
        return COMMANDS[args.command](args, console)
    except (GameOptionError, ValueError, OSError) as exc:
        console.print(f"[bold red]error:[/bold red] {exc}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
