"""Data files shipped with the Clocktower package (read with importlib.resources)."""
