"""Mutation testing of the rules engine: `make mutation` (docs/testing.md explains it).

Plants one small bug at a time (mutmut 3) in the rule modules and runs the engine tests
plus the doctests against each; a mutant is *killed* when some test fails (or times out),
and *survives* when every test passes anyway.

mutmut expects the code in ``src/`` and imports it by its package name, while this repo
keeps it in ``pysrc/`` with ``pythonpath = ["pysrc", ...]`` in the pytest settings. So the
run happens in a staging copy, ``build/mutation/``: ``src/destijl`` (the engine),
``tests/`` (tests/engine and tests/helpers.py), ``docs/`` (some tests read it) and a
small pyproject.toml of its own.

Per-test coverage: mutmut first runs the suite once and records which tests call each
function; a mutant then runs only those tests, fastest first, stopping at the first
failure. The tests in ``SKIPPED_FILES`` and ``SKIPPED_TESTS`` are left out (see
docs/testing.md, "The fast subset").

Prints the score per module and every survivor with its diff; exits 1 if the score is
under ``TARGET`` or a survivor is not listed as equivalent in docs/testing.md.

    python build_scripts/dev/mutation.py [--max-children 2] [--keep] [--ref COMMIT]
                                     [mutant names...]
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STAGE = REPO / "build" / "mutation"
MUTMUT = Path(sys.executable).parent / "mutmut"
DOC = REPO / "docs" / "testing.md"
MODULES = ("scoring", "painting", "game", "record", "move", "cards")
TARGET = 95.0
# Left out of the mutation runs (docs/testing.md, "The fast subset"). Under mutmut every
# call into a mutated module goes through a trampoline, which makes these 5 to 10 times
# slower than in `make test`, and a surviving mutant runs every test that covers it.
SKIPPED_FILES = (
    "test_cli.py",  # runs `python -m destijl` in a subprocess: the installed engine, no mutant
    "test_bots.py", "test_evaluation.py", "test_delta.py", "test_preview.py",  # bots, previews
    "test_cluster.py",  # games on Dask worker processes: the executors, not the rules
)
SKIPPED_TESTS = (
    "test_seeded_random_games",  # 400 whole games
    "test_property_random_games",  # 40 more; the targeted tests name each rule instead
    "test_any_command_with_any_arguments",  # hostile-input fuzzers of the API (issue 11):
    "test_hostile_arguments_next_to_a_real_record",  # about the API's armour, not the rules
    "test_a_real_record_with_one_hostile_value_anywhere",
)
KILLED = {"killed", "timeout"}
# Some mutants loop while allocating (a stroke finder that never marks a cell seen): they
# took 13 GB within minutes. Each test run may use this much address space, so such a
# mutant dies of MemoryError (killed) instead of starving the machine.
MEMORY_LIMIT = 3 * 2**30

PYPROJECT = f"""\
[tool.mutmut]
source_paths = ["src/destijl"]
also_copy = ["docs", "web"]
only_mutate = {json.dumps([f"src/destijl/{name}.py" for name in MODULES])}
pytest_add_cli_args_test_selection = {json.dumps(
    ["tests/engine", *(f"src/destijl/{name}.py" for name in MODULES),
     "-k", " and ".join(f"not {name}" for name in SKIPPED_TESTS),
     *(f"--ignore=tests/engine/{name}" for name in SKIPPED_FILES)])}
pytest_add_cli_args = ["-p", "no:cacheprovider"]
use_git_change_detection = false

[tool.pytest.ini_options]
pythonpath = ["tests"]
addopts = "--doctest-modules"
"""


IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc")


def copy_tests() -> None:
    """tests/engine and tests/helpers.py of the working tree into the staging copy."""
    shutil.copytree(REPO / "tests" / "engine", STAGE / "tests" / "engine", ignore=IGNORE,
                    dirs_exist_ok=True)
    shutil.copy2(REPO / "tests" / "helpers.py", STAGE / "tests" / "helpers.py")


def stage(ref: str | None) -> None:
    """A fresh staging copy: src/destijl, tests/engine and helpers, docs, pyproject.toml.

    They come from the working tree, or from the git commit ``ref``.
    """
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    if ref is None:
        shutil.copytree(REPO / "pysrc" / "destijl", STAGE / "src" / "destijl", ignore=IGNORE)
        copy_tests()
        shutil.copytree(REPO / "docs", STAGE / "docs")
    else:
        archive = subprocess.run(["git", "archive", ref, "pysrc/destijl", "tests/engine",
                                  "tests/helpers.py", "docs"], cwd=REPO, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(STAGE)], input=archive, check=True)
        (STAGE / "pysrc").rename(STAGE / "src")
    (STAGE / "pyproject.toml").write_text(PYPROJECT)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def mutmut(*args: str, capture: bool = False) -> str:
    """Run ``mutmut ARGS`` in the staging copy, each process within ``MEMORY_LIMIT``."""
    done = subprocess.run([str(MUTMUT), *args], cwd=STAGE, check=not capture, text=True,
                          capture_output=capture, preexec_fn=_limit_memory)
    return done.stdout


def statuses() -> dict[str, str]:
    """Mutant name -> status (killed, survived, timeout, no tests, ...)."""
    found = {}
    for line in mutmut("results", "--all", "true", capture=True).splitlines():
        name, _, status = line.strip().rpartition(": ")
        if "__mutmut_" in name:
            found[name] = status
    return found


def equivalent_names() -> set[str]:
    """Mutant names listed as equivalent in docs/testing.md (a `name` per table row)."""
    if not DOC.exists():
        return set()
    return set(re.findall(r"`(destijl\.[\w.ǁ]+__mutmut_\d+)`", DOC.read_text()))


def report(found: dict[str, str]) -> int:
    """Print the score table and the survivors; the exit status of the run.

    The score counts the mutants tested; ``not checked`` ones (an interrupted run) are
    counted apart, and make the run fail.
    """
    tested = {name: status for name, status in found.items() if status != "not checked"}
    print(f"\n{'module':<10} {'mutants':>8} {'tested':>7} {'killed':>7} {'survived':>9} "
          f"{'score':>7}")
    rows: dict[str, Counter] = {}
    for name, status in found.items():
        row = rows.setdefault(name.split(".")[1], Counter())
        row["mutants"] += 1
        row["tested"] += status != "not checked"
        row["killed"] += status in KILLED
    rows["all"] = sum(rows.values(), Counter())
    for module, row in sorted(rows.items(), key=lambda item: item[0] == "all"):
        score = 100 * row["killed"] / row["tested"] if row["tested"] else 0.0
        print(f"{module:<10} {row['mutants']:>8} {row['tested']:>7} {row['killed']:>7} "
              f"{row['tested'] - row['killed']:>9} {score:>6.1f}%")
    print("statuses other than killed:",
          dict(Counter(s for s in found.values() if s != "killed")) or "none")
    survivors = sorted(name for name, status in tested.items() if status not in KILLED)
    listed = equivalent_names()
    unexplained = [name for name in survivors if name not in listed]
    for name in survivors:
        tag = "equivalent (docs/testing.md)" if name in listed else "NOT EXPLAINED"
        print(f"\n--- {name}: {found[name]}, {tag}")
        print(mutmut("show", name, capture=True).rstrip())
    score = 100 * rows["all"]["killed"] / len(tested) if tested else 0.0
    untested = len(found) - len(tested)
    print(f"\nscore {score:.1f}% of {len(tested)} mutants tested (target {TARGET}%), "
          f"{untested} not tested, {len(survivors)} survivors, {len(unexplained)} not listed "
          "as equivalent in docs/testing.md")
    return 0 if score >= TARGET and not unexplained and not untested else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-children", type=int, default=2, help="parallel test runs")
    parser.add_argument("--keep", action="store_true",
                        help="reuse build/mutation with fresh tests (to re-test named mutants)")
    parser.add_argument("--ref", metavar="COMMIT",
                        help="the engine and tests as committed in COMMIT, not the working tree")
    parser.add_argument("mutants", nargs="*", help="only these mutants (globs allowed)")
    args = parser.parse_args(argv)
    if not args.keep or not STAGE.exists():
        stage(args.ref)
    else:  # the engine stays as mutated; the tests are brought up to date
        copy_tests()
    mutmut("run", "--max-children", str(args.max_children), *args.mutants)
    return report(statuses())


if __name__ == "__main__":
    sys.exit(main())
