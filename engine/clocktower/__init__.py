"""Blood on the Clocktower: the character catalogue, scripts, scoring, night order and bags.

The catalogue (``catalogue.py``, data in ``data/characters.json``) is the single source of truth
for characters; the rules engine builds on it.
"""
