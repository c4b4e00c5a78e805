"""Games on a Dask distributed cluster: ``--cluster ADDRESS`` or ``--cluster local``.

``tournament`` and ``ladder`` play their games with one function (``tournament.play_game``)
and one of three executors (``tournament.play_all``): this process, a pool of local
processes (``--jobs``), or the workers of a Dask cluster (here). Every game is seeded by
its own spec, and the results come back in the order of the specs, so a run on a cluster
gives the ``--jobs 1`` report but for the times. A person's bot file travels inside the
specs as source text, so no worker reads it from a disk.

Dask is an optional extra (``pip install 'destijl[cluster]'``, docs/cluster.md), imported
only when a cluster is asked for; this module is native only (build_scripts/pystdlib.py
leaves it out of the browser's zip). Every worker needs the same engine: each game first
compares the worker's ``engine_fingerprint`` with this machine's.

>>> check_options(None, 4), check_options("local", 2)
(None, None)
>>> check_options("tcp://10.0.0.5:8786", 2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
destijl.errors.DeStijlError: --jobs counts local processes; with --cluster ADDRESS ...
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import platform
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .errors import DeStijlError

LOCAL = "local"  # --cluster local: start a cluster on this machine for the run
CONNECT_SECONDS = 20  # to reach the scheduler, and for it to have a worker
INSTALL = "pip install 'destijl[cluster]'"

Item = TypeVar("Item")
Result = TypeVar("Result")


def add_argument(parser: Any) -> None:
    """Add ``--cluster`` to a command's parser."""
    parser.add_argument("--cluster", default=None, metavar="ADDRESS",
                        help="play the games on a Dask cluster: its scheduler "
                        "(tcp://HOST:8786), or 'local' for one of --jobs workers started "
                        f"for the run (needs {INSTALL}; docs/cluster.md)")


def check_options(cluster: str | None, jobs: int | None) -> None:
    """Refuse ``--jobs`` with a cluster address: the cluster decides how many play."""
    if cluster is not None and cluster != LOCAL and jobs is not None:
        raise DeStijlError("--jobs counts local processes; with --cluster ADDRESS the "
                           "cluster's workers play the games")


@functools.cache
def engine_fingerprint() -> str:
    """A digest of the engine package's sources (its ``.py`` files, by path).

    Two machines with the same fingerprint play the same games for the same specs.
    """
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def checked(item: Item, function: Callable[[Item], Result], expected: str) -> Result:
    """``function(item)`` on a worker whose engine is this machine's (``expected``).

    >>> checked(3, abs, engine_fingerprint())
    3
    >>> checked(3, abs, "0" * 16)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    destijl.errors.DeStijlError: the worker ... has another destijl (engine ...
    """
    here = engine_fingerprint()
    if here != expected:
        raise DeStijlError(f"the worker {_host()} has another destijl (engine {here}, this "
                           f"machine's {expected}): install the same version on every worker")
    return function(item)


def _host() -> str:
    return f"{platform.node()}:{os.getpid()}"


def map_on_cluster(address: str, function: Callable[[Item], Result], items: Sequence[Item],
                   workers: int | None = None, done: Callable[[int], None] | None = None,
                   progress: bool = False) -> list[Result]:
    """``[function(item) for item in items]``, computed on the cluster at ``address``
    (``local``: a cluster of ``workers`` processes, one thread each, for this call).

    ``done(count)`` is called as each result arrives, in any order; the list is in the
    order of ``items``. The first error of a game is raised here, and the rest cancelled.
    """
    distributed = _import()
    expected = engine_fingerprint()
    with _client(distributed, address, workers) as client:
        if progress:
            count = len(client.scheduler_info().get("workers", {}))
            print(f"  cluster {address}: {count} workers", file=sys.stderr)
        futures = client.map(checked, items, function=function, expected=expected, pure=False)
        position = {future.key: index for index, future in enumerate(futures)}
        results: list[Any] = [None] * len(futures)
        for count, future in enumerate(distributed.as_completed(futures), 1):
            try:
                results[position[future.key]] = future.result()
            except ModuleNotFoundError as error:
                raise DeStijlError(f"--cluster: a worker cannot run the games ({error}): "
                                   f"{INSTALL} on every worker") from None
            if done is not None:
                done(count)
    return results


def _import() -> Any:
    """``dask.distributed``, or a ``DeStijlError`` saying how to install it."""
    try:
        import dask.distributed
    except ImportError as error:
        raise DeStijlError(f"--cluster needs Dask ({error}): {INSTALL}") from None
    return dask.distributed


@contextlib.contextmanager
def _client(distributed: Any, address: str, workers: int | None) -> Iterator[Any]:
    """A client of a new local cluster, or of the scheduler at ``address``, with a worker."""
    with contextlib.ExitStack() as stack:
        if address == LOCAL:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                processes=True, dashboard_address=None))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(
                    distributed.Client(address, timeout=CONNECT_SECONDS))
            except (OSError, ValueError, TypeError) as error:
                raise DeStijlError(f"--cluster: cannot reach a Dask scheduler at {address!r} "
                                   f"({error})") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise DeStijlError(f"--cluster: the scheduler at {address} has no worker after "
                               f"{CONNECT_SECONDS} s (start some: dask worker {address} "
                               "--nthreads 1)") from None
        try:
            client.run(engine_fingerprint)  # a worker without destijl fails here, not later
        except Exception as error:  # Dask re-raises a worker's ImportError as Exception
            raise DeStijlError(f"--cluster: a worker cannot run the games ({error}): "
                               f"{INSTALL} on every worker") from None
        yield client
