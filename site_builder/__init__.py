"""content/ → _site/: the static guide, checked by the engine before anything is written.

One arrow per module, nothing flows backwards:
    content.py       pages and their front matter (content/README.md documents the syntax)
    markdown_ext.py  Markdown → HTML: fenced blocks (asks blocks/), boxes, typography (from
                     game/messages), links, ids
    blocks/          the fenced-block registry and its handlers: classic.py (```exemple, special
                     cards), junior.py (```junior-…), tables.py (```rangees, drawings); lines.py
                     reads `key: value` lines, markup.py fills templates/blocks/
    render.py        Jinja2 templates (templates/) → the text of every file, in memory
    assets.py        writes it all to a temp folder, static/ and browser assets too, then swaps
    commands/        `python -m site_builder build|serve`; build.py reads as the recipe
    problems.py      author errors as `path:line: message`
"""
