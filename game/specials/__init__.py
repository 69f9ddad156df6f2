"""« 6 qui surprend ! »: the special-cards variant of 6 qui prend ! (RULES §3).

Built on the classic engine through its hooks (`Table.capacity`, `Table.is_open`):
`table` (4 or 5 rows, markers, Stops), `moves` (each special card and its
legality), `round` (the turn flow), `play` (two rounds with a re-deal),
`bots`, `scenario` (JSON replay), `draw` (SVG of the special cards).
"""
