"""« 6 qui surprend ! »: the special-cards variant of 6 qui prend ! (RULES §3), built on the
classic engine through its hooks (`Table.capacity`, `Table.is_open`): `round` (the table and the
turn flow), `moves` (each special card and its legality), `state` (two rounds, the protocol),
`bots`, `scenario` and `replay` (the JSON format and its steps), `draw` (SVG of the cards).
"""
