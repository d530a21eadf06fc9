"""The terminal app (Textual): keep the score at the table. Start it with ``scorekeeper``."""
