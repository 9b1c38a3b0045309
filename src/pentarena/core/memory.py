"""How much memory this process may use: what the exact solvers check their tables
against before they allocate them (an allocation the system refuses would abort the
native core, not raise)."""

from __future__ import annotations

import os

try:
    import resource
except ImportError:  # not on every platform
    resource = None  # type: ignore[assignment]


def usable_bytes() -> int:
    """The machine's physical memory, or less where a limit on this process says so
    (``ulimit -v`` or ``-d``)."""
    try:
        usable = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        usable = 1 << 62
    if resource is not None:
        for limit in (resource.RLIMIT_AS, getattr(resource, "RLIMIT_DATA", None)):
            if limit is None:
                continue
            soft, _ = resource.getrlimit(limit)
            if soft != resource.RLIM_INFINITY:
                usable = min(usable, soft)
    return usable


def gigabytes(n: float) -> str:
    """``n`` bytes in GB, as the messages give them."""
    return f"{n / 1e9:.1f} GB" if n < 10e9 else f"{n / 1e9:,.0f} GB"
