"""``monastic bench-server``: load figures of the server (being written)."""

from __future__ import annotations

import argparse
from typing import Any

from monastic.cli.common import CliError

__all__ = ["add_bench_server_parser", "run_bench_server"]


def add_bench_server_parser(sub: Any) -> None:
    sub.add_parser("bench-server", help="load figures of the game server")


def run_bench_server(args: argparse.Namespace) -> int:
    raise CliError("bench-server is not written yet")
