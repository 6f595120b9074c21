"""What the terminal tests share: a command run with its standard error on a pseudo-terminal, as a person at a
terminal sees it (status lines, progress), read to the end."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def on_a_terminal(*words: str) -> tuple[int, str, str]:
    """Run a puzzleplan command with its standard error on a pseudo-terminal: the exit status, what the
    terminal showed and the standard output."""
    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "puzzleplan", *words], cwd=ROOT, stdout=subprocess.PIPE, stderr=follower, text=True
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    return result.returncode, shown.decode(), result.stdout
