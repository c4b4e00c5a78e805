"""The expert level's evaluation weights (``destijl.bots.evaluation``), made by
``build_scripts/train_eval.py`` (the command per player count below); do not edit.
"""

WEIGHTS: dict[int, dict[str, float]] = {
    2: {  # python3 build_scripts/train_eval.py --players 2 --games 400 --seed 1 --write
        "margin": 0.9145,
        "bonus": -0.4393,
        "closed": 0.1083,
        "largest": 0.2242,
        "margin_left": -0.9217,
        "bonus_left": 0.1324,
        "closed_left": 0.3671,
        "largest_left": -0.1473,
        "constant": 0.0,
    },
    3: {  # python3 build_scripts/train_eval.py --players 3 --games 20 --seed 1 --write (placeholder)
        "margin": 0.4337,
        "bonus": -0.0653,
        "closed": -0.1218,
        "largest": 0.1238,
        "margin_left": -0.7483,
        "bonus_left": 0.2729,
        "closed_left": -0.4461,
        "largest_left": -0.3406,
    },
    4: {  # python3 build_scripts/train_eval.py --players 4 --games 20 --seed 1 --write (placeholder)
        "margin": 0.8964,
        "bonus": -0.2113,
        "closed": 0.0382,
        "largest": 0.11,
        "margin_left": -1.0511,
        "bonus_left": 0.141,
        "closed_left": -0.0591,
        "largest_left": 0.042,
    },
    5: {  # python3 build_scripts/train_eval.py --players 5 --games 20 --seed 1 --write (placeholder)
        "margin": 0.9119,
        "bonus": 0.0093,
        "closed": -0.0187,
        "largest": -0.0381,
        "margin_left": -1.0193,
        "bonus_left": 0.0349,
        "closed_left": -0.0916,
        "largest_left": -0.0369,
    },
}
