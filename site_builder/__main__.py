"""`python -m site_builder build|serve`.

A mistake in the arguments (an unknown option, a `--content` that is no content folder, an
`--out` the build may not replace, a `--base-url` or `--site-url` that is not a URL path) prints
one line `error: …` on stderr and exits 2, before anything is built or written. Author errors in
the content print `path:line: message` lines, then a summary, and exit 2. `--help` prints the usage.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from .browser_assets import BrowserAssetsError
from .commands import serve as serving
from .commands.build import CONTENT, OUT, ROOT, build
from .content import ContentRefused, check_content_dir
from .problems import AuthorErrors, shown
from .search import SearchIndexError
from .target import TargetRefused, check_target

SEGMENT = r"(?:[A-Za-z0-9_~-]|\.(?![./]|$)|%[0-9A-Fa-f]{2})+"
URL_PATH_RE = re.compile(rf"/?(?:{SEGMENT}/)*(?:{SEGMENT})?")
"""A URL path of plain segments (GitHub Pages: /<repository>/): no `.`/`..`, quote, space or `:`."""
HOST_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*")


class UsageError(Exception):
    """A bad command line; the message is one English line."""


class Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one `error: …` line (main prints it), not usage and exit."""

    def error(self, message):
        raise UsageError(message)


def port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise ValueError(text)
    return value


def parser() -> Parser:
    top = Parser(prog="python -m site_builder", description="Build the guide from content/ into _site/.")
    commands = top.add_subparsers(dest="command", required=True)
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
                                  "trimmed standard library) and the search index: a quick "
                                  "preview of the pages, which read fully without them")
    commands.choices["serve"].add_argument("--port", type=port, default=8000, help="0 to 65535")
    return top


def check_urls(base_url: str | None, site_url: str | None) -> None:
    """`--base-url` is a path (`/depot/`), `--site-url` an http(s) URL without query or fragment:
    both end up in links and in sitemap.xml, where anything else would make broken addresses."""
    if base_url is not None and not (base_url and URL_PATH_RE.fullmatch(base_url)):
        raise UsageError(f"--base-url {shown(base_url, 60)}: expected a path such as /depot/ (letters, "
                         f"digits, - _ . ~ or %XX between slashes)")
    if site_url is None:
        return
    try:
        parts = urlsplit(site_url)
        host_ok = parts.hostname is not None and HOST_RE.fullmatch(parts.hostname) is not None
        parts.port   # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        host_ok = False
    if not (host_ok and parts.scheme in ("http", "https") and "@" not in parts.netloc
            and not parts.query and not parts.fragment and "?" not in site_url and "#" not in site_url
            and (not parts.path or URL_PATH_RE.fullmatch(parts.path))):
        raise UsageError(f"--site-url {shown(site_url, 60)}: expected an http(s) address such as "
                         f"https://exemple.github.io/depot/")


def _refused(message) -> int:
    """A refused command line or build: one `error: …` line on stderr, exit status 2."""
    line = " ".join(str(message).split())[:500].encode("utf-8", "backslashreplace").decode()
    print(f"error: {line}", file=sys.stderr)
    return 2


def main(argv=None) -> int:
    try:
        args = parser().parse_args(argv)
        check_urls(args.base_url, args.site_url)
        check_content_dir(args.content)
        check_target(args.out, content_dir=args.content, root=ROOT)
    except SystemExit as done:   # --help printed its text
        return done.code if isinstance(done.code, int) else 0
    except (UsageError, ContentRefused, TargetRefused) as refused:
        return _refused(refused)
    options = {"content_dir": args.content, "out_dir": args.out, "base_url": args.base_url,
               "site_url": args.site_url, "browser_assets": not args.pages_only}
    started = time.perf_counter()
    try:
        if args.command == "serve":
            serving.serve(port=args.port, **options)
            return 0
        files = build(**options)
    except AuthorErrors as errors:
        print(errors, file=sys.stderr)
        print(f"build failed: {len(errors.problems)} error(s); nothing written", file=sys.stderr)
        return 2
    except (TargetRefused, ContentRefused, BrowserAssetsError, SearchIndexError,
            serving.ServeRefused) as refused:
        return _refused(refused)
    except OSError as error:   # the disk, not the content: a full disk, a read-only folder…
        return _refused(f"cannot write the site into {args.out}: {error.strerror or error}")
    print(f"built {len(files)} files into {args.out} in {time.perf_counter() - started:.2f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
