"""A small self-play training run: REINFORCE with a baseline, a one-hidden-layer policy in
plain numpy, on Pentago through the PettingZoo environment; then the trained policy
(greedy, masked) plays random play.

    .venv/bin/python benchmarks/research_selfplay.py               # ~3 minutes
    .venv/bin/python benchmarks/research_selfplay.py --seconds 5 --eval 20   # a smoke run

Both seats share the policy; each of a seat's moves gets the final reward (+1 win, -1
loss, 0 draw) less a running baseline.  The observation is the native 3 × 6 × 6 tensor from
the mover's side, the action mask keeps the softmax on legal moves.  Results go to
benchmarks/results/research_selfplay.json (docs/research.md quotes them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from pentarena.integrations import pettingzoo as pz


class Policy:
    """obs (108) -> tanh hidden (64) -> logits (324), softmax over the legal actions."""

    def __init__(self, rng: np.random.Generator, n_in: int = 108, hidden: int = 64,
                 n_out: int = 324) -> None:
        self.w1 = rng.normal(0, 1 / np.sqrt(n_in), (n_in, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = rng.normal(0, 0.01, (hidden, n_out)).astype(np.float32)
        self.b2 = np.zeros(n_out, np.float32)

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(obs @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=-1, keepdims=True), h

    def grads(self, obs, masks, actions, advantages) -> list[np.ndarray]:
        """Gradient of sum(advantage * log pi(action | obs)) over a batch."""
        p, h = self.probs(obs, masks)
        d_logits = -p
        d_logits[np.arange(len(actions)), actions] += 1.0
        d_logits *= advantages[:, None]
        g_w2 = h.T @ d_logits
        g_b2 = d_logits.sum(0)
        d_h = (d_logits @ self.w2.T) * (1 - h * h)
        return [obs.T @ d_h, d_h.sum(0), g_w2, g_b2]


def play(env, policy: Policy, rng: np.random.Generator, seed: int, greedy_seat=None,
         record: bool = True):
    """One game on the AEC environment.  ``greedy_seat``: that seat plays the policy's
    best move and the others random moves (evaluation); otherwise every seat samples the
    policy (self-play).  Returns the final rewards per seat and the moves (seat, obs,
    mask, action)."""
    env.reset(seed=seed)
    moves = []
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        seat = env.agent_name_mapping[agent]
        if terminated or truncated:
            final[seat] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        if greedy_seat is None:
            p, _ = policy.probs(obs["observation"], mask)
            action = int(rng.choice(len(p), p=p))
        elif seat == greedy_seat:
            p, _ = policy.probs(obs["observation"], mask)
            action = int(np.argmax(p))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        if record:
            moves.append((seat, obs["observation"], mask, action))
        env.step(action)
    return final, moves


def evaluate(policy: Policy, games: int, seed: int) -> dict:
    """The policy (greedy) against random play, seats alternating."""
    env = pz.env("pentago")
    rng = np.random.default_rng(seed)
    wins = draws = losses = 0
    for g in range(games):
        seat = g % 2
        final, _ = play(env, policy, rng, seed + g, greedy_seat=seat, record=False)
        r = final[seat]
        wins += r > 0
        draws += r == 0
        losses += r < 0
    return {"games": games, "wins": wins, "draws": draws, "losses": losses,
            "score": (wins + 0.5 * draws) / games}


def train(seconds: float, seed: int, batch: int = 32, lr: float = 0.01) -> tuple[Policy, dict]:
    rng = np.random.default_rng(seed)
    policy = Policy(rng)
    env = pz.env("pentago")
    baseline = 0.0
    games = plies = 0
    start = time.process_time()
    m = [np.zeros_like(p) for p in policy.params()]
    v = [np.zeros_like(p) for p in policy.params()]
    step = 0
    while time.process_time() - start < seconds:
        obs, masks, actions, adv = [], [], [], []
        for _ in range(batch):
            final, moves = play(env, policy, rng, seed * 1_000_003 + games)
            games += 1
            plies += len(moves)
            for seat, o, mk, a in moves:
                obs.append(o)
                masks.append(mk)
                actions.append(a)
                adv.append(final[seat] - baseline)
            baseline = 0.99 * baseline + 0.01 * np.mean(list(final.values()))
        grads = policy.grads(np.array(obs), np.array(masks), np.array(actions),
                             np.array(adv, np.float32))
        step += 1
        for i, (p, g) in enumerate(zip(policy.params(), grads)):  # Adam, ascent
            g = g / len(actions)
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            p += lr * (m[i] / (1 - 0.9 ** step)) / (np.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8)
    elapsed = time.process_time() - start
    return policy, {"games": games, "plies": plies, "updates": step,
                    "cpu_seconds": round(elapsed, 1),
                    "plies_per_second": round(plies / elapsed) if elapsed else 0}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="CPU seconds of training")
    parser.add_argument("--eval", type=int, default=400, help="evaluation games against random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "research_selfplay.json"))
    args = parser.parse_args(argv)
    untrained = evaluate(Policy(np.random.default_rng(args.seed)), args.eval, 10_000)
    policy, stats = train(args.seconds, args.seed)
    trained = evaluate(policy, args.eval, 10_000)
    result = {"game": "pentago", "training": stats, "untrained_vs_random": untrained,
              "trained_vs_random": trained}
    print(json.dumps(result, indent=2))
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
