"""The scoring core's incremental form, shared by the engine's preview and the bots.

``destijl.scoring`` holds the rules (strokes, stroke points, the bonus rule
``award_bonuses``, winners) and scores a whole Painting. This package keeps a Painting's
strokes as counts so a placement can be scored without a recount:

- ``board.Board``: packed cells, each cell's stroke, stroke sizes per colour;
- ``delta.outcome``: the strokes a placement removes and adds;
- ``scorer.Scorer``: every seat's total after such a change, by the same rules (the bonus
  rule is ``scoring.award_bonuses`` itself).

``tests/engine/test_delta.py`` checks it against the full recount.
"""
