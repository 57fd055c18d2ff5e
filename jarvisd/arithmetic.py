"""Arithmetic asked aloud: "what's 15 times 23", "what is 20 percent of 80", "100 divided by 7", "square root of
144", "3 squared", "15 곱하기 23은?". Pure: the spoken answer, or None when the words are not a sum.

Before (the forty-fifth session) these went to the chat model, and on the offline default SmolLM2-135M answered
"what's 15 times 23" with "15 * 23 = 315" and "what's the square root of 144" with "approximately 14.4": a wrong
number said with confidence is worse than none. The words are read into a small expression of numbers and the four
operations (plus percent, powers and square roots), evaluated exactly with `fractions.Fraction` where it can be, and
the answer said in one sentence. Only a whole utterance that is a sum counts ("what's 2 plus 2"), never a sum inside
other words ("remind me to buy 2 plus 2 bags").
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from jarvisd.openloop.hangul import closed
from jarvisd.textsafe import plain_words

_LEAD = re.compile(r"^(?:(?:hey\s+)?jarvis[\s,]+)?(?:(?:so|and|but|ok|okay|um|uh|quick\s+question)[\s,]+)?"
                   r"(?:(?:can|could)\s+you\s+(?:tell\s+me|work\s+out|calculate)\s+|(?:please\s+)?(?:calculate|compute|"
                   r"work\s+out)\s+|what(?:'s|s|\s+is|\s+are|\s+does|\?)?\s+|was\s+|how\s+much\s+is\s+|tell\s+me\s+)?")
# ("was 15 times 23": Whisper's hearing of "What's 15 times 23?", daemon run 63; "What 7 times 8?", run 67; "What? 12
# times 7?", run 72: SmolLM2 then said "12 x 7 = 72")
_TAIL = re.compile(r"(?:\s+(?:equal|equals|make|come\s+to))?\s*[?.!=]*$")
_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                 "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
                 "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
                 "thousand": 1000, "a": 1, "half": Fraction(1, 2)}
_NUM = r"\d+(?:[.,]\d+)*"
# words for an operator, longest first; each maps to the operator the evaluator reads
_OPERATORS = [
    (r"to\s+the\s+power\s+of|\^|\*\*", "**"),
    (r"multiplied\s+by|times|x|\*|×|곱하기", "*"), (r"divided\s+by|over|/|÷|나누기", "/"),
    (r"plus|\+|and|더하기", "+"), (r"minus|less|-|−|빼기", "-"),
]
# superscript and subscript digits and signs, which NFKC makes plain digits glued to the number before them
_SCRIPT_DIGITS = re.compile("[\u2070\u00b9\u00b2\u00b3\u2074-\u208e]")
_SUPERSCRIPTS = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "0123456789")
_SUPERSCRIPT_POWER = re.compile("(?<=[0-9])[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+(?![\u2070-\u208e])")   # "2²", "2⁶⁴"
_MAX_DIGITS = 30   # an answer longer than this is said as too large, not read out for minutes
_KO_Q = re.compile(r"(?:은|는|이|가)?\s*(?:얼마(?:야|예요|에요|지|죠|인가요)?|뭐(?:야|예요)?|몇이야|\?)*\s*$")


def answer(text: str) -> str | None:
    """"15 times 23 is 345." / "15 곱하기 23은 345예요." for a sum asked, else None."""
    # a phone's apostrophe ("what’s 2 plus 2?", pass 46's low: not read as a sum) is the rules' "'"
    if _SCRIPT_DIGITS.search(text):   # before NFKC, which reads "2²" as 22 ("2² times 3 is 66", pass 53b)
        text = _SUPERSCRIPT_POWER.sub(lambda m: " ^ " + m[0].translate(_SUPERSCRIPTS), text)
        if _SCRIPT_DIGITS.search(text):   # "10⁻²", "2₂": no sum this reader says right, so none
            return None
    said = " ".join(plain_words(text).replace("\u2019", "'").casefold().split())
    korean = bool(re.search(r"[가-힣]", said))
    said = _KO_Q.sub("", said) if korean else _TAIL.sub("", _LEAD.sub("", said, count=1))
    # Whisper base's "the square root on 144" (daemon run 70: SmolLM2 then said "The square root of 144 is 24.")
    said = re.sub(r"\bsquare\s+root\s+(?:on|in)\b", "square root of", said)
    said = said.strip(" ,")
    if not said or len(said) > 120 or not re.search(r"\d|\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", said):
        return None
    try:
        value = _evaluate(said)
    except (ZeroDivisionError, _DivisionByZero):
        return "0으로는 나눌 수 없어요." if korean else "You can't divide by zero."
    except _TooLarge:
        return "너무 큰 수라서 말로 읽을 수 없어요." if korean else "That number is too large to say."
    except (ValueError, OverflowError, ArithmeticError):
        return None
    if value is None:
        return None
    try:
        spoken = _spoken(value)
    except OverflowError:   # 1000000 ** 64 / 7: a Fraction too large for a float (pass 46: the turn failed)
        spoken = None
    if spoken is None:
        return "너무 큰 수라서 말로 읽을 수 없어요." if korean else "That number is too large to say."
    if korean:
        return f"{_echo(said, korean)} {spoken}{'이에요' if closed(spoken) else '예요'}."
    return f"{_echo(said, korean)} is {spoken}."


class _DivisionByZero(ArithmeticError):
    pass


class _TooLarge(ArithmeticError):
    pass


def _echo(said: str, korean: bool) -> str:
    """The sum as asked, capitalised: "15 times 23", "The square root of 144"."""
    if not korean:   # said as words: piper reads "15 x 23" as "fifteen x twenty-three"
        said = re.sub(r"\s*(?:\^|\*\*)\s*", " to the power of ", said)
        said = re.sub(r"\s*(?:\*|×|(?<![a-z])x(?![a-z]))\s*", " times ", said)
        said = re.sub(r"\s*(?:/|÷)\s*", " divided by ", said)
    said = said[:1].upper() + said[1:]
    return said + (("은" if closed(said) else "는") if korean else "")


def _evaluate(said: str) -> Fraction | float | None:
    """The value of the sum `said` reads, or None when it is not one."""
    # "a 20 percent tip on 45 dollars" (the forty-seventh session: SmolLM2 said "0.2 * 45 = 10.25 dollars")
    m = re.fullmatch(rf"(?:an?\s+)?(?P<p>{_NUM}|\w+)\s*(?:percent|per\s+cent|%)\s+(?:tip|discount|tax)\s+(?:on|for|of)\s+"
                     rf"(?:an?\s+)?\$?(?P<x>{_NUM})(?:\s*(?:dollars?|bucks|euros?|pounds|won|\$))?(?:\s+(?:bill|meal|check|tab))?",
                     said) or \
        re.fullmatch(rf"(?P<p>{_NUM}|\w+)\s*(?:percent|per\s+cent|%|퍼센트)\s+of\s+(?P<x>{_NUM}|\w+)", said) or \
        re.fullmatch(rf"(?P<x>{_NUM})\s*의\s*(?P<p>{_NUM})\s*(?:퍼센트|%)", said)
    if m:
        return _number(m["p"]) * _number(m["x"]) / 100
    m = re.fullmatch(rf"(?:the\s+)?square\s+root\s+of\s+(?P<x>{_NUM}|\w+)", said) or \
        re.fullmatch(rf"(?P<x>{_NUM})\s*의\s*제곱근", said)
    if m:
        x = _number(m["x"])
        if x < 0:
            raise ValueError("no real root")
        root = math.isqrt(int(x)) if x.denominator == 1 else None
        return Fraction(root) if root is not None and root * root == x else math.sqrt(x)
    m = re.fullmatch(rf"(?P<x>{_NUM}|\w+)\s+(?P<k>squared|cubed)", said)
    if m:
        return _number(m["x"]) ** (2 if m["k"] == "squared" else 3)
    return _chain(said)


def _chain(said: str) -> Fraction | float | None:
    """"15 times 23", "2 plus 3 times 4" (times before plus, as written), "10 minus 3 minus 2": numbers joined by
    operators, nothing else."""
    words = "|".join(f"(?<![a-z])(?:{w})(?![a-z])" for w, _ in _OPERATORS)   # "x", not the x of "six"
    parts = re.split(rf"\s*({words})\s*", said)
    if len(parts) < 3 or len(parts) % 2 == 0 or all(op.strip() == "and" for op in parts[1::2]):
        return None   # a number alone, or "3 and 4": no sum
    values: list[Fraction | float] = [_number(part) for part in parts[0::2]]
    ops = [next(op for w, op in _OPERATORS if re.fullmatch(w, part.strip())) for part in parts[1::2]]
    for group in (("**",), ("*", "/"), ("+", "-")):   # powers, then * and /, then + and -
        i = 0
        while i < len(ops):
            if ops[i] not in group:
                i += 1
                continue
            a, b = values[i], values[i + 1]
            if ops[i] == "/" and b == 0:
                raise _DivisionByZero
            if ops[i] == "**" and (abs(b) > 64 or abs(a) > 10**6):
                raise _TooLarge
            values[i:i + 2] = [_apply(ops[i], a, b)]
            del ops[i]
    return values[0]


_EXACT_BITS = 4096   # an exact power past this many bits is worked out in floats (see `_apply`)


def _apply(op: str, a: Fraction | float, b: Fraction | float) -> Fraction | float:
    if op == "**":
        if isinstance(a, Fraction) and max(a.numerator.bit_length(), a.denominator.bit_length()) * abs(b) > _EXACT_BITS:
            # "1.0000001 ^ 64 ^ 64 ^ 64 ^ 64" exactly is a fraction of millions of digits: minutes of the event loop
            # (the whole daemon) for an answer said to four decimals (pass 53b); a float says the same
            try:
                return float(a) ** float(b)
            except OverflowError:
                raise _TooLarge from None
        return a ** b
    return a * b if op == "*" else a / b if op == "/" else a + b if op == "+" else a - b


def _number(word: str) -> Fraction:
    """"15", "1,000", "2.5", "twenty", "a"."""
    word = word.strip()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", word):
        word = word.replace(",", "")
    if re.fullmatch(r"\d+(?:\.\d+)?", word):
        return Fraction(word)
    if word in _NUMBER_WORDS:
        return Fraction(_NUMBER_WORDS[word])
    tens, _, unit = word.replace("-", " ").partition(" ")   # "twenty three", "forty-five"
    if 20 <= _NUMBER_WORDS.get(tens, 0) <= 90 and 1 <= _NUMBER_WORDS.get(unit, 0) <= 9 and unit != "a":
        return Fraction(_NUMBER_WORDS[tens] + _NUMBER_WORDS[unit])
    raise ValueError(f"not a number: {word!r}")


def _spoken(value: Fraction | float) -> str | None:
    """345, 14.2857 (four decimals at most), -3, 0.5; None when too long to say."""
    if isinstance(value, Fraction) and value.denominator == 1:
        text = str(value.numerator)
    else:
        number = float(value)
        if math.isinf(number) or math.isnan(number):
            return None
        if 0 < abs(number) < 0.0001:   # 1e-20 is not "0": said as a power of ten
            mantissa, exponent = f"{number:.3e}".split("e")
            return f"{mantissa.rstrip('0').rstrip('.')} times 10 to the power of {int(exponent)}"
        text = f"{number:.4f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if abs(number) >= 1e15:
            text = f"{number:.0f}"
    if len(text.lstrip("-")) > _MAX_DIGITS:
        return None
    if "." not in text and len(text.lstrip("-")) > 4:
        text = f"{int(text):,}"
    return text


def spoken_number(value: float) -> str:
    """A number as said back: "5", "2.5", "0.25" (no trailing zeros)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")
