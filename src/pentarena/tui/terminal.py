"""A terminal game: people type moves, computer seats answer, the table is redrawn."""

from __future__ import annotations

import difflib
import re
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..ai.analysis import JudgedMoves
from ..ai.bots import Bot, choose_for, make_bot
from ..core.game import Game, Move, State, game_info
from ..record import GameRecord
from ..server.jobs import HINT_LEVEL, HINT_SECONDS, advise
from .analysis import SECONDS_PER_MOVE, analysis_table, show_analysis, unavailable
from .console import TerminalConsole
from .lines import Lines, print_sentence, unit
from .typeahead import typed_ahead
from .views import TerminalView, game_title, plural, view_for

AFTER_GAME = "Type 'analysis' to judge every move, 'save FILE', or 'quit'."
"""What a person may still do once the game is over (see ``TerminalGame.after_game``);
'board' also works, and puzzles have no analysis."""
AFTER_PUZZLE = "Type 'save FILE', or 'quit'."
AFTER_PUZZLE_NEXT = ("Type 'save FILE', or 'quit'; then another region to tile: {command} "
                     "(or {others}).")
"""AFTER_PUZZLE once a named region of the twelve pieces is solved: what to try next."""
AFTER_REMATCH = ("Type 'rematch' to play again with the sets {how}, 'analysis' to judge every "
                 "move, 'save FILE', or 'quit'.")
"""AFTER_GAME after a game that offers a rematch (a finished Pentomino draft)."""
AFTER_GAME_COMMANDS = ("analysis", "save", "board", "rematch", "quit", "exit", "q")
NO_RESIGN = ("A game of {n} sides goes on without a player who stops: type 'quit' to leave "
             "it instead.")
QUIT_WORDS = ("quit", "exit", "q")
NO_UNDO = ("There is no undo in a game with hidden cards: taking a move back replays the "
           "same deal, so it would show you the card you are about to draw and the cards "
           "the others hold.")
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, and clear the scrollback where the terminal allows."""


def capitalised(name: str) -> str:
    """A seat's name at the start of a sentence ('seat 1' -> 'Seat 1')."""
    return name[:1].upper() + name[1:]


def shell_word(text: str) -> str:
    """``text`` as one word of a shell command a person can copy: as it is when a shell
    reads it so, else in double quotes (``"my game.json"``)."""
    if text and shlex.quote(text) == text:
        return text
    return '"' + "".join("\\" + c if c in '\\"$`' else c for c in text) + '"'


def _typing_at_a_terminal() -> bool:
    """Whether standard input is a terminal (a person typing, not a pipe or a file)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):  # replaced by an object without it, or closed
        return False


def _next_free(path: Path, word: str) -> Path:
    """``FILE-word.json`` beside ``path`` (``FILE-word-2.json``… if it is there already)."""
    n = 1
    while True:
        tail = f"-{word}" if n == 1 else f"-{word}-{n}"
        candidate = path.with_name(f"{path.stem}{tail}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def _line_editing() -> None:
    """Load Python's readline module, which gives ``input()`` line editing and a history
    of the lines typed (absent on some builds: then lines are typed as they come)."""
    try:
        import readline  # noqa: F401  (loading it is what turns editing on)
    except ImportError:
        pass


def _remember(line: str) -> None:
    """``line`` in readline's history (the up arrow recalls it), as a line typed at the
    prompt is."""
    try:
        import readline
    except ImportError:
        return
    if line.strip():
        readline.add_history(line)


class TerminalGame:
    """Runs one game at the terminal.  ``bots[seat]`` is a Bot, or None for a person.

    ``save_path``: where the game record is written when the game ends or a person quits
    (also on Ctrl-C); ``meta`` goes into that record's ``meta``.  Ctrl-C (KeyboardInterrupt)
    is passed on to the caller after the record is written.

    ``after_game``: once the game is over, keep the prompt for ``analysis``, ``save FILE``,
    ``board`` and ``quit`` (until 'quit' or the end of input); by default only when a
    person types at a terminal (the default ``read`` on a terminal's standard input), so
    piped input ends with the game.  ``analysis_seconds``: the time judging one move takes
    in the analysis.

    Hidden hands with several people at the keyboard (hot seat): when the person to move
    changes and the engine hides something from the others (``State.secrets``), the hand
    is handed over.  ``pass_keyboard`` (by default when a person types at a terminal):
    the next person presses Enter, the screen and its scrollback are cleared, and only
    then is their hand shown; otherwise (a pipe) a line says whose hand follows.

    ``confirm_quit`` (by default when a person types at a terminal): 'quit', 'q' or 'exit'
    asks first when moves would be lost — a game (in progress or over) with no
    ``save_path`` and moves not saved since they were played; the end of input (Ctrl-D)
    leaves at once."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot | None],
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
        seed: int | None = None,
        hint_level: str = HINT_LEVEL,
        save_path: str | Path | None = None,
        meta: Mapping[str, Any] | None = None,
        after_game: bool | None = None,
        analysis_seconds: float = SECONDS_PER_MOVE,
        pass_keyboard: bool | None = None,
        record: GameRecord | None = None,
        confirm_quit: bool | None = None,
    ) -> None:
        if len(bots) != game.num_players:
            raise ValueError(f"{game.name} has {game.num_players} seats, got {len(bots)} players")
        self.game = game
        self.bots = list(bots)
        self.console = console or TerminalConsole()
        self.read = read or self._input
        self.seed = seed
        self.state: State = (game.new_initial_state(seed=seed) if record is None
                             else record.initial_state())
        self.initial = self.state.clone()  # undo replays from here (deals included)
        self.resumed = 0
        """The moves of the saved game this one goes on with (``record``: its record)."""
        self._resumed_news = ""
        """The line of the last move of the game resumed, as play said it."""
        if record is not None:
            for text in record.moves:
                mover = self.state.current_player
                self.state.apply(text)
            self.resumed = len(record.moves)
        self.view: TerminalView = view_for(game.name)
        self.view.interactive = True
        if self.resumed:
            self._resumed_news = self.view.move_news(mover, self.state.history()[-1],
                                                      self.state)
        self.last: Move | None = (self.state.parse_move(self.state.history()[-1])
                                  if self.resumed else None)
        self.solo = game_info(game.name).solo
        if not self.solo:
            make_bot(hint_level)  # an unknown level is refused now, not at the first hint
        self.hint_level = hint_level
        self.listed: list[Move] = []
        self.summarised = False
        """Whether the last 'moves' gave a summary that numbers no move (too many)."""
        self.save_path = Path(save_path) if save_path is not None else None
        self._own_files: set[Path] = set() if save_path is None else {
            self.save_path.expanduser().resolve()}
        """The files this game may write over: its --save file (or the record resumed),
        and any it saved to itself."""
        self._first_save = self.save_path  # rematches are saved beside it
        self.meta = dict(meta or {})
        self.resigned: int | None = None
        """The seat whose player resigned (the game is over), if one did."""
        self.save_failed = False
        self._autosaved: list[str] | None = None  # the moves when the record was written
        self._saved: list[str] = self.state.history() if record is not None else []
        """The moves when the game was last written to a file (a record resumed: its own)."""
        self.confirm_quit = (read is None and _typing_at_a_terminal()) \
            if confirm_quit is None else confirm_quit
        self.after_game = (read is None and _typing_at_a_terminal()) if after_game is None \
            else after_game
        self.analysis_seconds = analysis_seconds
        self.analysed: JudgedMoves | None = None  # the analysis, once made
        self.humans = [s for s, b in enumerate(self.bots) if b is None]
        self.pass_keyboard = (read is None and _typing_at_a_terminal()) \
            if pass_keyboard is None else pass_keyboard
        self.hand_seat: int | None = None  # whose hidden hand the screen last showed
        self.hand_on_screen: int | None = None  # whose hidden hand is on the screen now
        self.since: list[RenderableType] = []  # the news since that person's last turn
        self.played: list[tuple[int, str]] = []
        """Each move of this game (since it started, was resumed or taken back) as the
        catch-up line says it, with its seat (:meth:`_catch_up`)."""
        self.drew: dict[int, str] = {}  # what each person drew with their last move

    def _input(self, prompt: str) -> str:
        """A line typed at the console after ``prompt``, printed as written: not read as
        markup, and its seat numbers and brackets not highlighted as Python values.  At a
        terminal the line can be edited (arrows, Home, End) and earlier lines recalled
        with the up arrow (GNU readline, where Python has it).  A line or a Ctrl-D typed
        while the computer thought is read first (readline would lose a Ctrl-D)."""
        if _typing_at_a_terminal():
            _line_editing()
            early = typed_ahead(sys.stdin)
            if early is not None:
                self.console.print(Text(prompt + early))   # as if typed at the prompt
                _remember(early)
                return early
            # the prompt (plain text) written by readline once it has the terminal out of
            # line mode: written before, as Rich's input writes it, a Ctrl-D typed as soon
            # as it showed reached the terminal still in line mode, and was lost
            return input(prompt)
        return self.console.input(Text(prompt))

    # -- output ---------------------------------------------------------------------
    def show(self, board: bool = True, news: bool = False) -> None:
        """The board (unless ``board`` is False: a move that left it as it was) and the
        status, with the hand of the person to move where the game hides hands; after a
        move (``news``), at a person's prompt, what the others did since their last move
        (:meth:`_catch_up`)."""
        seat = self.state.current_player
        humans = self.humans
        # hidden hands: show the hand of the person to move (or the only person); when
        # it is another person's than last time, hand it over (_hand_changes)
        shown = seat if seat in humans else (humans[0] if len(humans) == 1 else None)
        if shown is not None and self._hand_changes(shown):
            if self.pass_keyboard:
                shown = None  # withheld until that person has the keyboard (_take_keyboard)
            else:
                self.say(f"Next: {self.view.seat_name(shown)}. {self._hand_label(shown)} "
                         f"follows.", "bold")
                self._handed_to(shown)
        if shown is None and self.hand_on_screen is not None and self.pass_keyboard \
                and not self.over:
            # the hand on the screen is not for the next person at the keyboard: cleared
            # now (not when they press Enter), the news since then shown again so that the
            # person who just played sees what the play did
            self._clear_screen()
            for what in self.since:
                self.console.print(what)
        self.hand_on_screen = shown if shown is not None and any(
            self.state.secrets(other) for other in humans if other != shown) else None
        self.view.show_seat = shown
        self.view.hand_label = self._hand_label(shown) if shown is not None else ""
        self.view.person_to_move = seat in humans
        caught_up = self._catch_up(seat) if news and shown == seat else None
        self.view.caught_up = caught_up is not None
        if board or (shown is not None and self.game.hidden_information):  # (a hand is drawn with it)
            drawn, status = self._board_and_status(caught_up)
            preface = self.view.preface(self.state)
            if preface is not None:
                self.console.print(preface)
            self.console.print(drawn)
        else:
            status = self.view.status(self.state)
        if not (isinstance(status, Text) and not status.plain):
            # (none on the computer's turn, nor at the end: the board's own blank line under
            # it, then an empty status's, were two blank lines in a row)
            self.console.print(status)
        if caught_up is not None:
            self.console.print(caught_up)
        self.view.turn_shown(self.state)

    def _catch_up(self, seat: int) -> RenderableType | None:
        """At a terminal, at a person's prompt after two moves or more by others: a line
        saying what the table did since that person's last move (and what they drew),
        each move short — with three or four players the earlier ones, each printed with
        its table, had scrolled out of sight.  None otherwise (a pipe or a file has them
        all, in order)."""
        if not self.console.is_terminal or seat not in self.humans or self.over:
            return None
        mine = [i for i, (s, _) in enumerate(self.played) if s == seat]
        others = [said for _, said in self.played[mine[-1] + 1 if mine else 0:]]
        if len(others) < 2:
            return None
        drew = self.drew.get(seat, "") if mine else ""
        # 'draw ★2-star-cyan from the pile.' -> 'you drew ★2-star-cyan'
        drew = ("you " + drew.replace("draw ", "drew ", 1).rstrip(".")
                .removesuffix(" from the pile") + "; ") if drew else ""
        head = "Since your last move: " if mine else "Before your move: "
        return Lines(Text(head + drew + ", ".join(others) + ".", style="cyan"))

    def _board_and_status(self, caught_up: RenderableType | None = None
                          ) -> tuple[RenderableType, RenderableType]:
        """The board and the status, sharing a terminal's lines: the board leaves the
        status (and ``caught_up``, the lines under it) its room, and explanations that
        would crop the board are left out."""
        view, console = self.view, self.console
        # (the catch-up says the last move too: the move's own line above the board may go)
        under = len(console.render_lines(caught_up, pad=False)) - 1 if caught_up else 0
        while True:
            drawn, status = view.board(self.state, self.last), view.status(self.state)
            if not console.is_terminal:
                return drawn, status
            # the status's lines, the move's line above the board, the prompt's
            view.lines_after = len(console.render_lines(status, pad=False)) + 2 + under
            if not view.crowded(self.state, self.last, console.height, console.width):
                return drawn, status

    def say(self, text: str, style: str = "") -> None:
        print_sentence(self.console, text, style)

    def news(self, what: RenderableType) -> None:
        """Show what happened at the table; repeated to the next person after a hand-over."""
        self.console.print(what)
        if len(self.humans) > 1:
            self.since.append(what)

    # -- hidden hands at one keyboard ----------------------------------------------------
    def _hand_label(self, seat: int) -> str:
        """Whose hand the screen shows: 'Your hand — Navy (seat 0)' with one person at
        the keyboard, else the owner's name ('Coral (seat 1)'s hand')."""
        name = self.view.seat_name(seat)
        if len(self.humans) == 1:
            return f"Your hand — {name}"
        return f"{capitalised(name)}'s hand"

    def _hand_changes(self, seat: int) -> bool:
        """Whether showing ``seat``'s view would show another person at the keyboard
        what the engine hides from them (a different person's hand is due)."""
        if len(self.humans) < 2 or seat == self.hand_seat or self.over:
            return False
        return any(self.state.secrets(other) for other in self.humans if other != seat)

    def _clear_screen(self) -> None:
        """Clear the screen and its scrollback (at a terminal); a dumb terminal (an editor's
        shell) takes no escape codes: blank lines push the hand out of view instead."""
        if self.console.is_dumb_terminal:
            self.console.file.write("\n" * (self.console.height + 2))
            self.console.file.flush()
        elif self.console.is_terminal:
            self.console.file.write(CLEAR_SCREEN)
            self.console.file.flush()

    def _handed_to(self, seat: int) -> None:
        self.hand_seat = seat
        self.since = []

    def _take_keyboard(self, seat: int) -> bool:
        """The hand-over at a terminal: ``seat`` presses Enter, the screen (and its
        scrollback) is cleared, then the news since their last turn and their hand are
        shown.  False if they quit (or the input ended)."""
        name = self.view.seat_name(seat)
        cleared = (f"The hand shown last is pushed out of view first, but this terminal "
                   f"(TERM=dumb) cannot clear it: it stays above, so {name}, do not scroll "
                   f"back." if self.console.is_dumb_terminal else
                   f"The screen is cleared first, so that only {name} sees their hand.")
        self.say(f"{capitalised(name)} to move: pass the keyboard to {name}. {cleared}", "bold")
        while True:
            try:
                line = self.read(f"{name}: press Enter to see your hand > ")
            except EOFError:
                self.say("\nGoodbye.")
                return False
            if line.strip().lower() not in QUIT_WORDS:
                break
            if self._quit():
                return False
        self._clear_screen()
        since = self.since
        self._handed_to(seat)
        self.say(self._title(), "bold")
        for what in since:
            self.console.print(what)
        self.show()
        if line.strip():  # typed before the hand was shown: not played, and said so
            self.say(f"Not played: '{line.strip()[:40]}' came before your hand was shown; "
                     "type your move now.", "yellow")
        return True

    # -- records --------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game is over: played to its end, or resigned."""
        return self.state.is_terminal() or self.resigned is not None

    def record(self) -> GameRecord:
        """The game so far as a record (what ``--save`` and 'save FILE' write); a
        resignation is in its ``meta`` as the server's records say it."""
        resigned = {} if self.resigned is None else {"resigned": self.resigned}
        return GameRecord.of(self.state, **self.meta, **resigned)

    def _save_command(self, arg: str) -> None:
        """'save' (to this game's file) or 'save FILE' (quoted as a shell quotes it, as the
        messages print it, or not): never over a file that is not this game's own."""
        try:
            words = shlex.split(arg)
        except ValueError:  # an unclosed quote
            words = [arg]
        name = words[0] if len(words) == 1 else arg   # (a name with spaces, unquoted)
        target = Path(name).expanduser() if name else self.save_path
        if target is None:
            self.say("Type 'save FILE' to write the game record to FILE.", "yellow")
        elif target.is_file() and target.resolve() not in self._own_files:
            self.say(f"{target} exists already: save under a new name (this game's own file "
                     f"is written again as it goes).", "yellow")
        else:
            self.save(target)

    def save(self, path: str | Path) -> bool:
        """Write the record to ``path``; says where (or why not).  False if it failed."""
        path = Path(path).expanduser()
        try:
            path.write_text(self.record().dumps() + "\n", encoding="utf-8")
        except OSError as exc:
            self.say(f"Could not save the game to {path}: {exc.strerror or exc}", "bold red")
            return False
        self._own_files.add(path.resolve())
        self._saved = self.state.history()
        word = shell_word(str(path))
        then = (f"'pentarena replay {word}' shows it" if self.over else
                f"'pentarena resume {word}' goes on with it, 'pentarena replay {word}' "
                "shows it")
        self.say(f"Saved the game ({plural(len(self.state.history()), 'move')}) to {path}; "
                 f"{then}.", "green")
        return True

    def _autosave(self) -> None:
        """Write the record to ``save_path``, once per position (the game's end, then the
        prompt after it, would write it twice)."""
        history = self.state.history()
        if self.save_path is None or history == self._autosaved:
            return
        self._autosaved = history
        if not self.save(self.save_path):
            self.save_failed = True

    # -- loop -----------------------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or a person quits; returns the final state.  The record
        is written to ``save_path`` (if any) either way, also when Ctrl-C interrupts."""
        try:
            self._loop()
        except KeyboardInterrupt:
            if self.save_path is not None:
                self.console.line()  # off the line of the prompt and its ^C
            self._autosave()
            raise
        self._autosave()
        return self.state

    def _your_result(self) -> str:
        """One person against the computer: whether they won ('' otherwise, and in a
        puzzle)."""
        if len(self.humans) != 1 or self.solo or not self.over:
            return ""
        won = self.winners()
        sides = [side for side in self.game.sides if won.intersection(side)]
        if self.humans[0] not in won:
            return "You lose."
        return "You win!" if len(sides) == 1 else "A draw: you share the result."

    def winners(self) -> set[int]:
        """The winning seats: by the rules, or after a resignation the other side's."""
        if self.resigned is None:
            return set(self.state.winners())
        return set(self.game.opponents(self.resigned))

    def _for_how_long(self, bot) -> str:
        """' (up to 10 s)' for a computer that may think 2 s or more, else ''."""
        from ..ai.bots import SearchBot

        if not isinstance(bot, SearchBot):
            return ""
        share = self.game.level_tuning.get(bot.level or "", {}).get("time_share", 1.0)
        seconds = bot.time_limit * share
        return f" (up to {seconds:.0f} s)" if seconds >= 2 else ""

    def _title(self) -> str:
        return (f"Pentarena — {game_title(self.game.name, self.game.options)}. Type 'help' "
                f"for commands.")

    def _loop(self) -> None:
        self.say(self._title(), "bold")
        if self.resumed:
            # where the person is: the last move, as its line said it during play
            self.say(f"Resumed after {plural(self.resumed, 'move')}; the last: "
                     f"{self._resumed_news}.", "bold")
        self.show()
        while self._game() and not self.over:  # a rematch: its game follows
            self.show()

    def _after_game_text(self) -> str:
        if self.solo:
            from ..core.polyomino import PIECE_NAMES
            from ..games.pentomino import REGIONS

            region, pieces = self.game.options.get("region"), self.game.options.get("pieces")
            if region not in REGIONS or pieces != "".join(PIECE_NAMES):
                return AFTER_PUZZLE   # (a drawn region, or pieces of its own: no next one)
            names = list(REGIONS)
            at = names.index(region)
            turn = names[at + 1:] + names[:at]   # the regions after this one, round again
            command = unit(f"'pentarena play {self.game.name} --region {turn[0]}'")  # (whole)
            return AFTER_PUZZLE_NEXT.format(command=command, others=", ".join(turn[1:]))
        if self._rematch() is None:
            return AFTER_GAME
        return AFTER_REMATCH.format(how="swapped" if self.game.num_players == 2 else
                                    "passed one seat on")

    def _rematch(self) -> State | None:
        """The first position of this game's rematch, where it offers one (RULES.md §3: a
        finished draft, the sets swapped or passed one seat on), else None."""
        make = getattr(self.state, "rematch", None)
        if make is None or not self.over:
            return None
        try:
            return make(resigned=self.resigned is not None)
        except ValueError:
            return None

    def _start_rematch(self) -> None:
        """Go on with the rematch of the game just finished, the same seats and levels; a
        record being saved goes on in a file of its own (``FILE-rematch.json``, then
        ``FILE-rematch-2.json``…)."""
        start = self._rematch()
        if start is None:
            self.say("This game has no rematch: start another with 'pentarena play'.",
                     "yellow")
            return
        self.state, self.initial = start, start.clone()
        self.resumed, self.last, self.listed, self.summarised = 0, None, [], False
        self.resigned, self.analysed, self._autosaved, self._saved = None, None, None, []
        self.played, self.drew = [], {}
        self.view.ended_by_resignation = False
        self.meta.pop("solved_from", None)
        how = "swapped" if self.game.num_players == 2 else "passed one seat on"
        self.say(f"The rematch: the sets {how}, no picks; "
                 f"{self.view.seat_name(start.current_player)} places first.", "bold")
        if self.save_path is not None:
            self.save_path = _next_free(self._first_save, "rematch")
            self.say(f"It is saved to {self.save_path} (the game before stays where it was).",
                     "dim")

    def _game(self) -> bool:
        """Play the game on to its end and keep the prompt after it; True when a rematch
        was asked for (the state is then its first position)."""
        while not self.over:
            seat = self.state.current_player
            bot = self.bots[seat]
            if bot is not None:
                self.say(f"{self.view.seat_name(seat)} is thinking{self._for_how_long(bot)}...",
                         "dim")
                move = choose_for(bot, self.state)
                self.play(move, seat)
                continue
            if self.pass_keyboard and self._hand_changes(seat) and not self._take_keyboard(seat):
                return
            try:
                line = self.read(f"{self.view.seat_name(seat)} > ")
            except EOFError:
                self.say("\nGoodbye.")
                return
            if not self.command(line.strip(), seat):
                return False
        if self.resigned is None:
            self.console.print(self.view.result(self.state))
        else:
            self.say(self.view.resigned(self.state, self.resigned), "bold")
        said = self._your_result()
        if said:
            self.say(said, "bold")
        if not self.after_game:
            return False
        self._autosave()  # the record is written when the game ends, before the prompt
        self.say(self._after_game_text(), "bold")
        while self.over:
            try:
                # a solved puzzle is no game lost: 'game over' read as one
                line = self.read("solved > " if self.solo else "game over > ")
            except EOFError:
                self.say("\nGoodbye.")
                return False
            if not self.command(line.strip(), None):
                return False
        return True

    def play(self, move: Move | str, seat: int, typed: str | None = None) -> bool:
        """Play ``move`` for ``seat``; False (with the reason) if it is refused.  ``typed``:
        the first word of the line a person typed, which may have been meant as a command."""
        held = self.view.hand_of(self.state, seat) if seat in self.humans else None
        try:
            self.state.apply(move)
        except ValueError as exc:
            hint = self._not_a_command(typed) if typed else ""
            self.say(f"Not played: {exc}{hint}", "bold red")
            return False
        self.last = self.state.parse_move(self.state.history()[-1])
        self.listed, self.summarised = [], False
        self.view.focus = self.view.row_focus = None  # a cropped board: on the new move
        text = self.state.history()[-1]
        self.news(Text(self.view.move_news(seat, text, self.state)))
        self.played.append((seat, self.view.catch_up(seat, text, self.state)))
        note = self.view.after_move(self.state)
        if note:
            self.news(Lines(Text(note, style="cyan")))   # (wrapped between its units)
        if self.state.current_player in self.humans and not self.state.is_terminal():
            first = self.view.first_note(self.state)   # the line above, explained once
            if first:
                self.news(Text(first, style="dim"))
        drawn = self.view.drawn(held, self.state, seat) if held is not None else ""
        if held is not None:
            self.drew[seat] = drawn   # said again at their next prompt (_catch_up)
        if drawn:  # theirs alone: not news (the next person at the keyboard is shown those)
            who = "You" if len(self.humans) == 1 else capitalised(self.view.seat_name(seat))
            verb = drawn if who == "You" else drawn.replace("draw ", "draws ", 1)
            self.console.print(Text(f"{who} {verb}", style="cyan"))
        # at a terminal, a computer's move followed by another computer's shows no table:
        # three tables in a row, one a computer, pushed the earlier moves out of an 80x24
        # terminal before the person's prompt (a pipe or a file logs each position)
        unwatched = (self.console.is_terminal and not self.over
                     and self.bots[seat] is not None
                     and self.bots[self.state.current_player] is not None)
        round_over = self.view.round_over(self.state, self.last)
        if round_over is not None:
            self.news(round_over)
            if self.state.is_terminal():
                return True  # that board is the last one: the result follows
            if self.console.is_terminal:
                # the next round's empty board under it took 31 lines with four players:
                # the move that ended the round scrolled out of an 80x24 terminal
                self.say("The next round starts on an empty board ('board' draws it).", "dim")
                if not unwatched:
                    self.show(board=False, news=True)
                return True
        if not unwatched:
            self.show(board=self.view.changes_board(self.last), news=True)
        return True

    def _how_to_number(self) -> str:
        """How to get moves numbered for '#N': after a summary (too many to number), the
        listing of the moves that start as the first legal move does ('moves a1')."""
        moves = self.state.legal_moves() if self.summarised else []
        if not moves:
            return "type 'moves' to list them"
        start = re.split(r"[ :@]", str(moves[0]), maxsplit=1)[0]
        return (f"that listing was too long to number: type 'moves {start}' (for one) "
                f"to number the moves that start with {start}")

    def command(self, line: str, seat: int | None) -> bool:
        """Handle one line of input (``seat``: the person to move; None once the game is
        over); False means the person quit."""
        word, _, arg = line.partition(" ")
        word = word.lower()
        if word == "#" and arg.strip():   # '# 1': the number typed apart
            word, arg = "#" + arg.split()[0], ""
        if not line:
            return True
        if self.over and word not in AFTER_GAME_COMMANDS:
            self.say(("The puzzle is solved. " if self.solo else "The game is over. ")
                     + self._after_game_text(), "yellow")
            return True
        if word == "rematch" and not self.over:
            self.say("A rematch comes once this game is over.", "yellow")
            return True
        if word in QUIT_WORDS:
            return not self._quit()
        if word in ("help", "?"):
            self.console.print(self.help())
        elif word == "moves":
            picture, self.listed = self.view.moves(self.state, arg.strip())
            self.console.print(picture)
            self.summarised = not self.listed and not arg.strip()  # (too many to number)
        elif word.startswith("#"):
            number = word[1:]
            listed = len(self.listed)
            # (the digits checked before int(): Python refuses to read over 4,300 of them)
            if not (number.isascii() and number.isdigit() and len(number) <= len(str(listed))
                    and 1 <= int(number) <= listed):
                shown = word if len(word) <= 12 else word[:12] + "…"
                self.say(f"No move {shown} in the last listing; {self._how_to_number()}.",
                         "bold red")
            else:
                self.play(self.listed[int(number) - 1], seat)
        elif word == "hint":
            try:
                if self.solo:
                    move = self.state.hint()
                    why = self.state.hint_why(move)
                else:  # the browser's hint: a move and why (the seat's view only)
                    found = advise(self.game.name, dict(self.game.options),
                                   self.state.view(self.state.current_player).to_json(),
                                   self.hint_level, self.seed, HINT_SECONDS)
                    move, why = found["move"], found["why"]
            except ValueError as exc:
                self.say(f"No hint: {str(exc).rstrip('.')}.", "yellow")
                return True
            self.say(f"Hint: {move}", "green")
            if why:
                self.say(why, "dim")
        elif word == "solve" and self.solo:
            before = len(self.state.history())
            try:
                self.state.solve()
            except ValueError as exc:
                self.say(f"Not solved: {str(exc).rstrip('.')}.", "yellow")
                return True
            self.view.finished_by_computer = before  # the result says who solved it
            self.meta["solved_from"] = before  # and so does the record
            self.last = None
            self.listed, self.summarised = [], False
            self.show()
        elif word == "count" and self.solo:  # the browser's Count solutions
            self.say(self.view.count_text(self.state), "green")
        elif word == "save":
            self._save_command(arg.strip())
        elif word == "analysis":
            self.analysis()
        elif word == "rematch":
            self._start_rematch()
        elif word == "undo":
            self.undo(seat)
        elif word == "resign":
            if self.solo:
                self.say("A puzzle has nobody to resign to: type 'quit' to leave it.", "yellow")
            else:
                self.resign(seat)
        elif word == "board":
            why_not = self.view.set_focus(arg) if arg.strip() else None
            if why_not is not None:
                self.say(why_not, "yellow")
            else:
                self.view.explain = True  # asked for: with its legend
                self.show()
        else:
            self.play(line, seat, typed=word)
        return True

    def _unsaved(self) -> int:
        """How many moves quitting now would lose: those of a game in progress or over,
        with no file it is written to as it goes (``save_path``), played since it was last
        saved (a finished game's record was lost as silently as one in progress)."""
        if self.save_path is not None:
            return 0
        history, saved = self.state.history(), self._saved
        if history[:len(saved)] != saved:   # (undone past the save: every move counts)
            return len(history)
        return len(history) - len(saved)

    def _quit(self) -> bool:
        """'quit', 'q' or 'exit': True to leave.  Asked first (``confirm_quit``) when moves
        would be lost: 'y' leaves, 's FILE' saves then leaves, anything else plays on (or,
        the game over, goes back to its prompt); the end of input (Ctrl-D) leaves."""
        lost = self._unsaved()
        if not self.confirm_quit or not lost:
            self.say("Goodbye.")
            return True
        what = "puzzle" if self.solo else "game"
        self.say(f"The {what} is not saved ({plural(lost, 'move')} would be lost): 'y' quits, "
                 f"'s FILE' saves it first, anything else "
                 f"{'goes back' if self.over else 'plays on'}.", "yellow")
        try:
            answer = self.read("Quit? > ").strip()
        except EOFError:
            self.say("\nGoodbye.")
            return True
        word, _, arg = answer.partition(" ")
        word = word.lower()
        if word in ("y", "yes", *QUIT_WORDS):
            self.say("Goodbye.")
            return True
        if word in ("s", "save"):
            self._save_command(arg.strip())
            if not self._unsaved():
                self.say("Goodbye.")
                return True
        self.say("Not quit." if self.over else "Not quit: play on.", "dim")
        return False

    def _not_a_command(self, word: str) -> str:
        """What to add when ``word`` (the first word of a line that is not a move) may
        have been meant as a command: the command it is close to, or, for a lone word,
        where the commands are listed."""
        commands = ["moves", "hint", "undo", "save", "board", "help", "quit",
                    *(("solve", "count") if self.solo else ("analysis", "resign"))]
        close = difflib.get_close_matches(word, commands, n=1, cutoff=0.75)
        if close:
            return f" (did you mean the command '{close[0]}'? 'help' lists them)"
        return " ('help' lists the commands)" if len(word) > 2 and word.isalpha() else ""

    def help(self) -> RenderableType:
        """The commands that apply to this game and these seats, wrapped to the terminal
        (each description under itself)."""
        if self.game.hidden_information:
            undo = "not in a game with hidden cards (it would show the cards to come)"
        elif all(b is None for b in self.bots):
            undo = "take back the last move"
        else:
            undo = "take back your last move and the computer's replies"
        rows: list[tuple[str, RenderableType]] = [
            ("<move>", f"play a move, e.g. {self.view.example(self.state)}"),
            *self.view.moves_help,
            ("#N", "play move number N of the last listing"),
            ("hint", "ask the computer for a suggestion"),
            ("undo", undo),
            ("save FILE", "write the game record (JSON) to FILE; 'pentarena replay "
                          "FILE' shows it")]
        if self.solo:
            rows.append(("solve", "let the computer finish the puzzle"))
            rows.append(("count", "count the solutions (from here, once pieces are placed)"))
        else:
            # each mark with its word (a Lines cell: rich broke '?' from 'blunder')
            marks = ", ".join(map(unit, ("✓ good", "?! mistake", "? blunder")))
            rows.append(("analysis", Lines(Text(f"once the game is over: judge every move "
                                                f"({marks}), about a second a move"))))
            if len(self.game.sides) == 2:
                rows.append(("resign", "give up the game: the other side wins"))
            if self.game.options.get("variant") == "draft":
                rows.append(("rematch", "once the game is over: play again with the sets "
                                        "swapped (passed one seat on with 3–4 players)"))
        rows += [*self.view.board_help, ("help", "this text"),
                 ("quit", "leave the game ('q' or 'exit' too; asked first when moves "
                          "would be lost, not saved; Ctrl-D and Ctrl-C leave at once)")]
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column()
        for command, what in rows:
            table.add_row(command, what)
        notes = self.view.help_notes(self.state)
        return Group(Text("Commands:"), Padding(table, (0, 0, 0, 2)),
                     *([Text(""), Lines(Text("\n".join(notes), style="dim"))] if notes else []))

    def resign(self, seat: int) -> None:
        """The person to move (``seat``) gives up the game for their side, in a game of
        two sides (with more, the others would play on: they quit instead)."""
        n = len(self.game.sides)
        if n != 2:
            self.say(NO_RESIGN.format(n=n), "yellow")
            return
        others = self.game.opponents(seat)
        winners = " and ".join(self.view.seat_name(s) for s in others)
        partners = [s for side in self.game.sides if seat in side for s in side if s != seat]
        team = (f" for your team? {' and '.join(self.view.seat_name(s) for s in partners)} "
                f"{'lose' if len(partners) > 1 else 'loses'} with you:" if partners else "?")
        try:  # asked first, as the browser does: a slip of the keyboard ends nothing
            answer = self.read(f"Resign{team} {winners} {'win' if len(others) > 1 else 'wins'}."
                               " Type 'yes' to resign > ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            self.say("Not resigned: play on.", "dim")
            return
        self.resigned = seat
        self.view.ended_by_resignation = True   # (no seat marked to move any more)

    def analysis(self) -> None:
        """Once the game is over: judge every move (as the browser's analysis does, from
        the full positions: hidden cards included) and print the verdicts; before that,
        say when it is available."""
        why_not = None if self.resigned is not None else unavailable(self.state)
        if why_not is not None:
            self.say(why_not, "yellow")
            return
        if self.analysed is None:  # the game is over: its moves no longer change
            self.analysed = show_analysis(self.console, self.view, self.initial,
                                          self.state.history(), self.analysis_seconds)
        else:
            self.console.print(analysis_table(self.view, self.analysed))

    def undo(self, seat: int) -> None:
        """Take back this person's last move and every computer move after it; when
        every seat is a person (hot seat, or a puzzle), take back the last move.  Not in
        a game with hidden information (``NO_UNDO`` says why)."""
        if self.game.hidden_information:
            self.say(NO_UNDO, "yellow")
            return
        history = self.state.history()
        if not history:
            self.say("No move has been played yet: there is nothing to undo.", "yellow")
            return
        replay = self.initial.clone()
        movers = []
        for text in history:
            movers.append(replay.current_player)
            replay.apply(text)
        if all(b is None for b in self.bots):
            back = len(history) - 1  # people only: the last move, whoever played it
        else:
            mine = [i for i, s in enumerate(movers) if s == seat]
            if not mine:
                self.say("There is nothing of yours to undo yet: you have not moved.", "yellow")
                return
            if any(self.bots[s] is None and s != seat for s in movers[mine[-1] + 1:]):
                self.say("Undo only takes back moves against the computer, not another "
                         "person's move.", "yellow")
                return
            back = mine[-1]
        # touch-move: a touch binds its turn, so undo takes back whole turns — never a
        # lone touch (the piece must be placed), and a placement with its touch
        touched = [i for i in range(back, len(history)) if history[i].startswith("touch ")]
        if touched and touched[-1] == len(history) - 1:
            piece = history[-1].split()[-1]
            self.say(f"The {piece} is touched: under touch-move it must be placed now. Undo "
                     "takes back whole turns, once it is.", "yellow")
            return
        while back > 0 and history[back - 1].startswith("touch "):
            back -= 1
        state = self.initial.clone()
        for text in history[:back]:
            state.apply(text)
        self.state = state
        self.last = state.parse_move(history[back - 1]) if back > 0 else None
        self.listed, self.summarised = [], False
        taken = history[back:]
        self.played, self.drew = [], {}   # (the moves left are not this turn's news)
        self.say(f"Took back {plural(len(taken), 'move')}: {', '.join(taken)}.", "yellow")
        self.show()
