"""Abilities by generic pattern: information, protection, poison, kill, character change, vote
and execution effects, Travellers. ``registry`` maps each waking character to its handler."""
