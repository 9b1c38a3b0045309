"""Game records: JSON round-trip, replay, clear errors, and `pentarena replay`."""

from __future__ import annotations

import json
import random

import pytest

import pentarena
from pentarena.cli import main
from pentarena.record import RECORD_FIELDS, GameRecord


def finished_state(seed=3, **options):
    game = pentarena.load_game("pentup", **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.random_move(rng))
    return state


def test_record_round_trip_and_replay():
    state = finished_state(players=3, scoring="advanced")
    record = GameRecord.of(state, event="test")
    again = GameRecord.from_json(record.dumps())
    assert again == record
    states = again.states()
    assert len(states) == len(state.history()) + 1
    assert states[0].history() == []
    final = again.final_state()
    assert final.to_json() == state.to_json()
    assert final.winners() == state.winners()


@pytest.mark.parametrize("text,why", [
    ("not json", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"moves": []}', "'game' name"),
    ('{"game": "pentup", "options": 3}', "'options' must be"),
    ('{"game": "pentup", "seed": "x"}', "'seed' must be"),
    ('{"game": "pentup", "moves": [1]}', "list of move texts"),
    ('{"game": "pentomino", "sets": ["FIL"]}', "'sets' must be a list of piece lists"),
    ('{"game": "pentago", "position": 7}', "'position' must be position text"),
    # a misspelt field would replay an empty game without a word
    ('{"game": "pentago", "move": ["d4 TR cw"]}', "the record has an unknown field 'move'; "
                                                 "a record's fields are deck, format"),
    ('{"game": "pentago", "b": 1, "a": 2}', "unknown fields 'a', 'b';.*anything else goes in 'meta'"),
    # read one way only, as the server reads what clients send
    ('{"game": "pentago", "moves": [], "moves": ["c3 TL cw"]}',
     'the record is not accepted: "moves" is given twice in one object'),
    ('{"game": "pentago", "meta": {"x": NaN}}', "the record is not valid JSON: NaN is not a JSON"),
    ('{"game": "pentago", "meta": {"y": 1e400}}', "the record is not accepted: 1e400 is too large"),
])
def test_broken_records_are_explained(text, why):
    with pytest.raises(pentarena.StateFormatError, match=why):
        GameRecord.from_json(text)


def test_a_record_that_is_not_utf8_says_so_and_where(tmp_path, capsys):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"game": "pentago", "meta": {"by": "Zoë"}}'.encode("latin-1"))
    why = r"not UTF-8 text \(byte 0xeb at offset 38\)"
    with pytest.raises(pentarena.StateFormatError, match=why):
        GameRecord.load(path)
    assert main(["replay", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().out
    assert GameRecord.from_json(b"\xef\xbb\xbf" + GameRecord.of(finished_state()).dumps()
                                .encode()).game == "pentup"  # a BOM is fine


def test_unreplayable_records_are_explained():
    rec = GameRecord("pentup", {}, 1, ["I:0,0;1,0;2,0;3,0;4,0", "I:0,0;1,0;2,0;3,0;4,0"])
    with pytest.raises(pentarena.StateFormatError, match="move 2"):
        rec.final_state()
    with pytest.raises(pentarena.StateFormatError, match="cannot be loaded"):
        GameRecord("chess", {}, 1, []).final_state()
    # JSON: an option of its own type and spelling (the server's tables are made so)
    for options, why in (({"target": "250"}, "option 'target' must be a whole number, got "
                                             "'250'"),
                         ({"players": True}, "option 'players' must be a number, not true")):
        with pytest.raises(pentarena.StateFormatError, match=why):
            GameRecord("pentic", options, 1, []).final_state()


@pytest.mark.parametrize("resigned,why", [
    ("0", r"meta.resigned is the seat whose player resigned, a whole number: not '0'"),
    (5, "meta.resigned is seat 5, but the game's seats are 0 to 1"),
    (True, "a whole number: not true"),
])
def test_a_resignation_that_cannot_be_is_refused_not_ignored(resigned, why):
    record = GameRecord("pentago", {}, 1, ["a1 TR cw"], {"resigned": resigned})
    with pytest.raises(pentarena.StateFormatError, match=why):
        record.resigned()
    three = GameRecord("pentup", {"players": 3}, 1, [], {"resigned": 0})
    with pytest.raises(pentarena.StateFormatError, match="a game of 3 sides has nobody to resign to"):
        three.resigned()
    over = GameRecord.of(finished_state(), resigned=0)
    with pytest.raises(pentarena.StateFormatError, match="end the game by its rules"):
        over.resigned()
    assert GameRecord("pentago", {}, 1, ["a1 TR cw"], {"resigned": 1}).resigned() == 1
    assert GameRecord("pentago", {}, 1, ["a1 TR cw"]).resigned() is None
    puzzle = GameRecord("pentomino-puzzle", {}, None, [], {"resigned": 0})
    with pytest.raises(pentarena.StateFormatError, match="a game of 1 side has nobody"):
        puzzle.resigned()


@pytest.mark.parametrize("solved_from", [50, -1, "x", True])
def test_a_puzzle_solved_from_a_move_it_does_not_have_is_refused(solved_from):
    moves = ["X:b1,a2,b2,c2,b3"]
    with pytest.raises(pentarena.StateFormatError, match=r"meta.solved_from is how many of "
                       r"the record's 1 moves its player made"):
        GameRecord("pentomino-puzzle", {"region": "3x20"}, None, moves,
                   {"solved_from": solved_from}).solved_from()
    assert GameRecord("pentomino-puzzle", {"region": "3x20"}, None, moves,
                      {"solved_from": 1}).solved_from() == 1


def test_cli_replay_prints_the_game(tmp_path, capsys):
    state = finished_state()
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(state).dumps())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "24." in out and state.history()[-1] in out and "Game over" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "pentup", "moves": ["nonsense"]}))
    assert main(["replay", str(bad)]) == 2
    assert "cannot be replayed" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 2**70])
def test_seeds_beyond_64_bits_are_refused_with_a_reason(seed):
    data = GameRecord.of(finished_state()).to_json()
    with pytest.raises(pentarena.StateFormatError, match="64 bits"):
        GameRecord.from_json(dict(data, seed=seed))


def test_deeply_nested_record_json_is_refused_with_a_reason():
    text = '{"game": "pentup", "meta": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(pentarena.StateFormatError, match="nested too deeply"):
        GameRecord.from_json(text)


def test_an_option_called_name_is_an_unknown_option():
    with pytest.raises(pentarena.GameOptionError, match="no option 'name'"):
        pentarena.load_game("pentago", name="x")


# -- issue 10, item 13: records from the terminal, exported and documented ------------------

def test_game_record_is_exported_from_the_package():
    assert pentarena.GameRecord is GameRecord
    assert "GameRecord" in pentarena.__all__


def test_a_rematch_and_a_set_up_position_replay_from_their_records():
    # the set-up besides the seed (a rematch's sets, a Pentago position) is in the record
    rng = random.Random(2)
    draft = pentarena.load_game("pentomino", variant="draft").new_initial_state(seed=2)
    while not draft.is_terminal():
        draft.apply(rng.choice(draft.legal_moves()))
    rematch = draft.rematch()
    pentago = pentarena.load_game("pentago").new_initial_state(
        position="WWW.../BBB.../....../....../....../......")
    for state in (rematch, pentago):
        state.apply(rng.choice(state.legal_moves()))
        record = GameRecord.of(state)
        assert (record.sets, record.position) == (
            state.to_json().get("preset_sets"), state.to_json().get("position"))
        again = GameRecord.from_json(record.dumps())
        assert again.final_state().to_json() == state.to_json()
    with pytest.raises(pentarena.StateFormatError, match="cannot be set up"):
        GameRecord("pentup", {}, 1, [], sets=[["F"], ["L"]]).initial_state()


def test_records_md_documents_every_field_a_record_has():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text()
    state = pentarena.load_game("pentic").new_initial_state()  # secure deal: a deck
    data = GameRecord.of(state, players=["a", "b"]).to_json()
    assert set(data) == {"format", "game", "options", "seed", "moves", "deck", "meta"}
    for key in [*data, "sets", "position"]:
        assert f"| `{key}` |" in doc, f"docs/records.md does not describe {key!r}"
    assert RECORD_FIELDS == {*data, "sets", "position"}  # every field read is described
    assert data["format"] in doc


@pytest.mark.parametrize("name,options", [
    ("pentup", {"players": 3}), ("pentago", {}), ("pentomino", {"variant": "draft"}),
    ("pentomino-puzzle", {"region": "3x20"}), ("pentic", {}),
])
@pytest.mark.parametrize("seed", [7, None])
def test_what_play_saves_replay_reads(name, options, seed, tmp_path, capsys):
    """A whole game saved by the terminal (--save) replays to the same final state — also
    a Pentic deal from the secure random source (no seed: the record carries the deck)."""
    import io

    from rich.console import Console

    from pentarena.ai import RandomBot
    from pentarena.tui import TerminalGame

    game = pentarena.load_game(name, **options)
    path = tmp_path / "game.json"
    if game.num_players == 1:  # a puzzle: one person who asks the computer to solve it
        bots, lines = [None], iter(["X:b1,a2,b2,c2,b3", "solve"])
    else:
        bots, lines = [RandomBot(seed=s) for s in range(game.num_players)], iter([])
    console = Console(file=io.StringIO(), width=120, color_system=None)
    tg = TerminalGame(game, bots, console=console, seed=seed, save_path=path,
                      read=lambda prompt: next(lines), meta={"players": ["x"] * len(bots)})
    final = tg.run()
    assert final.is_terminal() and not tg.save_failed
    record = GameRecord.load(path)
    assert record.moves == final.history() and record.meta["players"][0] == "x"
    assert (record.deck is not None) == (name == "pentic" and seed is None)
    assert record.final_state().to_json() == final.to_json()
    assert main(["replay", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"{len(final.history())}. " in out
    assert "Game over" in out or "Solved" in out


# -- a record rebuilds every moment of a game exactly: no record that cannot --------------

@pytest.mark.parametrize("seat", [0, 1, None])
@pytest.mark.parametrize("seed", [5, None])
def test_a_record_of_a_pentic_view_is_refused_with_what_to_pass(seat, seed):
    state = play_randomly_pentic(seed)
    with pytest.raises(pentarena.StateFormatError, match="pass the full state"):
        GameRecord.of(state.view(seat))
    again = GameRecord.from_json(GameRecord.of(state).dumps())  # the full state: replays
    assert again.final_state().to_json() == state.to_json()


def play_randomly_pentic(seed):
    state = pentarena.load_game("pentic").new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_views_of_perfect_information_games_still_make_records():
    state = finished_state()
    assert GameRecord.of(state.view(0)).final_state().to_json() == state.to_json()


def test_a_hidden_information_state_without_its_deal_is_refused():
    """Any state of a hidden-card game whose to_json has neither seed nor deck (a game
    registered outside Pentarena, say) cannot be replayed: of() says so."""
    class Hidden:
        game = pentarena.load_game("pentic")

        def to_json(self):
            return {"game": "pentic", "moves": []}

        def history(self):
            return []

    with pytest.raises(pentarena.StateFormatError, match="neither its seed nor its dealt deck"):
        GameRecord.of(Hidden())


@pytest.mark.parametrize("data", [
    {"game": "pentic", "moves": []},
    {"game": "pentic", "seed": None, "moves": ["1-circle-red@1"]},
    {"format": "pentarena-record/1", "game": "pentic", "options": {"players": 3}},
])
def test_a_pentic_record_with_neither_seed_nor_deck_is_refused(data):
    with pytest.raises(pentarena.StateFormatError, match="needs a 'seed' or a 'deck'"):
        GameRecord.from_json(data)
    with pytest.raises(pentarena.StateFormatError, match="needs a 'seed' or a 'deck'"):
        GameRecord(data["game"], data.get("options", {}), None, []).initial_state()
    # the other games shuffle nothing: no seed is fine
    assert GameRecord.from_json({"game": "pentago", "moves": []}).initial_state().history() == []


@pytest.mark.parametrize("version", ["pentarena-record/2", "pentarena-record/0", 1, None, ""])
def test_unknown_record_formats_are_refused_naming_the_known_one(version):
    data = dict(GameRecord.of(finished_state()).to_json(), format=version)
    with pytest.raises(pentarena.StateFormatError, match="reads pentarena-record/1"):
        GameRecord.from_json(data)
    del data["format"]  # no format: read as the first version (docs/records.md)
    assert GameRecord.from_json(data).final_state().is_terminal()


def test_cli_replay_refuses_a_record_of_another_format(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dict(GameRecord.of(finished_state()).to_json(),
                                    format="pentarena-record/2")))
    assert main(["replay", str(path)]) == 2
    assert "pentarena-record/1" in capsys.readouterr().out
