"""Renders what `vaultlint check` prints, in colour, on a fixture, as an SVG
for the README and the book: `python3 docs/check_svg.py BINARY >
docs/src/images/check.svg`. tests/generated.rs runs it and fails when the
committed picture is not what today's binary prints."""

import os
import re
import subprocess
import sys
from xml.sax.saxutils import escape

# `--color always` stands for a terminal and `--no-cache` leaves the fixture
# as it was: neither is shown.
ARGS = ["check", "fixtures/handbook/internal/it", "--as-of", "2026-06-01", "--color", "always", "--no-cache"]
HIDDEN = ("--color", "always", "--no-cache")
COLOURS = {"31": "#f47067", "33": "#e0b050", "35": "#dc8ee6", "36": "#5cc8d8", "39": None}
FOREGROUND, BACKGROUND = "#d8dee4", "#1f2428"
CHAR, LINE, PAD = 8.6, 18, 14


def spans(line):
    """The line's runs of text, each with the style its SGR codes set."""
    style = {}
    for i, part in enumerate(re.split(r"\x1b\[([0-9;]*)m", line)):
        if i % 2 == 0:
            if part:
                yield part, dict(style)
            continue
        for code in (part or "0").split(";"):
            if code == "0":
                style = {}
            elif code == "1":
                style["bold"] = True
            elif code == "2":
                style["dim"] = True
            elif code == "4":
                style["underline"] = True
            elif code in COLOURS:
                style["fill"] = COLOURS[code]


def tspan(text, style):
    attributes = ""
    if style.get("fill"):
        attributes += f' fill="{style["fill"]}"'
    if style.get("bold"):
        attributes += ' font-weight="bold"'
    if style.get("dim"):
        attributes += ' fill-opacity="0.6"'
    if style.get("underline"):
        attributes += ' text-decoration="underline"'
    return f"<tspan{attributes}>{escape(text)}</tspan>" if attributes else escape(text)


def main():
    env = dict(os.environ, COLUMNS="80")
    env.pop("NO_COLOR", None)
    out = subprocess.run([sys.argv[1], *ARGS], capture_output=True, text=True, env=env).stdout
    shown = [arg for arg in ARGS if arg not in HIDDEN]
    lines = ["\x1b[2m$\x1b[0m vaultlint " + " ".join(shown), ""] + out.rstrip("\n").split("\n")
    columns = max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in lines)
    width, height = round(columns * CHAR + 2 * PAD), len(lines) * LINE + 2 * PAD
    print(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">')
    print(f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>')
    print(f'<g font-family="ui-monospace, Menlo, Consolas, monospace" font-size="14" fill="{FOREGROUND}" xml:space="preserve">')
    for n, line in enumerate(lines):
        text = "".join(tspan(part, style) for part, style in spans(line))
        print(f'<text x="{PAD}" y="{PAD + (n + 1) * LINE - 5}">{text}</text>')
    print("</g>\n</svg>")


if __name__ == "__main__":
    main()
