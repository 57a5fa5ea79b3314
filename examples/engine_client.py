"""A complete client of ``monastic engine --stdio``: a random player for every seat.

    python examples/engine_client.py medieval-monastery --players 3 --seed 7

It starts one engine process, sends one command per line and reads one JSON answer per
line, as a bot in any language would: ``new``, then ``to-act``/``moves``/``apply`` until
the game is over, then ``result``. Any program that can write and read lines can do the
same (see docs/cli.md, "monastic engine --stdio").
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from typing import IO, Any


def ask(engine: subprocess.Popen[str], command: str) -> dict[str, Any]:
    """Send one command and read its answer; stop on an error answer."""
    stdin: IO[str] | None = engine.stdin
    stdout: IO[str] | None = engine.stdout
    assert stdin is not None and stdout is not None
    stdin.write(command + "\n")
    stdin.flush()
    answer: dict[str, Any] = json.loads(stdout.readline())
    if not answer["ok"]:
        raise SystemExit(f"{command!r}: {answer['error']}")
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    engine = subprocess.Popen(
        [sys.executable, "-m", "monastic.cli", "engine", "--stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    chooser = random.Random(args.seed)
    options = " ".join(args.option)
    ask(engine, f"new {args.game} players={args.players} seed={args.seed} {options}")
    moves = 0
    while to_act := ask(engine, "to-act")["to_act"]:
        seat = chooser.choice(to_act)
        legal = ask(engine, f"moves {seat}")["moves"]
        ask(engine, f"apply {seat} {chooser.choice(legal)}")
        moves += 1
    result = ask(engine, "result")["result"]
    ask(engine, "help")
    assert engine.stdin is not None
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    print(json.dumps({"moves": moves, "scores": result["scores"], "winners": result["winners"]}))


if __name__ == "__main__":
    main()
