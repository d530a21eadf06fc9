"""scorekeeper: score keeping for trick-taking card games."""
__version__ = "0.1.0"
