"""Bayesian team-skill ratings: the Clocktower IQ team probit model, fitted by full-batch EP
(exact for up to a few hundred players, on the factor graph beyond).

Each player has a skill s ~ N(0, 1); a team's skill is the mean of its players'; Good wins when
s_Good - s_Evil + beta + noise > 0 with a side bias beta ~ N(0, 1) and noise N(0, eps^2).
See docs/ratings.md for the model, the treatment of eps and what the evidence says.
"""

from stats.ratings.compare import Comparison
from stats.ratings.fit import RatingFit
from stats.ratings.io import games_to_csv, parse_games
from stats.ratings.records import GameRecord, validate_game
from stats.ratings.report import RatingsReport, fit_ratings, prob_better, ratings_report

__all__ = [
    "Comparison",
    "GameRecord",
    "RatingFit",
    "RatingsReport",
    "fit_ratings",
    "games_to_csv",
    "parse_games",
    "prob_better",
    "ratings_report",
    "validate_game",
]
