"""Test-wide settings: under CI, hypothesis explores a fixed set of examples (derandomised), so a
landing never depends on chance; locally it keeps exploring new ones."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
