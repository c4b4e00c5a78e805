"""Doctests run over the engine package; its ``__main__`` would run the CLI, so skip it."""

collect_ignore = ["destijl/__main__.py"]
