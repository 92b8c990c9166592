#!/usr/bin/env python3
"""Re-derive pbem dice (docs/dice.md) with the Python 3 standard library only.

  verify_dice.py seed COMMITMENT_HEX I SEED_HEX
      check that SHA256 applied I times to the turn seed gives the commitment
  verify_dice.py log SEED_HEX GAME TURN DIGEST_HEX [SALT ...] < dice.log
      re-derive every die of a turn's dice log (salts in archive order)
"""
import hashlib, hmac, os, struct, sys
from urllib.parse import unquote_to_bytes

LABEL = ["phase", "battle", "round", "side", "unit", "die"]

def field(b):
    return struct.pack(">I", len(b)) + b

def roll(seed, game, turn, digest_hex, salts, label):
    parts = [b"pbem-dice-v1", game, turn] + [label[k] for k in LABEL] + [digest_hex] + salts
    msg = b"".join(field(p) for p in parts)
    block = 0
    while True:
        out = hmac.new(seed, msg + field(str(block).encode()), hashlib.sha256).digest()
        for b in out:
            if b < 252:
                return b % 6 + 1
        block += 1

def check_seed(commitment_hex, i, seed_hex):
    s = bytes.fromhex(seed_hex)
    for _ in range(i):
        s = hashlib.sha256(s).digest()
    return s == bytes.fromhex(commitment_hex)

def check_log(seed_hex, game, turn, digest_hex, salts, lines):
    ok, n = True, 0
    for num, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        kv = dict(t.split("=", 1) for t in line.split(" "))
        label = {k: b"" if kv[k] == "-" else unquote_to_bytes(kv[k]) for k in LABEL}
        got = roll(bytes.fromhex(seed_hex), game, turn, digest_hex.encode(), salts, label)
        n += 1
        if got != int(kv["roll"]):
            print(f"line {num}: log says {kv['roll']}, derived {got}")
            ok = False
    print(f"{n} dice, {'all match' if ok else 'MISMATCH'}")
    return ok

if __name__ == "__main__":
    a = sys.argv[1:]
    if a[:1] == ["seed"] and len(a) == 4:
        ok = check_seed(a[1], int(a[2]), a[3])
        print("seed ok" if ok else "seed does NOT match the commitment")
    elif a[:1] == ["log"] and len(a) >= 5:
        salts = [os.fsencode(s) for s in a[5:]]
        ok = check_log(a[1], os.fsencode(a[2]), os.fsencode(a[3]), a[4], salts, sys.stdin)
    else:
        sys.exit(__doc__)
    sys.exit(0 if ok else 1)
