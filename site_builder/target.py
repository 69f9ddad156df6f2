"""Where a build may write: never over sources, the project, or a folder it did not make.

A build replaces its output folder entirely (`assets.write_site` swaps a fresh tree in), so a
wrong `--out` (`.`, `content`, a home folder) would delete what it points at. A build leaves a
marker file in every output; an existing, non-empty folder without it is not ours to replace.
"""

from __future__ import annotations

from pathlib import Path

MARKER = ".six-qui-prend-build"
MARKER_TEXT = ("Built by `python -m site_builder build`: the next build replaces this whole folder.\n"
               "Do not keep anything else here.\n")


class TargetRefused(Exception):
    """The output folder is not safe to replace; the message is one English line."""


def check_target(out_dir: Path, *, content_dir: Path, root: Path) -> None:
    """Raise TargetRefused unless `out_dir` is new, empty, or an earlier build of this builder."""
    out = Path(out_dir).resolve()
    guarded = (("the current directory", Path.cwd().resolve()), ("the project root", root.resolve()),
               ("the content folder", Path(content_dir).resolve()))
    # An exact match names the folder typed; otherwise the most important folder it holds.
    # (the folder typed: « . » is the current directory even when it is also the project root)
    exact = [g for g in guarded if out == g[1]]
    by_match = exact[:1] + [g for g in guarded if g[0] != "the current directory"] + [guarded[0]]
    for name, folder in by_match:
        if out == folder or folder.is_relative_to(out):
            what = "is" if out == folder else "contains"
            raise TargetRefused(f"refusing to build into {out_dir}: it {what} {name} ({folder}), which "
                                f"the build would delete; choose another --out folder")
        if name == "the content folder" and out.is_relative_to(folder):
            raise TargetRefused(f"refusing to build into {out_dir}: it is inside the content folder "
                                f"({folder}); choose another --out folder")
    if not out.exists():
        for parent in out.parents:   # `notes.txt/site`: the folder could never be made
            if parent.exists():
                if not parent.is_dir():
                    raise TargetRefused(f"refusing to build into {out_dir}: {parent} is a file, "
                                        f"not a folder")
                break
        return
    if not out.is_dir():
        raise TargetRefused(f"refusing to build into {out_dir}: it is a file, not a folder")
    if (out / MARKER).is_file() or not any(out.iterdir()):
        return
    raise TargetRefused(f"refusing to build into {out_dir}: it is not empty and holds no earlier build "
                        f"(no {MARKER} file); empty it or choose another --out folder")
