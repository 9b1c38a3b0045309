"""Leave tables in every state on a running Pentarena server of an older release, and
write what tests/server/test_upgrades.py needs to know of them (tests/data/database-*.json).

    git worktree add /tmp/old COMMIT && cd /tmp/old && make install
    .venv/bin/pentarena serve --port 8841 --database-url sqlite:////tmp/old.sqlite3 &
    .venv/bin/python /path/to/tests/data/old_release.py http://127.0.0.1:8841 manifest.json
    # stop the server; then the dump, with a first line naming the commit:
    python3 -c "import sqlite3; print('\\n'.join(sqlite3.connect('/tmp/old.sqlite3').iterdump()))"

(run with this release's venv: it needs requests and websockets, not the old server's
code).  Seat tokens, invites and table ids are random: a new run gives a new pair of files.
"""
import json
import random
import sys
import time

import requests
from websockets.sync.client import connect

BASE = sys.argv[1]
WS = BASE.replace("http", "ws")
rng = random.Random(7)
manifest = {}


def create(game, options, seats, name="Ann", seed=None):
    body = {"game": game, "options": options, "seats": seats, "name": name}
    if seed is not None:
        body["seed"] = seed
    r = requests.post(f"{BASE}/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tokens_of(c):
    """seat -> token for every seat this creator holds; invites: seat -> invite token"""
    held = {c["you"]["seat"]: c["you"]["token"]} if c["you"] else {}
    for h in c.get("hotseat", []):
        held[h["seat"]] = h["token"]
    invites = {i["seat"]: i["url"].split("token=")[1] for i in c["invites"] if "token=" in i["url"]}
    return held, invites


def state(ws):
    while True:
        m = json.loads(ws.recv(timeout=60))
        if m["type"] == "error":
            raise RuntimeError(m)
        if m["type"] == "state":
            return m


def play(table, tokens, moves):
    """play up to `moves` moves with the seats whose tokens we hold (others: computers)"""
    conns = {seat: connect(f"{WS}/ws/{table}?token={tok}") for seat, tok in tokens.items()}
    try:
        views = {seat: state(ws) for seat, ws in conns.items()}
        v = max(s["version"] for s in views.values())
        for seat, ws in conns.items():
            while views[seat]["version"] < v:
                views[seat] = state(ws)
        played = 0
        while True:
            st = next(iter(views.values()))
            if st["table"]["status"] != "playing":
                break
            cur = st["current_player"]
            if cur in conns:
                if played >= moves:
                    break
                legal = views[cur]["legal_moves"]
                conns[cur].send(json.dumps({"type": "move", "move": rng.choice(legal),
                                            "version": v}))
                played += 1
            for seat, ws in conns.items():
                while (s := state(ws))["version"] <= v:
                    pass
                views[seat] = s
            v += 1
        return st
    finally:
        for ws in conns.values():
            ws.close()


def note(key, c, held, invites, **extra):
    """(only the invites nobody used)"""
    manifest[key] = {"id": c["id"], "tokens": {str(k): v for k, v in held.items()},
                     "invites": {str(k): v for k, v in invites.items() if k not in held},
                     **extra}


# 1. waiting for a friend (invite unused), no moves
c = create("pentup", {"players": 2}, [{"kind": "me"}, {"kind": "invite"}])
held, inv = tokens_of(c)
note("waiting_invite", c, held, inv)

# 2. an open seat in the lobby
c = create("pentago", {}, [{"kind": "me"}, {"kind": "open"}])
held, inv = tokens_of(c)
note("waiting_open", c, held, inv)

# 3. two people (invite used by Bob), pentup, 5 moves in
c = create("pentup", {"players": 2}, [{"kind": "me"}, {"kind": "invite"}])
held, inv = tokens_of(c)
r = requests.post(f"{BASE}/api/tables/{c['id']}/join", json={"token": inv[1], "name": "Bob"})
assert r.status_code == 200, r.text
held[r.json()["seat"]] = r.json()["token"]
st = play(c["id"], held, 5)
note("pentup_two_people", c, held, inv, moves=st["version"])

# 4. pentup 4 players with teams, hot seat, 9 moves in
c = create("pentup", {"players": 4, "teams": True}, [{"kind": "me"}] * 4)
held, inv = tokens_of(c)
st = play(c["id"], held, 9)
note("pentup_four_teams", c, held, inv, moves=st["version"])

# 5. pentup 3 players advanced, one computer
c = create("pentup", {"players": 3, "scoring": "advanced"},
           [{"kind": "me"}, {"kind": "me"}, {"kind": "computer", "level": "easy"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 4)
note("pentup_three_computer", c, held, inv, moves=st["version"])

# 6. pentago against the computer, 3 of mine in
c = create("pentago", {}, [{"kind": "me"}, {"kind": "computer", "level": "easy"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 3)
note("pentago_computer", c, held, inv, moves=st["version"])

# 7. pentomino standard, hot seat, 4 moves
c = create("pentomino", {}, [{"kind": "me"}, {"kind": "me"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 4)
note("pentomino_standard", c, held, inv, moves=st["version"])

# 8. pentomino draft, 3 players (a match), hot seat, 7 moves
c = create("pentomino", {"players": 3, "variant": "draft"}, [{"kind": "me"}] * 3)
held, inv = tokens_of(c)
st = play(c["id"], held, 7)
note("pentomino_draft", c, held, inv, moves=st["version"])

# 9. pentomino puzzle, 5 placements
c = create("pentomino-puzzle", {}, [{"kind": "me"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 3)
note("puzzle", c, held, inv, moves=st["version"])

# 10. pentic, hidden hands, two people (invite used), 6 moves
c = create("pentic", {"players": 2}, [{"kind": "me"}, {"kind": "invite"}])
held, inv = tokens_of(c)
r = requests.post(f"{BASE}/api/tables/{c['id']}/join", json={"token": inv[1], "name": "Bob"})
held[r.json()["seat"]] = r.json()["token"]
st = play(c["id"], held, 6)
note("pentic_two_people", c, held, inv, moves=st["version"])

# 11. pentic 3 players with a computer
c = create("pentic", {"players": 3, "target": 60}, [{"kind": "me"}, {"kind": "me"},
                                                  {"kind": "computer", "level": "easy"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 5)
note("pentic_three_computer", c, held, inv, moves=st["version"])

# 12. finished: pentago played to the end by hand
c = create("pentago", {}, [{"kind": "me"}, {"kind": "me"}], seed=5)
held, inv = tokens_of(c)
st = play(c["id"], held, 1000)
note("pentago_finished", c, held, inv, moves=st["version"], winners=st["winners"])

# 13. finished: pentic to a low target by hand (hidden hands, then public record)
c = create("pentic", {"players": 2, "target": 30}, [{"kind": "me"}, {"kind": "me"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 1000)
note("pentic_finished", c, held, inv, moves=st["version"], winners=st["winners"])

# 14. finished: pentup between two computers
c = create("pentup", {"players": 2}, [{"kind": "computer", "level": "easy"}] * 2)
held, inv = tokens_of(c)
deadline = time.time() + 300
while time.time() < deadline:
    t = requests.get(f"{BASE}/api/tables/{c['id']}").json()
    if t["table"]["status"] == "finished":
        break
    time.sleep(0.5)
note("pentup_computers_finished", c, held, inv, moves=t["version"], winners=t["winners"])

# 15. abandoned: a player left the seat mid-game (seat open again)
c = create("pentup", {"players": 2}, [{"kind": "me"}, {"kind": "invite"}])
held, inv = tokens_of(c)
r = requests.post(f"{BASE}/api/tables/{c['id']}/join", json={"token": inv[1], "name": "Cleo"})
held[r.json()["seat"]] = r.json()["token"]
st = play(c["id"], held, 2)
r = requests.post(f"{BASE}/api/tables/{c['id']}/leave", json={"token": held[1]})
assert r.status_code == 200, r.text
left = held.pop(1)
note("abandoned_left", c, held, {}, moves=st["version"], left_token=left)

# 16. resigned, where the release has it
c = create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
held, inv = tokens_of(c)
st = play(c["id"], held, 2)
r = requests.post(f"{BASE}/api/tables/{c['id']}/resign", json={"token": held[0]})
note("resigned", c, held, inv, moves=st["version"], resign_status=r.status_code)

# 17. imported records: the finished pentago's and pentic's records
records = {}
for key in ("pentago_finished", "pentic_finished", "pentup_computers_finished"):
    rec = requests.get(f"{BASE}/api/tables/{manifest[key]['id']}/record")
    assert rec.status_code == 200, rec.text
    records[key] = rec.json()
    r = requests.post(f"{BASE}/api/records", data=json.dumps(rec.json()),
                      headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    manifest[f"imported_{key}"] = {"id": r.json()["id"], "tokens": {}, "invites": {},
                                   "moves": len(rec.json()["moves"])}

# 18. Play again, a kept analysis and a seat's name, where the release has them
pf = manifest["pentago_finished"]
r = requests.post(f"{BASE}/api/tables/{pf['id']}/again", json={"token": pf["tokens"]["0"]})
if r.status_code == 201:
    again = r.json()
    manifest["played_again"] = {"id": again["id"], "follows": pf["id"], "invites": {},
                                "tokens": {str(again["you"]["seat"]): again["you"]["token"]},
                                "moves": 0}
    pt = manifest["pentic_finished"]
    for _ in range(300):
        r = requests.get(f"{BASE}/api/tables/{pt['id']}/analysis")
        if r.status_code == 200:
            pt["analysis"] = True
            break
        time.sleep(1)
    p2 = manifest["pentup_two_people"]
    requests.post(f"{BASE}/api/tables/{p2['id']}/name",
                  json={"token": p2["tokens"]["1"], "name": "Robert"}).raise_for_status()

listing = requests.get(f"{BASE}/api/tables", params={"idle": True, "limit": 500}).json()
assert listing["tables"], listing
manifest["_listing"] = {t["id"]: [t["status"], t["moves"]] for t in listing["tables"]}
manifest["_records"] = records
json.dump(manifest, open(sys.argv[2], "w"), indent=1, sort_keys=True)
print(json.dumps({k: (v.get("moves"), v.get("winners")) for k, v in manifest.items()
                  if not k.startswith("_")}, indent=0))
