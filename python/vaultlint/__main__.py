"""The ``vaultlint`` command of the Python package (and ``python -m
vaultlint``): the command line of the Rust binary, run in this process by
the compiled module, with the arguments and exit status passed through."""

from __future__ import annotations

import signal
import sys

from vaultlint._vaultlint import command_line


def main() -> int:
    """Runs the command line with ``sys.argv`` and returns its exit status."""
    # Python turns Ctrl-C into an exception it raises only between Python
    # instructions, which never come while the Rust run works: the default
    # action makes Ctrl-C end the run at once, as it ends the binary.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    return command_line(["vaultlint", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
