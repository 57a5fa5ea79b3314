"""matplotlib plots as PNG bytes (the Agg backend: no display needed)."""

from __future__ import annotations

import importlib
import io
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["MATPLOTLIB_HINT", "bars", "histograms", "lines", "pyplot"]

MATPLOTLIB_HINT = "matplotlib is not installed; install the lab extra: pip install 'monastic[lab]'"


def pyplot() -> ModuleType:
    """``matplotlib.pyplot`` on the Agg backend, or RuntimeError with the install hint."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise RuntimeError(MATPLOTLIB_HINT) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _png(fig: Any) -> bytes:
    plt = pyplot()
    buffer = io.BytesIO()
    fig.tight_layout()
    # No timestamp in the file: the same figures give the same bytes.
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


def bars(
    labels: Sequence[str],
    values: Sequence[float],
    title: str,
    ylabel: str,
    errors: Sequence[tuple[float, float]] | None = None,
    reference: float | None = None,
    horizontal: bool = False,
) -> bytes:
    """A bar chart; ``errors`` are (low, high) interval ends, ``reference`` a dashed line."""
    plt = pyplot()
    height = max(3.2, 0.28 * len(labels) + 1.2) if horizontal else 3.6
    fig, ax = plt.subplots(figsize=(7.0, height))
    positions = list(range(len(labels)))
    yerr = None
    if errors is not None:
        yerr = [
            [max(0.0, v - lo) for v, (lo, _) in zip(values, errors, strict=True)],
            [max(0.0, hi - v) for v, (_, hi) in zip(values, errors, strict=True)],
        ]
    if horizontal:
        ax.barh(positions, values, xerr=yerr, color="#8c6d46", capsize=3)
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
        ax.set_xlabel(ylabel)
        if reference is not None:
            ax.axvline(reference, color="#444", linestyle="--", linewidth=1)
    else:
        ax.bar(positions, values, yerr=yerr, color="#8c6d46", capsize=4)
        ax.set_xticks(positions, labels)
        ax.set_ylabel(ylabel)
        if reference is not None:
            ax.axhline(reference, color="#444", linestyle="--", linewidth=1)
    ax.set_title(title)
    return _png(fig)


def histograms(
    series: Mapping[str, Sequence[float]], title: str, xlabel: str, bins: int = 30
) -> bytes:
    """Overlaid step histograms, one per named series."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.0, 3.6))
    everything = [v for values in series.values() for v in values]
    if everything:
        low, high = min(everything), max(everything)
        edges = bins if high > low else 1
        for name, values in series.items():
            ax.hist(
                values,
                bins=edges,
                range=(low, high + (0 if high > low else 1)),
                histtype="step",
                linewidth=1.4,
                label=name,
            )
        if len(series) > 1:
            ax.legend(fontsize="small")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    return _png(fig)


def lines(
    series: Mapping[str, tuple[Sequence[float], Sequence[float]]],
    title: str,
    xlabel: str,
    ylabel: str,
    ylim: tuple[float, float] | None = None,
) -> bytes:
    """One line per named series of (x values, y values)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8.0, 3.8))
    for name, (xs, ys) in series.items():
        ax.plot(xs, ys, marker=".", linewidth=1.2, label=name)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize="small")
    return _png(fig)
