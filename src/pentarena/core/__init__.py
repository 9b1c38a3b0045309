"""Game-agnostic building blocks: pieces, bitboards, the game protocol, errors."""
