"""``monastic serve`` and ``monastic bench-server``: the parsers here, the work in
``monastic.server`` (imported only when asked, as it needs the optional ``server`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from monastic.cli.common import CliError

__all__ = ["add_server_parsers", "run_server_command"]

_MISSING = "the server needs its extra packages: pip install 'monastic[server]'"


def add_server_parsers(sub: Any) -> None:
    try:
        from monastic.server.bench import add_bench_server_parser
        from monastic.server.serve import add_serve_parser
    except ImportError:
        sub.add_parser("serve", help="run the game server (needs monastic[server])")
        sub.add_parser("bench-server", help="load figures of the server (needs monastic[server])")
        return
    add_serve_parser(sub)
    add_bench_server_parser(sub)


def run_server_command(args: argparse.Namespace) -> int:
    try:
        from monastic.server.bench import run_bench_server
        from monastic.server.serve import run_serve
    except ImportError as err:
        raise CliError(f"{_MISSING} ({err})") from None
    if args.command == "serve":
        return run_serve(args)
    return run_bench_server(args)
