"""``monastic serve``: run the game server until stopped."""

from __future__ import annotations

import argparse
import logging
from typing import Any

import uvicorn

from monastic.server.app import create_app
from monastic.server.config import ServerConfig, database_url

__all__ = ["add_serve_parser", "run_serve"]

WS_MAX_BYTES = 1 << 20  # longer frames close the connection; up to it a clear error answers


def add_serve_parser(sub: Any) -> None:
    parser = sub.add_parser("serve", help="run the game server for browsers and other clients")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--db",
        default=None,
        help="database: a SQLite file path, sqlite:///PATH or postgresql://... "
        "(default: a SQLite file in your data folder)",
    )
    parser.add_argument("--bot-workers", type=int, default=2, help="bot worker processes")
    parser.add_argument(
        "--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves"
    )
    parser.add_argument(
        "--stalled-after",
        type=float,
        default=45.0,
        help="seconds a running table may wait on a bot or a run-out clock before this process"
        " takes it over (when several processes share a database and one has died)",
    )
    parser.add_argument(
        "--analysis-bot",
        default="ismcts:iterations=200",
        help="the search behind 'analyse this game' on finished tables (an ismcts spec;"
        " levels become iteration budgets, so an analysis repeats)",
    )
    parser.add_argument("--quiet", action="store_true", help="no request log")
    parser.add_argument(
        "--allow-seed",
        action="store_true",
        help="let table requests fix the seed (reproducible tests; never on a public server)",
    )


def run_serve(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be 1..65535, not {args.port}")
    if args.bot_workers < 1:
        raise ValueError("--bot-workers must be at least 1")
    if args.bot_delay < 0:
        raise ValueError("--bot-delay cannot be negative")
    if not args.stalled_after > 0:
        raise ValueError("--stalled-after must be a positive number of seconds")
    from monastic.lab.analysis import analysis_spec

    analysis_bot = analysis_spec(args.analysis_bot)  # ValueError names what is wrong
    url = database_url(args.db)
    config = ServerConfig(
        db_url=url,
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        allow_seed=args.allow_seed,
        stalled_after=args.stalled_after,
        analysis_bot=analysis_bot,
    )
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    where = url.split("@")[-1] if url.startswith("postgresql") else url.removeprefix("sqlite:///")
    print(f"monastic server: open http://{shown}:{args.port}/  (storage: {where})", flush=True)
    uvicorn.run(
        create_app(config),
        host=args.host,
        port=args.port,
        ws_max_size=WS_MAX_BYTES,
        # Compressing every frame costs more time than it saves on a local network, and
        # the latency of a move is what players feel.
        ws_per_message_deflate=False,
        log_level="warning" if args.quiet else "info",
        access_log=not args.quiet,
    )
    return 0
