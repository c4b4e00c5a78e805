"""The expert level's evaluation weights (``destijl.bots.evaluation``), made by
``build_scripts/research/train_eval.py`` (the command per player count below); do not edit.
"""

WEIGHTS: dict[int, dict[str, float]] = {
    2: {  # python3 build_scripts/research/train_eval.py --players 2 --games 400 --seed 1 --write
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
    3: {  # python3 build_scripts/research/train_eval.py --players 3 --games 150 --seed 1 --write
        "margin": 0.6172,
        "bonus": -0.2738,
        "closed": -0.0812,
        "largest": 0.1782,
        "margin_left": -0.8802,
        "bonus_left": 0.3098,
        "closed_left": 0.2774,
        "largest_left": -0.2326,
        "constant": -0.8037,
    },
    4: {  # python3 build_scripts/research/train_eval.py --players 4 --games 150 --seed 1 --write
        "margin": 0.4974,
        "bonus": -0.0727,
        "closed": 0.0625,
        "largest": 0.0713,
        "margin_left": -0.8185,
        "bonus_left": 0.2144,
        "closed_left": 0.0135,
        "largest_left": -0.1354,
        "constant": -1.1656,
    },
    5: {  # python3 build_scripts/research/train_eval.py --players 5 --games 150 --seed 1 --write
        "margin": 0.5717,
        "bonus": -0.0719,
        "closed": 0.0209,
        "largest": 0.0565,
        "margin_left": -0.6741,
        "bonus_left": -0.0658,
        "closed_left": -0.2606,
        "largest_left": -0.0642,
        "constant": -1.4651,
    },
}
