"""Ravenswood's Discord shell: the only code that knows Discord or SQLite."""
