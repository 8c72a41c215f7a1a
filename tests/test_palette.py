"""The table's colours against WCAG 2.2 contrast (1.4.3 text 4.5:1, 1.4.11 graphics 3:1),
read from web/style.css and the rules pages: card values (--ink-c) 4.5:1 and colour symbols
(--fill) 3:1 on the card's paper, both ends of its gradient; the rules pages' coloured words
and the move log's numbers 4.5:1 on their paper.

Text on the felt and on gradients is measured in the browser (e2e/test_axe.py: axe-core,
and a pixel check where axe cannot decide)."""

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
STYLE = (WEB / "style.css").read_text()
CARD_WHITE = "#fffdf6"  # .card background: color-mix(fill 12%, #fffdf6) -> #f6efdf
CARD_BOTTOM = "#f6efdf"
PAPER = "#fbf6ea"  # dialogs, the log drawer, the rules pages
PAPER_DARK = "#efe5cf"  # the log drawer's lower end


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of #rrggbb.

    >>> round(luminance("#ffffff"), 3), round(luminance("#000000"), 3)
    (1.0, 0.0)
    """
    h = hex_colour.lstrip("#")
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio.

    >>> round(contrast("#777777", "#ffffff"), 2)
    4.48
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def mix(a: str, b: str, share_a: float) -> str:
    """color-mix(in srgb, a share_a, b)."""
    a, b = a.lstrip("#"), b.lstrip("#")
    return "#" + "".join(
        f"{round(int(a[i : i + 2], 16) * share_a + int(b[i : i + 2], 16) * (1 - share_a)):02x}"
        for i in (0, 2, 4)
    )


CLANS = dict(
    re.findall(r"\.c-([ROYGBP]) \{ (--fill: #[0-9a-f]{6}; --ink-c: #[0-9a-f]{6};) \}", STYLE)
)


def test_every_clan_colour_is_read():
    assert sorted(CLANS) == sorted("ROYGBP"), CLANS


@pytest.mark.parametrize("clan", "ROYGBP")
def test_card_values_and_symbols_stand_out_on_the_card(clan):
    fill, ink = re.findall(r"#[0-9a-f]{6}", CLANS[clan])
    top = mix(fill, CARD_WHITE, 0.12)  # the card's tinted top (style.css .card background)
    for paper in (top, CARD_BOTTOM):
        assert contrast(ink, paper) >= 4.5, f"{clan} value {ink} on {paper}"
        assert contrast(fill, paper) >= 3.0, f"{clan} symbol {fill} on {paper}"


@pytest.mark.parametrize("page", ["rules.html", "rules-de.html", "rules-fr.html"])
def test_coloured_words_on_the_rules_pages(page):
    text = (WEB / page).read_text()
    colours = dict(re.findall(r"\.([ROYGBP]) \{ color: (#[0-9a-f]{6}); \}", text))
    assert sorted(colours) == sorted("ROYGBP"), colours
    for clan, colour in colours.items():
        assert contrast(colour, PAPER) >= 4.5, f"{page}: {clan} {colour}"


def test_move_log_numbers_on_the_drawer():
    for seat in "01":
        rule = r'#log li\[data-seat="' + seat + r'"\]::before \{ color: (#[0-9a-f]{6})'
        colour = re.search(rule, STYLE).group(1)
        for paper in (PAPER, PAPER_DARK):
            assert contrast(colour, paper) >= 4.5, f"seat {seat}: {colour} on {paper}"
