"""The widgets the screens are built from."""
