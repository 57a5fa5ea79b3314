"""The analysis worker: a pool whose worker dies is replaced and the analysis tried again;
when it fails for good, the next request hears why, once, and the one after starts afresh.

A worker is ended as the kernel's out-of-memory killer would end it: at once, with no word.
"""

from __future__ import annotations

import asyncio
import functools
import os
from pathlib import Path

import pytest

from monastic.engine import Record
from monastic.server.analyses import Analyses

RECORD = Record("medieval-monastery", 2, 7, {}, [], ["Ann", "Bob"])


def _page_after_one_death(marker: str, record_json: str, spec: str, seed: int) -> str:
    if not Path(marker).exists():
        Path(marker).write_text("died once")
        os._exit(1)
    return f"<p>{Record.from_data(record_json).names} by {spec}</p>"


def _always_dies(record_json: str, spec: str, seed: int) -> str:
    os._exit(1)


def _raises(record_json: str, spec: str, seed: int) -> str:
    raise ValueError("a bug in the analysis")


def _run(analyses: Analyses, table: str) -> str | None:
    async def go() -> str | None:
        try:
            return await analyses.start(table, RECORD)
        finally:
            analyses.close()

    return asyncio.run(go())


def test_a_worker_that_dies_is_replaced_and_the_analysis_done(tmp_path: Path) -> None:
    work = functools.partial(_page_after_one_death, str(tmp_path / "marker"))
    analyses = Analyses("ismcts:iterations=8", work=work)
    page = _run(analyses, "t1")
    assert page == "<p>['Ann', 'Bob'] by ismcts:iterations=8</p>"
    assert (tmp_path / "marker").exists()  # the first worker did die
    assert analyses.ready("t1") == page
    assert analyses.failure("t1") is None and not analyses.running("t1")


def test_an_analysis_that_fails_for_good_is_told_once() -> None:
    analyses = Analyses("ismcts:iterations=8", work=_always_dies)
    assert _run(analyses, "t2") is None
    assert analyses.ready("t2") is None and not analyses.running("t2")
    assert analyses.failure("t2") == "its worker process stopped before it was done, twice"
    assert analyses.failure("t2") is None  # told once: the next request starts it anew


def test_an_error_in_the_analysis_is_told_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    analyses = Analyses("ismcts:iterations=8", work=_raises)
    assert _run(analyses, "t3") is None
    assert analyses.failure("t3") == "it raised an error (the server's log has it)"
    assert "a bug in the analysis" in caplog.text
