"""« Carte haute »: a toy fourth variant that lives only in this folder (tests/game/test_toy_variant.py)."""
