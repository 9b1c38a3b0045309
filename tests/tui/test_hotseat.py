"""Hot seat with hidden hands: the next person takes the keyboard before their hand is
shown, and the screen is cleared at a terminal (review of terminal play, finding 1)."""

from __future__ import annotations

import io

from rich.console import Console

import pentarena
from pentarena.ai import RandomBot
from pentarena.games.pentic.render import card_text
from pentarena.tui import TerminalGame
from pentarena.tui.terminal import CLEAR_SCREEN

from .test_terminal import scripted


def hand_texts(state, seat):
    return [card_text(c).plain for c in state.hands[seat]]


def hotseat(lines, bots=(None, None), pass_keyboard=True, players=2):
    """A Pentic table (seed 1) and its output; ``tg.typing(lines)`` sets what is typed,
    and the prompts it answers are collected in ``prompts``."""
    game = pentarena.load_game("pentic", players=players)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=pass_keyboard)
    prompts = []

    def typing(lines):
        read = scripted(lines)

        def reading(prompt):
            prompts.append(prompt)
            return read(prompt)

        tg.read = reading

    tg = TerminalGame(game, list(bots), console=console, read=scripted([]), seed=1,
                      pass_keyboard=pass_keyboard)
    tg.typing = typing
    typing(lines)
    return tg, out, prompts


def first_play(seat_state, seat):
    return str(next(m for m in seat_state.legal_moves()))


def test_the_next_hand_is_shown_only_after_a_cleared_screen():
    tg, out, prompts = hotseat([])
    start = tg.state.clone()
    mine, theirs = hand_texts(start, 0), hand_texts(start, 1)
    tg.typing(["", first_play(start, 0), "", "quit"])
    tg.run()
    text = out.getvalue()
    screens = text.split(CLEAR_SCREEN)
    # the start, seat 0's screen, the hand-over (cleared at once after seat 0's play: the
    # hand it showed stays on no screen while seat 1 takes the keyboard), seat 1's screen
    assert len(screens) == 4
    before, first, handover, second = screens
    assert not any(card in before for card in mine + theirs)  # nobody's hand yet
    assert "pass the keyboard to Navy (seat 0)" in before
    assert "Navy (seat 0)'s hand: " in first and all(card in first for card in mine)
    assert not any(card in first for card in theirs)
    assert "pass the keyboard to Coral (seat 1)" not in first
    played = first.split("Navy (seat 0) plays ", 1)[1].split()[0]
    assert "Navy (seat 0) plays" in handover and "pass the keyboard to Coral (seat 1)" in handover
    assert "hand: " not in handover
    assert not any(card in handover for card in hand_texts(tg.state, 0) + hand_texts(tg.state, 1)
                   if card not in played)
    # seat 1's screen: the news since their last turn, then their own hand, labelled
    assert "Navy (seat 0) plays" in second and "Coral (seat 1)'s hand: " in second
    assert all(card in second for card in hand_texts(tg.state, 1))
    assert not any(card in second for card in hand_texts(tg.state, 0))


def test_two_people_and_a_computer_hand_over_between_the_people():
    tg, out, prompts = hotseat([], bots=(None, RandomBot(seed=1), None), players=3)
    start = tg.state.clone()
    tg.typing(["", first_play(start, 0), "", "quit"])
    tg.run()
    text = out.getvalue()
    assert [p for p in prompts if "press Enter" in p] == [
        "Navy (seat 0): press Enter to see your hand > ", "Teal (seat 2): press Enter to see your hand > "]
    screens = text.split(CLEAR_SCREEN)
    # seat 0's hand is cleared as soon as seat 0 has played, before the computer's turn
    assert "Navy (seat 0) plays" in screens[-2] and "hand: " not in screens[-2]
    last = screens[-1]
    assert "Navy (seat 0) plays" in last and "Coral (seat 1) plays" in last  # the news since seat 2's turn
    assert "Teal (seat 2)'s hand: " in last
    assert not any(card in last for card in hand_texts(tg.state, 0))
    # the computer's turn shows no one's hand and no instructions
    computer_turn = text.split("Navy (seat 0) plays", 1)[1].split("Coral (seat 1) plays", 1)[0]
    assert "hand:" not in computer_turn and "Play a card" not in computer_turn


def test_quit_at_the_hand_over():
    tg, out, prompts = hotseat(["quit"])
    tg.run()
    assert "Goodbye" in out.getvalue() and "hand: " not in out.getvalue()


def test_a_move_typed_at_the_hand_over_is_not_lost_without_a_word():
    """Typed before the hand was shown (the prompt asks for Enter): not played, said so."""
    tg, out, prompts = hotseat([])
    move = first_play(tg.state.clone(), 0)
    tg.typing([move, "quit"])
    tg.run()
    text = out.getvalue()
    assert f"Not played: '{move}' came before your hand was shown; type your move now." in text
    assert tg.state.history() == [] and "Navy (seat 0)'s hand: " in text


def test_through_a_pipe_the_hand_over_is_a_line_and_needs_no_extra_input():
    tg, out, prompts = hotseat([], pass_keyboard=False)
    start = tg.state.clone()
    tg.typing([first_play(start, 0), "quit"])
    state = tg.run()
    text = out.getvalue()
    assert CLEAR_SCREEN not in text and len(state.history()) == 1
    assert "Next: Coral (seat 1). Coral (seat 1)'s hand follows." in text
    assert "Coral (seat 1)'s hand: " in text


def test_one_person_against_the_computer_sees_their_own_hand_without_a_hand_over():
    tg, out, prompts = hotseat(["quit"], bots=(None, RandomBot(seed=1)))
    tg.run()
    text = out.getvalue()
    assert "Your hand — Navy (seat 0): " in text
    assert CLEAR_SCREEN not in text and "pass the keyboard" not in text
