# The medium level, written against the bot API: it plays exactly as the built-in medium.
# One look at every distinct placement, each scored exactly, and the best one played.


def choose(view):
    best = None
    for placement in view.placements():
        # view.value: my margin over the best other seat, plus a quarter of my lead over
        # the average other seat (so it also hurts the rest when it can).
        value = view.value(placement.totals)
        tie = view.random.random()  # equal values: a random one, from the seeded random
        if best is None or (value, -tie) > (best[0], -best[1]):
            best = (value, tie, placement.move)
    return best[2]
