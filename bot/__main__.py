"""`python -m bot` runs the bot, like `ravenswood run`."""

import sys

from bot.cli import main

sys.exit(main(["run", *sys.argv[1:]]))
