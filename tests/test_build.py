"""The two builds: which one is under test, the version naming it, the guard against stale
compiled modules, and the switch that builds pure Python (``setup.py``)."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import monastic
from monastic import build_info

REPO = Path(__file__).resolve().parents[1]
INSTALLED = Path(monastic.__file__).resolve().parent
#: CI names the build it installed: "compiled" or "pure".
EXPECTED = os.environ.get("MONASTIC_EXPECT_BUILD")


def _is_extension(path: str | None) -> bool:
    return path is not None and any(path.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def _monastic_modules_loaded_compiled() -> set[str]:
    return {
        name
        for name, module in list(sys.modules.items())
        if name.startswith("monastic.") and _is_extension(getattr(module, "__file__", None))
    }


@pytest.mark.skipif(EXPECTED is None, reason="MONASTIC_EXPECT_BUILD names no build")
def test_the_expected_build_is_under_test() -> None:
    assert EXPECTED in ("compiled", "pure"), f"MONASTIC_EXPECT_BUILD={EXPECTED!r}"
    wanted = build_info.COMPILED if EXPECTED == "compiled" else build_info.PURE
    assert build_info.build_name() == wanted, f"{INSTALLED} holds the {build_info.build_name()}"
    if EXPECTED == "compiled":  # the installed package, not this checkout's src/
        assert not INSTALLED.is_relative_to(REPO / "src"), INSTALLED


def test_every_recorded_module_runs_compiled_and_nothing_else_does() -> None:
    recorded = build_info.compiled_sources()
    names = {path.removesuffix(".py").replace("/", ".") for path in recorded}
    names = {name.removesuffix(".__init__") for name in names}
    for name in sorted(names):
        importlib.import_module(name)
    compiled = _monastic_modules_loaded_compiled()
    assert compiled == names
    if build_info.build_name() == build_info.COMPILED:
        assert "monastic.games.monastery.rules.legal" in compiled
        assert "monastic.bots.ismcts_search" in compiled
    else:
        assert not recorded


def test_version_names_the_build() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "monastic.cli", "--version"],
        capture_output=True,
        text=True,
        check=True,
        cwd=INSTALLED.parent,  # the package under test, wherever it is installed
    )
    assert done.stdout.strip() == f"monastic {monastic.__version__} ({build_info.build_name()})"


def _copy_of_the_guard(root: Path) -> ModuleType:
    """``build_info`` loaded from a package of its own under ``root`` (the guard reads the
    files beside itself), with one source: ``engine/state.py``."""
    package = root / "monastic"
    (package / "engine").mkdir(parents=True)
    shutil.copy(Path(build_info.__file__), package / "build_info.py")
    (package / "engine" / "state.py").write_text("X = 1\n")
    spec = importlib.util.spec_from_file_location("guard_copy", package / "build_info.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record(package: Path, digest: str) -> None:
    sources = {"monastic/engine/state.py": digest}
    (package / build_info.RECORD).write_text(json.dumps({"build": "x", "sources": sources}))


def test_the_guard_passes_a_matching_build_and_a_pure_one(tmp_path: Path) -> None:
    guard = _copy_of_the_guard(tmp_path)
    guard.check()  # pure: no record, no compiled files
    assert guard.build_name() == build_info.PURE
    package = tmp_path / "monastic"
    digest = hashlib.sha256((package / "engine" / "state.py").read_bytes()).hexdigest()
    _record(package, digest)
    (package / "engine" / f"state{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    guard.check()
    assert guard.build_name() == build_info.COMPILED


def test_the_guard_refuses_a_source_changed_after_compiling(tmp_path: Path) -> None:
    guard = _copy_of_the_guard(tmp_path)
    package = tmp_path / "monastic"
    digest = hashlib.sha256((package / "engine" / "state.py").read_bytes()).hexdigest()
    _record(package, digest)
    (package / "engine" / "state.py").write_text("X = 2  # edited after the build\n")
    with pytest.raises(ImportError, match=r"state\.py changed after it was compiled"):
        guard.check()


def test_the_guard_refuses_compiled_files_without_a_record(tmp_path: Path) -> None:
    guard = _copy_of_the_guard(tmp_path)
    (tmp_path / "monastic" / "engine" / f"state{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    with pytest.raises(ImportError, match="compiled module without a build record"):
        guard.check()


def test_an_editable_checkout_holds_no_compiled_module() -> None:
    stray = [
        path
        for suffix in EXTENSION_SUFFIXES
        for path in (REPO / "src").rglob(f"*{suffix}")
        if "__pycache__" not in path.parts
    ]
    assert stray == []


def _setup_script() -> ModuleType:
    """The checkout's ``setup.py`` as a module (it calls setup() only when run as a script)."""
    spec = importlib.util.spec_from_file_location("monastic_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _without_switches() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("MONASTIC_PURE", "CC")}


def test_a_plain_build_compiles_and_the_switches_make_it_pure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What ``setup.py`` decides before it builds anything: compile, unless MONASTIC_PURE is
    set, the install is editable, or the C compiler is missing."""
    script = _setup_script()
    for name in ("MONASTIC_PURE", "CC"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    if script.missing_compiler() is not None:
        pytest.skip(f"no C compiler here ({script.missing_compiler()})")
    assert script.pure_reason() is None
    monkeypatch.setenv("MONASTIC_PURE", "0")
    assert script.pure_reason() is None
    monkeypatch.setenv("MONASTIC_PURE", "1")
    assert script.pure_reason() == "MONASTIC_PURE is set"
    monkeypatch.delenv("MONASTIC_PURE")
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel", "--dist-info-dir", "x"])
    assert script.pure_reason() == "an editable install is pure Python"
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    monkeypatch.setenv("CC", "/nonexistent/cc -O2")
    assert script.pure_reason() == "no C compiler: '/nonexistent/cc' is not installed"


def _source_copy(tmp_path: Path) -> Path:
    """A copy of the checkout, so its build/ and src/ are never touched."""
    source = tmp_path / "source"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__", ".*cache"),
    )
    return source


@pytest.mark.parametrize(
    ("switch", "said"),
    [
        ("MONASTIC_PURE=1", "pure Python (MONASTIC_PURE is set)"),
        ("CC=/nonexistent/cc", "pure Python (no C compiler: '/nonexistent/cc' is not installed)"),
    ],
)
def test_the_switch_or_a_missing_compiler_builds_a_pure_wheel(
    tmp_path: Path, switch: str, said: str
) -> None:
    """No mypyc, no compiler, a wheel for any platform, and the build says why."""
    source = _source_copy(tmp_path)
    name, value = switch.split("=")
    env = {**_without_switches(), name: value}
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), "."],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert f"monastic build: {said}" in done.stdout + done.stderr
    (wheel,) = tmp_path.glob("monastic-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "monastic/engine/state.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd", build_info.RECORD))]


def test_an_editable_install_runs_the_source_pure(tmp_path: Path) -> None:
    """``pip install -e`` without any switch: the source itself runs, nothing compiled."""
    source = _source_copy(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
    python = venv / "bin" / "python"
    done = subprocess.run(
        [python, "-m", "pip", "install", "--no-deps", "-q", "-e", "."],
        cwd=source,
        env=_without_switches(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    with (source / "src" / "monastic" / "engine" / "state.py").open("a") as edited:
        edited.write("EDITED = True\n")  # an edit after installing runs at once
    probe = (
        "import monastic, monastic.engine.state as s; from monastic import build_info;"
        " print(monastic.__file__, build_info.build_name(), s.EDITED)"
    )
    ran = subprocess.run(
        [python, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    where, build = ran.stdout.split(" ", 1)
    assert Path(where).is_relative_to(source / "src"), where
    assert build.strip() == f"{build_info.PURE} True"
    assert not [path for path in venv.rglob("monastic*") if _is_extension(str(path))]
