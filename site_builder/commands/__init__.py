"""The `build` and `serve` commands of `python -m site_builder`."""
