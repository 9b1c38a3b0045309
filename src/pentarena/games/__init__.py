"""The games.  Importing this package registers every game with the core registry."""

from . import pentago, pentic, pentomino, pentup  # noqa: F401  (each registers its game)
