"""What every command line of the project prints for a mistake: one `error: …` line, nothing else."""

from __future__ import annotations


def assert_one_error_line(code, out, err, *words):
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1 and err.endswith("\n"), err
    for word in words:
        assert word in err, (word, err)
