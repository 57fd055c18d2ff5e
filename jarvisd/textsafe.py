"""One rule for text that comes from outside: it is valid Unicode that encodes as UTF-8.

A lone surrogate (U+D800..U+DFFF on its own: a browser's `JSON.stringify` of a bad paste sends
`"\\ud800"`, a decoder run with `surrogateescape` leaves `\\udc80`) is a Python `str` that cannot be
written as UTF-8: it cut every open event stream, failed recall and the LanceDB write. Every edge
where text enters - the HUD's JSON bodies, speech to text, model output - passes it through
`valid_text`, which replaces each lone surrogate with U+FFFD (the replacement character), and
composes the text (Unicode NFC): Korean pasted from a file name or a Mac comes decomposed (NFD, one
jamo per character), which no promise rule, time word or keyword matched, so "내일 오후 4시까지
계약서 보내야 해" in NFD was answered by the model and never reached the agenda.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# The longest text one turn takes, in characters (the HUD refuses more with a 413, `jarvisd chat` asks for parts, and
# the agenda's readers know a turn of exactly this length may have been cut by a client: `openloop.cut_end`)
MAX_TURN_CHARS = 4000

_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def valid_text(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD, composed (NFC); the same object when it is
    already both."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = _SURROGATE.sub(REPLACEMENT, text)
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


# C0 controls but tab and line end, DEL and C1: a model's NUL, BEL or ESC (an ANSI escape that clears the user's
# terminal, "\x1b[2J") is no text to show or say. Dropping ESC alone disarms a sequence split over stream pieces.
_CONTROLS = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)], None)


# A terminal's escape sequences whole: CSI (ESC [ or U+009B, parameters, intermediates, a final byte: colours, cursor
# moves, "clear the screen"), OSC (ESC ], up to BEL or ST: a window title, a hyperlink), DCS/SOS/PM/APC (ESC P, X, ^, _
# up to ST), and the two-character ones (ESC and one byte). Dropping the ESC alone kept their printable tail: a model's
# "\x1b[31mred\x1b[0m" was shown and kept as "[31mred[0m", "\x1b]0;pwned\x07" as "]0;pwned" (pass 61a's low).
_ESCAPE_SEQUENCE = re.compile("\x1b\\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]"
                              "|\x1b\\][^\x07\x1b\x9c]*(?:\x07|\x1b\\\\|\x9c)"
                              "|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\\\|\x9c)|\x1b[ -/]*(?![\\[\\]PX^_])[0-~]")
# ... and the start of one not ended yet (a streamed answer cut inside it): held until its end comes
_OPEN_SEQUENCE = re.compile("(?:\x1b(?:\\[[0-?]*[ -/]*|\\][^\x07\x9c]*|[PX^_][^\x9c]*|[ -/]*)?"
                            "|\x9b[0-?]*[ -/]*)\\Z")
MAX_OPEN_SEQUENCE = 256   # a sequence that runs on past this is no terminal's: its ESC dropped, its text shown


def printable(text: str) -> str:
    """`text` without terminal escape sequences (whole: `_ESCAPE_SEQUENCE`) and control characters (a carriage return
    too: it would overwrite the terminal's line)."""
    if text.isprintable():
        return text
    if "\x1b" in text or "\x9b" in text:
        text = _ESCAPE_SEQUENCE.sub("", text)
    return text.translate(_CONTROLS)


class EscapeCut:
    """A streamed text's escape sequences dropped whole, one cut across two pieces too: `feed` each piece, it returns
    what can be shown; the start of a sequence not ended yet is held (at most `MAX_OPEN_SEQUENCE` characters), and
    one never ended is dropped with the stream (`end`)."""

    def __init__(self) -> None:
        self._held = ""

    def feed(self, piece: str) -> str:
        text = self._held + piece
        self._held = ""
        if "\x1b" not in text and "\x9b" not in text:
            return text
        text = _ESCAPE_SEQUENCE.sub("", text)
        for start in range(max(0, len(text) - MAX_OPEN_SEQUENCE), len(text)):
            if text[start] in "\x1b\x9b" and _OPEN_SEQUENCE.match(text, start):
                self._held = text[start:]
                return text[:start]
        return text

    def end(self) -> str:
        """The stream is over: a sequence it never ended is no text."""
        self._held = ""
        return ""


# A byte order mark and the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a paste's
# leftovers that reorder what a reader sees (pass 39: "/remember" kept them in the fact as typed)
_HIDDEN_ORDER = dict.fromkeys(map(ord, "\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"), None)


# Unicode tag characters (U+E0020-U+E007F) are invisible; only a flag's tag sequence after U+1F3F4 (England's
# 🏴󠁧󠁢󠁥󠁮󠁧󠁿) uses them (pass 41's low: "/remember" kept an invisible U+E0041 inside a fact)
_STRAY_TAGS = re.compile("(?<!\U0001F3F4)(?<![\U000E0020-\U000E007E])[\U000E0020-\U000E007F]+")


def answer_text(text: str) -> str:
    """A model's answer as said, shown and kept: `printable`, and no bidi embeddings, overrides or isolates (pass
    61a: a model's U+202E showed "capital" reversed in the HUD and was kept so in the turn's record). Per
    character, so a streamed answer cut anywhere reads the same."""
    return printable(text).translate(_HIDDEN_ORDER)


def fact_text(text: str) -> str:
    """A fact as stored: one line of words, tabs and line ends as spaces, no controls (a NUL), no BOM or bidi
    controls, no tag characters outside a flag. Joiners and direction marks stay: emoji sequences and some scripts
    need them."""
    text = printable(text.translate({0x09: " ", 0x0A: " ", 0x0D: " "})).translate(_HIDDEN_ORDER)
    return " ".join(_STRAY_TAGS.sub("", text).split())


def valid_json(value: Any) -> Any:
    """Every string of a decoded JSON value (keys too) through `valid_text`."""
    if isinstance(value, str):
        return valid_text(value)
    if isinstance(value, list):
        return [valid_json(v) for v in value]
    if isinstance(value, dict):
        return {valid_text(k) if isinstance(k, str) else k: valid_json(v) for k, v in value.items()}
    return value


# Marks that change nothing a reader sees in words: variation selectors (U+FE0E/U+FE0F after an emoji)
# and the keycap (U+20E3); a hyphen drawn otherwise (U+2010, U+2011) is the hyphen
_INVISIBLE_MARKS = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u20e3"), None) | {0x2010: "-", 0x2011: "-"} | \
    dict.fromkeys((0x0B, 0x0C, 0x85), "\n")   # VT, FF, NEL: line ends of other systems (pass 16: "…Friday\x85call Ana")


# Emoji (pictographs, dingbats, the heart and other symbols an emoji sequence joins; the skin tones are among them) and
# a zero-width joiner between two of them: one emoji drawn of several ("👨\u200d👩\u200d👧" is one family, "👩\u200d❤\ufe0f
# \u200d👨" a couple). That joiner is no paste's stray inside a word: it stays (lows68: "엄마한테 👨‍👩‍👧 전화하기" was kept
# and shown as three people, "👨👩👧"), and so does the emoji selector before it (`_INVISIBLE_MARKS` takes the others)
EMOJI = "\u00a9\u00ae\u203c\u2049\u2122\u2139\u2194-\u21aa\u231a-\u23ff\u24c2\u25aa-\u27bf\u2934\u2935\u2b05-\u2b55" \
    "\u3030\u303d\u3297\u3299\U0001f000-\U0001faff"
_EMOJI_JOINER = re.compile(f"(?<=[{EMOJI}\\ufe0f])\\u200d(?=[{EMOJI}])")
_LOOSE_SELECTOR = re.compile("\ufe0f(?!\u200d)")   # an emoji selector not before a joiner: off, as `_INVISIBLE_MARKS`
_KEEP_SELECTOR = {k: v for k, v in _INVISIBLE_MARKS.items() if k != 0xFE0F}


def without_format(text: str) -> str:
    """`text` in NFKC (fullwidth letters and digits, no-break spaces as their plain forms) without format
    characters (soft hyphen, zero-width space and joiner, direction marks, BOM): what an IME or a paste
    puts into a word where nobody sees it. A joiner between two emoji is one emoji's (`_EMOJI_JOINER`): kept."""
    text = unicodedata.normalize("NFKC", text)
    if "\u200d" not in text:
        return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    keep = {m.start() for m in _EMOJI_JOINER.finditer(text)}
    return "".join(ch for i, ch in enumerate(text) if i in keep or unicodedata.category(ch) != "Cf")


# Characters drawn as nothing that stand where a space would (pass 30: "call\u200bmom" glued the words, a
# leading U+3164 made no promise, one after "3pm" kept "3pmᅠ" in the words): the Hangul fillers, the braille
# blank and the zero-width space are spaces to the agenda's rules. The Mongolian vowel separator (U+180E) is not: a
# format character since Unicode 6.3 that stands inside a word (a Mongolian stem and its suffix), drawn as nothing,
# so it is nothing as the word joiner is (pass 56c: "call m\u180eom" was kept as "call m om", "I called mom" closed
# nothing, and "/remember my lo\u180ecker code" was denied to "what's my locker code?")
_BLANKS = dict.fromkeys(map(ord, "\u3164\u115f\u1160\uffa0\u2800\u200b"), " ")


# Marks drawn as nothing that are no format character (Cf) and so stayed inside words: the combining grapheme joiner,
# the variation selectors but the emoji ones (VS1-VS14, VS17-VS256) and the Mongolian ones (pass 56b: "call m\u034fom"
# was kept so, and "I called mom" closed nothing)
_IGNORABLE_MARKS = dict.fromkeys([0x034F, *range(0xFE00, 0xFE0E), 0x180B, 0x180C, 0x180D, 0x180F,
                                  *range(0xE0100, 0xE01F0)], None)
# A zero-width space between two Hangul letters (or CJK ones): Korean is written with spaces between words, Chinese and
# Japanese with none, so one drawn as nothing inside such a run is a paste's line-break hint, not a word break (pass
# 56b: "우\u200b유" was kept as "우 유", which "우유 샀어" did not close)
_ZWSP_IN_CJK = re.compile("(?<=[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff])\u200b+"
                          "(?=[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff])")


# Combining diacritics (U+0300-U+036F, U+1AB0-U+1AFF, U+1DC0-U+1DFF, U+20D0-U+20FF, U+FE20-U+FE2F) on a digit: no
# language writes one there, so it is a slip or a paste's stray ("at 1\u03010:30"); the digit is what was meant (pass
# 56c: "remind me to call Bob tomorrow at 1\u03010:30" was kept at 1 PM as "call Bob \u0301", "at 5\u0301pm" as
# "call Bob \u0301pm"). The keycap (U+20E3) is one of them; its emoji selector goes with `_INVISIBLE_MARKS`.
_MARKS_ON_DIGITS = re.compile("(?<=[0-9])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\ufe0e\ufe0f]+")

# Cyrillic and Greek letters drawn as a Latin letter (UTS #39's confusables that are one letter to one letter). A
# word holding Latin letters and only such look-alikes of the other script is one Latin word typed with a keyboard
# layout switched mid-word, or pasted so; a word of one script is left alone (pass 56c: "call m\u043em", shown "call
# mom", was not closed by "I called mom", "by Fr\u0456day" lost its due, "/remember my l\u043ecker code" was denied)
_LATIN_LOOKS = str.maketrans(
    "\u0430\u0441\u0435\u043e\u0440\u0445\u0443\u0455\u0456\u0458\u04bb\u0501\u051b\u051d\u0410\u0412\u0421\u0415\u041d\u0406"
    "\u0408\u041a\u041c\u041e\u0420\u0405\u0422\u0425\u04ae\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f"
    "\u03a1\u03a4\u03a5\u03a7\u03bf\u03bd",
    "aceopxysijhdqwABCEHIJKMOPSTXYABEZHIKMNOPTYXov")
_OTHER_SCRIPT = re.compile("[\u0370-\u03ff\u0400-\u052f]")
_WORD = re.compile(r"[^\W\d_]+")
_ASCII_LETTER = re.compile("[A-Za-z]")


def _latin_word(m: re.Match[str]) -> str:
    word = m.group()
    if not _OTHER_SCRIPT.search(word) or not _ASCII_LETTER.search(word):
        return word
    latin = word.translate(_LATIN_LOOKS)
    return word if _OTHER_SCRIPT.search(latin) else latin


def latin_looks(text: str) -> str:
    """`text` with each Latin word's Cyrillic or Greek look-alike letters Latin, one character for one (so a match's
    span in it is one in `text`); words of one script as they are."""
    return _WORD.sub(_latin_word, text) if _OTHER_SCRIPT.search(text) else text


def plain_words(text: str) -> str:
    """`without_format`, and emoji variation selectors and keycaps off, and invisible blanks as spaces, marks on digits
    off, a Latin word's Cyrillic or Greek look-alike letters Latin: the words the agenda's and memory's rules read
    ("pay the gas bill to\\u00admorrow at 6pm" is due tomorrow, "call mom at 5\\ufe0f\\u20e3pm" at 5 pm,
    "call\\u200bmom" is "call mom", "우\\u200b유" is "우유", "call m\\u034fom" "call mom", "m\\u043em" "mom")."""
    if "\u200b" in text:
        text = _ZWSP_IN_CJK.sub("", text)
    text = without_format(text.translate(_BLANKS)).translate(_IGNORABLE_MARKS)
    if _MARKS_ON_DIGITS.search(text):
        text = _MARKS_ON_DIGITS.sub("", text)
    # a run of blanks the rules read as spaces is one (`one_space`): 4,000 zero-width spaces or braille blanks in a HUD
    # turn became 4,000 spaces after the desk's `one_space` had run, and its readers held the GIL 1-3.7 s a pattern
    # (`/api/status` 2.2-2.8 s on the daemon, pass 57; the runs of tabs of pass 54c)
    if "\u200d" in text:   # an emoji selector inside a joined emoji is that emoji's ("❤\ufe0f" in a couple): kept
        return one_space(_LOOSE_SELECTOR.sub("", latin_looks(text)).translate(_KEEP_SELECTOR))
    return one_space(latin_looks(text).translate(_INVISIBLE_MARKS))


# Letters drawn as nothing although their category is a letter's or a symbol's: the Khmer inherent vowels and
# the musical null notehead (pass 35: "/remember \u17b4" answered "Remembered: \u17b4")
_DRAWN_AS_NOTHING = frozenset("\u17b4\u17b5\U0001d159")
# Categories of characters with no glyph of their own: marks on nothing, controls, separators, unassigned, private
_NO_GLYPH = frozenset(("Mn", "Me", "Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"))


def shown(text: str) -> str:
    """`text` as a reader sees it: `plain_words` without the characters `has_visible` counts as showing nothing (white
    space kept), so "my gym locker is \u200b" is "my gym locker is " and "\ud800" (U+FFFD) is ""."""
    return "".join(ch for ch in plain_words(text)
                   if ch.isspace() or (unicodedata.category(ch) not in _NO_GLYPH and ch not in _DRAWN_AS_NOTHING
                                       and ch != REPLACEMENT))


def has_visible(text: str) -> bool:
    """Does `text` show anything once `plain_words` took the invisible characters off? A lone combining mark,
    NULs, a grapheme joiner or a Khmer inherent vowel shows nothing: no fact anyone can read or forget by name.
    Nor does U+FFFD alone, what `valid_text` left of a lone surrogate (pass 39: "/remember \ud800" kept "�")."""
    return any(unicodedata.category(ch) not in _NO_GLYPH and ch not in _DRAWN_AS_NOTHING and ch != REPLACEMENT
               for ch in plain_words(text))


# What joins the character before it into one drawn character: marks (combining, enclosing, spacing), the emoji
# skin tones, variation selectors, tag characters (a flag's), and a character right after a zero-width joiner
_JOINS_BEFORE = frozenset(("Mn", "Me", "Mc"))


def _joins_before(text: str, i: int) -> bool:
    ch = text[i]
    return (unicodedata.category(ch) in _JOINS_BEFORE or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\ufe00" <= ch <= "\ufe0f" or "\U000e0020" <= ch <= "\U000e007f" or ch == "\u200d"
            or text[i - 1] == "\u200d")


def cut_whole(text: str, limit: int) -> str:
    """`text` cut to at most `limit` code points and "…" at a place between two drawn characters: never inside a
    joined emoji (a family, a flag, a skin tone), between a letter and its accent, or in a pair of regional
    indicators (lows72: the tray's label cut "👨‍👩‍👧" after its joiner and showed "👨‍…"). Whole when it fits."""
    if len(text) <= limit:
        return text
    cut = limit - 1
    while cut > 0 and _joins_before(text, cut):
        cut -= 1
    flags = 0   # regional indicators right before the cut: an odd count splits a flag
    while cut - flags > 0 and "\U0001f1e6" <= text[cut - flags - 1] <= "\U0001f1ff":
        flags += 1
    return text[:cut - flags % 2].rstrip() + "…"


_SPACE_RUN = re.compile(r"\s{2,}")
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def one_space(text: str) -> str:
    """Each run of white space as one space, or one line break when the run holds one. For the agenda's readers: their
    patterns try `\\s+` / `\\s*` from each character of a run, so a run of 4,000 tabs or spaces in a HUD turn (its
    cap) was read once per character by each of them: the desk's thread held the GIL 0.3-0.7 s a pattern and
    `/api/status` waited 2.5-3.3 s (pass 54c). No reader tells a run from one space."""
    return _SPACE_RUN.sub(lambda m: "\n" if _LINE_BREAKS.intersection(m.group()) else " ", text)


# Marks a name can hold unseen that no script needs inside a user's name: direction marks and embeddings, the
# zero-width space, the word joiner, the BOM, the soft hyphen (the joiners U+200C/U+200D are letters' business in
# Persian or Malayalam: allowed)
_UNSEEN_IN_NAMES = frozenset("\u00ad\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068"
                             "\u2069\ufeff")


def user_name_problem(name: str) -> str | None:
    """Why `name` cannot be a user's name as `general.user` and the agenda's owner file hold it, or None. One rule on
    both sides, so the two are compared as written (lows68: the owner file "me " or "\\u200fme" was read as another user
    than `general.user = "me"`, silently, and config took either): no white space before or after, no mark drawn as
    nothing (`_UNSEEN_IN_NAMES`), composed (NFC: "Mari\\u0301a" is "María" typed another way)."""
    if name != name.strip():
        return f"must not begin or end with white space (got {name!r}; write {name.strip()!r})"
    if (mark := next((ch for ch in name if ch in _UNSEEN_IN_NAMES), None)) is not None:
        fixed = "".join(ch for ch in name if ch not in _UNSEEN_IN_NAMES)
        return f"must not hold a mark drawn as nothing (U+{ord(mark):04X} in {name!r}; write {fixed!r})"
    if not unicodedata.is_normalized("NFC", name):
        return f"must be written composed (NFC): {ascii(name)} holds a letter and its accent apart; write " \
            f"{unicodedata.normalize('NFC', name)!r}"
    return None
