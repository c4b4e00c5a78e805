# A De Stijl bot. Each turn the game calls choose(view) and plays the move it returns.
# view holds what any player can see (never the hidden deck); docs/bots.md lists it all.
# Press Run to play it against a built-in level. Change it and see if it wins more!


def choose(view):
    # Every distinct placement, with every seat's total score after it.
    placements = view.placements()

    def lead(placement):
        totals = placement.totals
        mine = totals[view.seat]
        best_other = max(t for seat, t in enumerate(totals) if seat != view.seat)
        return mine - best_other  # how far ahead of the best other player I would be

    # The placement that puts me furthest ahead right now.
    return max(placements, key=lead).move
