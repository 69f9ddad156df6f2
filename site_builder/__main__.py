"""`python -m site_builder build|serve`."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .commands.build import CONTENT, OUT, ROOT, build
from .browser_assets import BrowserAssetsError
from .problems import AuthorErrors
from .target import TargetRefused, check_target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder",
                                     description="Build the guide from content/ into _site/.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("build", "build the site once"),
                            ("serve", "build, serve on localhost and rebuild on change")):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("--content", type=Path, default=CONTENT,
                             help="content folder (default: content/)")
        command.add_argument("--out", type=Path, default=OUT, help="output folder (default: _site/)")
        command.add_argument("--base-url", default=None,
                             help="absolute path the site is served from, for 404.html "
                                  "(e.g. /depot/); without it 404.html links relatively")
        command.add_argument("--site-url", default=None,
                             help="absolute URL of the site root (e.g. https://x.github.io/depot/); "
                                  "sitemap.xml is written only when given")
        command.add_argument("--pages-only", action="store_true",
                             help="leave out the in-browser engine (Pyodide copy, engine archive, "
                                  "snapshot): a quick preview of the pages, which read fully without it")
    commands.choices["serve"].add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    options = {"content_dir": args.content, "base_url": args.base_url, "site_url": args.site_url}
    if args.pages_only:
        options["browser_assets"] = False

    try:
        check_target(args.out, content_dir=args.content, root=ROOT)
    except TargetRefused as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 2
    if args.command == "serve":
        from .commands.serve import serve
        serve(port=args.port, out_dir=args.out, **options)
        return 0

    started = time.perf_counter()
    try:
        files = build(out_dir=args.out, **options)
    except AuthorErrors as errors:
        print(errors, file=sys.stderr)
        print(f"build failed: {len(errors.problems)} error(s); nothing written", file=sys.stderr)
        return 2
    except (TargetRefused, BrowserAssetsError) as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 2
    print(f"built {len(files)} files into {args.out} in {time.perf_counter() - started:.2f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
