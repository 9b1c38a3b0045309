"""The games.  Importing this package registers every game with the core registry."""

from . import pentup  # noqa: F401  (registers "pentup")
