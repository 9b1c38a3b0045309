"""Game records: JSON round-trip, replay, clear errors, and `pentarena replay`."""

from __future__ import annotations

import json
import random

import pytest

import pentarena
from pentarena.cli import main
from pentarena.record import GameRecord


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
])
def test_broken_records_are_explained(text, why):
    with pytest.raises(pentarena.StateFormatError, match=why):
        GameRecord.from_json(text)


def test_unreplayable_records_are_explained():
    rec = GameRecord("pentup", {}, 1, ["I:0,0;1,0;2,0;3,0;4,0", "I:0,0;1,0;2,0;3,0;4,0"])
    with pytest.raises(pentarena.StateFormatError, match="move 2"):
        rec.final_state()
    with pytest.raises(pentarena.StateFormatError, match="cannot be loaded"):
        GameRecord("chess", {}, 1, []).final_state()


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
