"""Fit the Pentago evaluation's line weights to exact values.

The labels come from ``native/examples/pentago_labels.rs`` (positions with 18 empty
cells from 3-ply play, every child solved exactly):

    cd native && cargo run --release --example pentago_labels -- 600 0 18 > a.txt
    python benchmarks/pentago_fit.py a.txt [b.txt ...] [--held-out native/data/pentago_labels.txt]

Only children whose player to move cannot win at once count (the search finds those
wins itself).  For the player to move, the features are the number of lines of five
holding k = 1..4 of their marbles and none of the opponent's, and the same for the
opponent; a logistic regression fits the probability that the player to move wins
(a draw counts half) on a fifth of the roots kept apart (root number divisible by 5) and
prints the weights in the hand-set weights' units (``LINE_WEIGHTS`` in
``native/src/pentago/search.rs``), with each evaluation's log-loss on the held-out roots
(the hand-set score given its best scale).  ``--held-out FILE`` writes the held-out
positions (``white black to_move value``) for the Rust test that checks the fitted
weights against the hand-set ones.
"""

from __future__ import annotations

import argparse

import numpy as np

from pentarena.games.pentago.board import LINES

HAND = ([1, 6, 36, 200], [1, 6, 36, 400])


def features(white: int, black: int, to_move: int) -> list[int]:
    """Lines holding k = 1..4 of the mover's marbles and none of the other's, then the same
    for the other (``white``/``black``: row-major bitboards, as the engine's)."""
    me, them = (white, black) if to_move == 0 else (black, white)
    counts = [((line & me).bit_count(), (line & them).bit_count()) for line in LINES]
    return ([sum(m == k and t == 0 for m, t in counts) for k in range(1, 5)]
            + [sum(t == k and m == 0 for m, t in counts) for k in range(1, 5)])


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Weights (the last the bias) of the logistic regression of soft labels ``y`` on ``x``."""
    a = np.c_[x, np.ones(len(x))]
    mu, sd = a.mean(0), a.std(0) + 1e-9
    mu[-1], sd[-1] = 0.0, 1.0
    z = (a - mu) / sd
    w = np.zeros(z.shape[1])
    for _ in range(60):
        p = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (p - y) / len(y) + l2 * w
        hess = (z * (p * (1 - p))[:, None]).T @ z / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    w = w / sd
    w[-1] -= (mu[:-1] * w[:-1]).sum()
    return w


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="pentago_labels output")
    parser.add_argument("--held-out", help="write the held-out positions here")
    args = parser.parse_args()
    rows = []
    for path in args.files:
        root = -1
        for line in open(path):
            parts = line.split()
            if parts[0] == "root":
                root = int(parts[1])
            elif parts[2] != "2" and parts[4] == "0":  # the game goes on, no win at once
                rows.append((root, int(parts[0], 16), int(parts[1], 16), int(parts[2]),
                             int(parts[3])))
    roots = np.array([r[0] for r in rows])
    y = np.array([(r[4] + 1) / 2 for r in rows])
    x = np.array([features(*r[1:4]) for r in rows], dtype=float)
    held = roots % 5 == 0
    print(f"{len(rows)} positions from {len(set(roots))} roots; {held.sum()} held out")
    hand = np.array(HAND[0] + [-w for w in HAND[1]], dtype=float)
    scale = logistic((x @ hand)[~held, None], y[~held])
    print(f"hand-set weights: held-out log-loss {log_loss(x[held] @ hand * scale[0] + scale[1], y[held]):.4f}")
    w = logistic(x[~held], y[~held])
    print(f"fitted weights:   held-out log-loss {log_loss(x[held] @ w[:-1] + w[-1], y[held]):.4f}")
    units = w[:-1] / scale[0]
    print("in the hand-set units: mine", np.round(units[:4]).astype(int).tolist(),
          "theirs", np.round(-units[4:]).astype(int).tolist())
    if args.held_out:
        with open(args.held_out, "w") as out:
            for r in (r for r, h in zip(rows, held) if h):
                out.write(f"{r[1]:x} {r[2]:x} {r[3]} {r[4]}\n")
        print(f"wrote {held.sum()} held-out positions to {args.held_out}")


if __name__ == "__main__":
    main()
