"""``monastic bench-server``: load figures of the game server on loopback.

It starts a server (or uses ``--url``), keeps ``--tables`` tables playing at once for
``--seconds``, and reports the moves served per second and the move latency: from a move's
arrival at the server to the last broadcast of it written to a socket (the server measures
it; ``/api/metrics``), and the round trip a player sees (sent to own update received).

Every table has one seat played by a server bot (the fixed-budget ``random`` level, in the
worker pool) and its other seats played by this program over WebSockets, each choosing a
random legal action at once, plus one spectator connection; so the work measured is the
server's: checking, applying, storing and broadcasting moves. A finished table is replaced
by a new one. The loop is bounded in time and count, and touches only loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["BenchServerError", "add_bench_server_parser", "run_bench_server"]

MAX_TABLES = 500


class BenchServerError(ValueError):
    """A bad option or a server that would not start: the command line prints the message
    and exits with status 2."""


def add_bench_server_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "bench-server", help="load figures of the game server: moves/s and move latency"
    )
    parser.add_argument("--tables", type=int, default=50, help="tables playing at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds first")
    parser.add_argument("--game", default="monasterium", help="the game every table plays")
    parser.add_argument("--players", type=int, default=2, help="seats per table")
    parser.add_argument(
        "--db",
        default=None,
        help="database of the server started here: a SQLite path or postgresql://... "
        "(default: a new SQLite file in a temporary folder)",
    )
    parser.add_argument("--url", default=None, help="measure a running server instead")
    parser.add_argument("--bot-workers", type=int, default=2, help="bot workers of the server")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument(
        "--think",
        type=float,
        default=0.25,
        help="seconds each player and bot waits before it moves (0: as fast as possible,"
        " which measures the most the server can serve)",
    )


@dataclass
class _Figures:
    round_trips: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start_server(db: str, workers: int, think: float) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "monastic.cli", "serve", "--port", str(port), "--db", db]
    command += ["--bot-delay", str(think), "--bot-workers", str(workers), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = process.stderr.read().decode(errors="replace") if process.stderr else ""
            raise BenchServerError(f"the server did not start: {error[-500:]}")
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise BenchServerError("the server did not start within 60 s")


async def _seat(
    ws: ClientConnection, rng: random.Random, figures: _Figures, until: float, think: float
) -> None:
    """Play one seat: a random legal action as soon as it is asked, until the game ends."""
    sent_at: dict[int, float] = {}
    while True:
        message = json.loads(await ws.recv())
        kind = message["type"]
        if kind == "error":
            if message.get("code") == "stale":
                figures.refused += 1
                continue
            figures.errors.append(str(message.get("message")))
            return
        if kind not in ("snapshot", "update"):
            continue
        version = message["version"]
        if version in sent_at:
            figures.round_trips.append(time.perf_counter() - sent_at.pop(version))
        sent_at.clear()
        view = message["view"]
        if view["over"]:
            figures.games += 1
            return
        if view["decision"] and time.monotonic() < until:
            action = rng.choice(view["decision"]["actions"])
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            sent_at[version + 1] = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "version": version, "action": action}))
        elif time.monotonic() >= until:
            return


async def _watch(ws: ClientConnection) -> None:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] in ("snapshot", "update") and message["view"]["over"]:
            return


async def _table_loop(
    api: httpx.AsyncClient,
    ws_base: str,
    game: str,
    players: int,
    rng: random.Random,
    figures: _Figures,
    until: float,
    think: float,
) -> None:
    while time.monotonic() < until:
        seats = ["human"] * (players - 1) + ["random"]
        made = (
            await api.post(
                "/api/tables",
                json={"game": game, "players": players, "seats": seats, "name": "bench 0"},
            )
        ).json()
        if "table" not in made:
            raise BenchServerError(f"could not make a table: {made.get('error')}")
        tokens = [made["token"]]
        for seat in range(1, players - 1):
            joined = (
                await api.post(f"/api/tables/{made['table']}/join", json={"name": f"bench {seat}"})
            ).json()
            tokens.append(joined["token"])
        url = f"{ws_base}/ws/{made['table']}"
        async with connect(url, max_size=None) as watcher:
            await watcher.send(json.dumps({"type": "hello", "token": None}))
            clients = []
            for token in tokens:
                ws = await connect(url, max_size=None)
                await ws.send(json.dumps({"type": "hello", "token": token}))
                clients.append(ws)
            try:
                jobs = [
                    _seat(ws, random.Random(rng.random()), figures, until, think) for ws in clients
                ]
                watching = asyncio.ensure_future(_watch(watcher))
                await asyncio.gather(*jobs)
                watching.cancel()
            finally:
                for ws in clients:
                    await ws.close()


async def _bench(args: argparse.Namespace, url: str) -> dict[str, Any]:
    rng = random.Random(args.seed)
    figures = _Figures()
    ws_base = "ws" + url.removeprefix("http")
    limits = httpx.Limits(max_connections=args.tables * 2)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as api:
        started = time.monotonic()
        until = started + args.warmup + args.seconds
        loops = [
            asyncio.ensure_future(
                _table_loop(api, ws_base, args.game, args.players, rng, figures, until, args.think)
            )
            for _ in range(args.tables)
        ]
        await asyncio.sleep(args.warmup)
        await api.post("/api/metrics")  # forget the warm-up
        figures.round_trips.clear()
        measured_from = time.monotonic()
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        summary = (await api.get("/api/metrics")).json()
        wall = time.monotonic() - measured_from
        await asyncio.wait(loops, timeout=30)
        for loop in loops:
            loop.cancel()
            if loop.done() and not loop.cancelled() and loop.exception() is not None:
                figures.errors.append(repr(loop.exception()))
    trips = sorted(figures.round_trips)

    def at(share: float) -> float | None:
        return (
            round(1000 * trips[min(len(trips) - 1, int(share * len(trips)))], 2) if trips else None
        )

    return {
        "tables": args.tables,
        "game": args.game,
        "players": args.players,
        "think_s": args.think,
        "seconds": round(wall, 1),
        "moves": summary["moves"],
        "moves_per_second": round(summary["moves"] / wall, 1) if wall else None,
        "server_p50_ms": summary["p50_ms"],
        "server_p99_ms": summary["p99_ms"],
        "server_max_ms": summary["max_ms"],
        "round_trip_p50_ms": at(0.50),
        "round_trip_p99_ms": at(0.99),
        "games_finished": figures.games,
        "stale_refusals": figures.refused,
        "errors": figures.errors[:5],
    }


def run_bench_server(args: argparse.Namespace) -> int:
    if not 1 <= args.tables <= MAX_TABLES:
        raise BenchServerError(f"--tables must be 1..{MAX_TABLES}")
    if not 1 <= args.seconds <= 600 or not 0 <= args.warmup <= 60:
        raise BenchServerError("--seconds must be 1..600 and --warmup 0..60")
    if not 0 <= args.think <= 10:
        raise BenchServerError("--think must be 0..10 seconds")
    if args.players < 2:
        raise BenchServerError("--players must be at least 2 (one seat is the server's bot)")
    process = None
    folder = None
    url = args.url
    if url is None:
        db = args.db
        if db is None:
            folder = tempfile.TemporaryDirectory(prefix="monastic-bench-")
            db = str(Path(folder.name) / "bench.sqlite3")
        process, url = _start_server(db, args.bot_workers, args.think)
    try:
        where = "PostgreSQL" if (args.db or "").startswith("postgres") else "SQLite"
        if args.url:
            where = args.url
        print(
            f"bench-server: {args.tables} tables of {args.game} ({args.players} seats, one a"
            f" random bot), {args.warmup:g} s warm-up + {args.seconds:g} s on {where}...",
            flush=True,
        )
        figures = asyncio.run(_bench(args, url))
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        if folder is not None:
            folder.cleanup()
    for key, value in figures.items():
        print(f"  {key:>20}: {value}")
    return 1 if figures["errors"] else 0
